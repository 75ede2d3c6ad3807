import { WalletKit, type WalletKitTypes } from '@reown/walletkit'
import type { SessionTypes } from '@walletconnect/types'
import { buildApprovedNamespaces, buildAuthObject, getSdkError, parseUri, populateAuthPayload } from '@walletconnect/utils'
import { getAddress, isAddress, toHex, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { devnetAccounts, devnetPrivateKeys } from '../accounts'
import { ERROR_MESSAGES, ProviderRpcError, rpcError } from '../wallet/errors'
import { DEVNET_WALLET_ICON } from '../wallet/icon'
import { createDevnetWallet, type DevnetWalletProvider } from '../wallet/provider'
import { createOfflineCore, stopWalletConnectCore } from './core'
import { AsyncQueue } from './queue'
import { referenceBitcoin } from './bip122'
import { referencePolkadot } from './polkadot'
import { referenceSolana } from './solana'
import type {
  ApproveOptions,
  DappInfo,
  ReferenceProposal,
  ReferenceRequest,
  ReferenceSession,
  ReferenceAuthentication,
  ReferenceWallet,
  ReferenceWalletEvent,
  ReferenceWalletMode,
  ReferenceWalletOptions,
} from './types'

/** What the wallet answers itself; anything else eth_* is forwarded to the chain by the devnet signer. */
export const REFERENCE_WALLET_METHODS = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'eth_accounts',
  'eth_requestAccounts',
  'eth_chainId',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
] as const
export const REFERENCE_WALLET_EVENTS = ['chainChanged', 'accountsChanged'] as const

const dappInfo = (metadata: Partial<DappInfo> | undefined): DappInfo => ({
  name: metadata?.name ?? '',
  url: metadata?.url ?? '',
  description: metadata?.description ?? '',
  icons: metadata?.icons ?? [],
})

function caipChain(chain: number | string): string {
  if (typeof chain === 'number') return `eip155:${chain}`
  if (/^eip155:\d+$/.test(chain)) return chain
  if (/^\d+$/.test(chain)) return `eip155:${chain}`
  throw new Error(`reference wallet: "${chain}" is not an eip155 chain`)
}

const chainNumber = (caip: string) => Number(caip.split(':')[1])

function parseHexChainId(value: unknown): number {
  if (typeof value !== 'string' || !/^0x[0-9a-f]+$/i.test(value))
    throw rpcError(-32602, `Invalid method parameters: expected a hex chainId, got ${JSON.stringify(value)}`)
  return Number(value)
}

/** Every chain named in a proposal's namespaces (keys such as "eip155:1" count). */
function requestedChains(params: WalletKitTypes.SessionProposal['params']): string[] {
  const chains = new Set<string>()
  for (const namespaces of [params.requiredNamespaces, params.optionalNamespaces ?? {}]) {
    for (const [key, ns] of Object.entries(namespaces)) {
      if (key.includes(':')) chains.add(key)
      for (const chain of ns.chains ?? []) chains.add(chain)
    }
  }
  return [...chains]
}

function requestedMethods(params: WalletKitTypes.SessionProposal['params']): string[] {
  const methods = new Set<string>()
  for (const namespaces of [params.requiredNamespaces, params.optionalNamespaces ?? {}])
    for (const ns of Object.values(namespaces)) for (const m of ns.methods ?? []) methods.add(m)
  return [...methods]
}

function toWireError(error: unknown): { code: number; message: string; data?: string } {
  if (error instanceof ProviderRpcError) {
    const { code, message, data } = error
    return { code, message, ...(data !== undefined ? { data: typeof data === 'string' ? data : JSON.stringify(data) } : {}) }
  }
  return { code: -32603, message: error instanceof Error ? error.message : String(error) }
}

export async function createReferenceWallet(options: ReferenceWalletOptions): Promise<ReferenceWallet> {
  const accountIndex = options.accountIndex ?? 0
  const defaultAccount = devnetAccounts[accountIndex]
  if (!defaultAccount) throw new RangeError(`reference wallet: no devnet account at index ${accountIndex}`)
  const keys = new Map<string, Hex>(devnetAccounts.map((a, i) => [a.address.toLowerCase(), devnetPrivateKeys[i]!]))
  const rpcUrls = new Map(Object.entries(options.rpcUrls).map(([id, url]) => [Number(id), url]))
  const solana = referenceSolana(options.solanaRpcUrls ?? {})
  const bitcoin = referenceBitcoin(options.bitcoinEsploraUrls ?? {})
  const polkadot = referencePolkadot(options.polkadotRpcUrls ?? {})
  /** The non-EVM families it serves, by WalletConnect namespace: each approves its chains and answers its methods. */
  const families = { solana, bip122: bitcoin, polkadot }
  const log = options.log ?? (() => {})
  let proposalMode: ReferenceWalletMode = options.proposalMode ?? options.mode ?? 'approve'
  let requestMode: ReferenceWalletMode = options.requestMode ?? options.mode ?? 'approve'

  const core = createOfflineCore({ relayUrl: options.relayUrl, projectId: options.projectId, name: 'airlock-reference-wallet' })
  const walletKit = await WalletKit.init({
    core,
    metadata: {
      name: 'Airlock Reference Wallet',
      description: 'WalletConnect wallet with the devnet keys',
      url: 'http://127.0.0.1',
      icons: [DEVNET_WALLET_ICON],
      ...options.metadata,
    },
    // The default queue hands out one request at a time and waits 1 s after each answer before
    // the next: requests go out at once instead (deduplicated below, as the queue would).
    signConfig: { disableRequestQueue: true },
  })

  const proposals = new Map<number, ReferenceProposal>()
  const requests = new Map<number, ReferenceRequest>()
  const proposalQueue = new AsyncQueue<ReferenceProposal>((p) => proposals.has(p.id))
  const requestQueue = new AsyncQueue<ReferenceRequest>((r) => requests.has(r.id))
  const currentChain = new Map<string, number>()
  const signers = new Map<string, DevnetWalletProvider>()
  const listeners = new Map<ReferenceWalletEvent, Set<(payload?: unknown) => void>>()
  let stopped = false

  function emit(event: ReferenceWalletEvent, payload?: unknown): void {
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        listener(payload)
      } catch (error) {
        log(`reference wallet: "${event}" listener threw: ${String(error)}`)
      }
    }
    if (event !== 'change') emit('change', payload)
  }

  function fail(what: string, error: unknown): void {
    log(`reference wallet: ${what} failed: ${error instanceof Error ? error.message : String(error)}`)
    emit('error', error)
  }

  /** One devnet signer per (account, chain), so concurrent requests on two chains never share chain state. */
  function signerFor(address: string, chainId: number): DevnetWalletProvider {
    const key = keys.get(address.toLowerCase())
    if (!key) throw rpcError(4100)
    const url = rpcUrls.get(chainId)
    if (!url) throw rpcError(4901, `The wallet has no RPC for chain ${chainId}.`)
    const id = `${address.toLowerCase()}@${chainId}`
    let signer = signers.get(id)
    if (!signer) {
      signer = createDevnetWallet({
        accounts: [key],
        chains: { [chainId]: url },
        defaultChainId: chainId,
        name: 'Airlock Reference Wallet',
        sitePermission: { load: () => true, save: () => {} },
      })
      signers.set(id, signer)
    }
    return signer
  }

  const activeSession = (topic: string): SessionTypes.Struct => {
    const session = walletKit.getActiveSessions()[topic]
    if (!session) throw rpcError(4900, `No session ${topic}.`)
    return session
  }

  const sessionAddresses = (session: SessionTypes.Struct): Address[] => [
    ...new Set((session.namespaces.eip155?.accounts ?? []).map((a) => getAddress(a.split(':')[2]!))),
  ]

  function summarize(session: SessionTypes.Struct): ReferenceSession {
    const namespaces = [
      session.namespaces.eip155,
      session.namespaces.solana,
      session.namespaces.bip122,
      session.namespaces.polkadot,
    ].filter((ns) => ns !== undefined)
    const chainsOf = (ns: SessionTypes.Namespace) => ns.chains ?? [...new Set(ns.accounts.map((a) => a.split(':').slice(0, 2).join(':')))]
    const eip155Chains = session.namespaces.eip155 ? chainsOf(session.namespaces.eip155) : []
    return {
      topic: session.topic,
      dapp: dappInfo(session.peer.metadata),
      chains: namespaces.flatMap(chainsOf),
      accounts: namespaces.flatMap((ns) => ns.accounts),
      methods: namespaces.flatMap((ns) => ns.methods),
      chainId: currentChain.get(session.topic) ?? (eip155Chains[0] ? chainNumber(eip155Chains[0]) : undefined),
      expiresAt: session.expiry * 1000,
    }
  }

  /** Adds a chain the wallet knows to a session's eip155 namespace (wallet_switch/addEthereumChain to an unapproved chain). */
  async function ensureChain(topic: string, chainId: number): Promise<void> {
    const session = activeSession(topic)
    const caip = `eip155:${chainId}`
    const ns = session.namespaces.eip155
    if (!ns) throw rpcError(4901, 'The session has no eip155 namespace.')
    if ((ns.chains ?? []).includes(caip)) return
    const accounts = sessionAddresses(session).map((a) => `${caip}:${a}`)
    const namespaces = {
      ...session.namespaces,
      eip155: { ...ns, chains: [...(ns.chains ?? []), caip], accounts: [...ns.accounts, ...accounts] },
    }
    await walletKit.updateSession({ topic, namespaces })
  }

  async function emitChainChanged(topic: string, chainId: number): Promise<void> {
    currentChain.set(topic, chainId)
    await walletKit.emitSessionEvent({ topic, event: { name: 'chainChanged', data: chainId }, chainId: `eip155:${chainId}` })
    emit('change')
  }

  /** Runs a request; `after` runs once the answer is sent. */
  async function execute(request: ReferenceRequest): Promise<{ result: unknown; after?: () => Promise<void> }> {
    const session = activeSession(request.topic)
    const family = Object.entries(families).find(([namespace]) => request.chainId.startsWith(`${namespace}:`))
    if (family) {
      const [namespace, served] = family
      if (!(session.namespaces[namespace]?.chains ?? []).includes(request.chainId)) throw rpcError(4901)
      return { result: await served.execute(request.chainId, request.method, request.params) }
    }
    const chainId = chainNumber(request.chainId)
    const addresses = sessionAddresses(session)
    const params = Array.isArray(request.params) ? (request.params as unknown[]) : []
    switch (request.method) {
      case 'eth_accounts':
      case 'eth_requestAccounts':
        return { result: addresses }
      case 'eth_chainId':
        return { result: toHex(chainId) }
      case 'wallet_switchEthereumChain': {
        const target = parseHexChainId((params[0] as { chainId?: unknown } | undefined)?.chainId)
        if (!rpcUrls.has(target))
          throw rpcError(4902, `Unrecognized chain ID "${toHex(target)}". Try adding the chain using wallet_addEthereumChain first.`)
        await ensureChain(request.topic, target)
        return { result: null, after: () => emitChainChanged(request.topic, target) }
      }
      case 'wallet_addEthereumChain': {
        const { chainId: hexId, rpcUrls: urls } = (params[0] ?? {}) as { chainId?: unknown; rpcUrls?: unknown }
        const target = parseHexChainId(hexId)
        const url = Array.isArray(urls) ? urls[0] : undefined
        if (typeof url !== 'string' || !/^https?:\/\//.test(url))
          throw rpcError(-32602, 'Invalid method parameters: rpcUrls must contain an http(s) url')
        if (!rpcUrls.has(target)) rpcUrls.set(target, url)
        await ensureChain(request.topic, target)
        // As MetaMask does: switch to the added chain.
        return { result: null, after: () => emitChainChanged(request.topic, target) }
      }
    }
    let address: unknown
    if (request.method === 'personal_sign') address = params[1]
    else if (request.method === 'eth_signTypedData_v4') address = params[0]
    else if (request.method === 'eth_sendTransaction') address = (params[0] as { from?: unknown } | undefined)?.from ?? addresses[0]
    else address = addresses[0]
    if (typeof address !== 'string' || !isAddress(address) || !addresses.some((a) => a.toLowerCase() === address.toLowerCase()))
      throw rpcError(4100)
    return { result: await signerFor(address, chainId).request({ method: request.method, params }) }
  }

  /** Removes a pending proposal or request (given itself or its id) from its queue. */
  const take = <T extends { id: number }>(pending: Map<number, T>, item: T | number, what: string): T => {
    const id = typeof item === 'number' ? item : item.id
    const found = pending.get(id)
    if (!found) throw new Error(`reference wallet: no pending ${what} ${id}`)
    pending.delete(id)
    return found
  }
  const takeProposal = (proposal: ReferenceProposal | number) => take(proposals, proposal, 'proposal')
  const takeRequest = (request: ReferenceRequest | number) => take(requests, request, 'request')

  async function approveProposal(proposal: ReferenceProposal, approveOptions: ApproveOptions = {}): Promise<ReferenceSession> {
    const chains = approveOptions.chains
      ? approveOptions.chains.map(caipChain)
      : proposal.requestedChains.filter((c) => c.startsWith('eip155:') && rpcUrls.has(chainNumber(c)))
    const others = Object.fromEntries(
      Object.entries(families).flatMap(([namespace, served]) => {
        const approved = served.namespace(proposal.requestedChains)
        return approved ? [[namespace, approved]] : []
      }),
    )
    if (chains.length === 0 && Object.keys(others).length === 0) {
      await walletKit.rejectSession({ id: proposal.id, reason: getSdkError('UNSUPPORTED_CHAINS') })
      throw new Error(
        `reference wallet: none of the requested chains (${proposal.requestedChains.join(', ') || 'none'}) is a devnet chain; rejected`,
      )
    }
    const addresses = (approveOptions.accounts ?? [defaultAccount!.address]).map((a) => getAddress(a))
    const eip155 = {
      chains,
      methods: [...REFERENCE_WALLET_METHODS],
      events: [...REFERENCE_WALLET_EVENTS],
      accounts: chains.flatMap((chain) => addresses.map((a) => `${chain}:${a}`)),
    }
    const supported = { ...(chains.length > 0 ? { eip155 } : {}), ...others }
    const requested = new Set(proposal.requestedChains)
    // Chains the dapp did not ask for are approved as given, like wallets that ignore the proposal.
    const namespaces = [...chains, ...Object.values(others).flatMap((ns) => ns.chains)].some((chain) => requested.has(chain))
      ? buildApprovedNamespaces({ proposal: proposal.raw.params, supportedNamespaces: supported })
      : supported
    const session = await walletKit.approveSession({ id: proposal.id, namespaces })
    const firstEip155 = namespaces.eip155?.chains?.[0] ?? chains[0]
    if (firstEip155) currentChain.set(session.topic, chainNumber(firstEip155))
    const summary = summarize(session)
    log(`reference wallet: session with ${summary.dapp.name || summary.dapp.url} on ${summary.chains.join(', ')}`)
    emit('session', summary)
    return summary
  }

  async function rejectProposal(proposal: ReferenceProposal): Promise<void> {
    await walletKit.rejectSession({ id: proposal.id, reason: getSdkError('USER_REJECTED') })
    emit('change')
  }

  async function answerRequest(request: ReferenceRequest): Promise<unknown> {
    let outcome: Awaited<ReturnType<typeof execute>>
    try {
      outcome = await execute(request)
    } catch (error) {
      await walletKit.respondSessionRequest({
        topic: request.topic,
        response: { id: request.id, jsonrpc: '2.0', error: toWireError(error) },
      })
      emit('change')
      throw error
    }
    await walletKit.respondSessionRequest({ topic: request.topic, response: { id: request.id, jsonrpc: '2.0', result: outcome.result } })
    await outcome.after?.()
    emit('change')
    return outcome.result
  }

  async function rejectRequest(request: ReferenceRequest): Promise<void> {
    await walletKit.respondSessionRequest({
      topic: request.topic,
      response: { id: request.id, jsonrpc: '2.0', error: { code: 4001, message: ERROR_MESSAGES[4001] } },
    })
    emit('change')
  }

  walletKit.on('session_proposal', (raw) => {
    const proposal: ReferenceProposal = {
      id: raw.id,
      pairingTopic: raw.params.pairingTopic,
      dapp: dappInfo(raw.params.proposer.metadata),
      requestedChains: requestedChains(raw.params),
      requestedMethods: requestedMethods(raw.params),
      expiresAt: (raw.params.expiryTimestamp ?? 0) * 1000,
      raw,
    }
    log(
      `reference wallet: proposal ${proposal.id} from ${proposal.dapp.name || proposal.dapp.url} (${proposal.requestedChains.join(', ')})`,
    )
    if (proposalMode === 'approve') approveProposal(proposal).catch((error) => fail(`approving proposal ${proposal.id}`, error))
    else if (proposalMode === 'reject') rejectProposal(proposal).catch((error) => fail(`rejecting proposal ${proposal.id}`, error))
    else {
      proposals.set(proposal.id, proposal)
      proposalQueue.push(proposal)
      emit('proposal', proposal)
    }
  })

  const seenRequests = new Set<number>()
  walletKit.on('session_request', (raw) => {
    // The relay delivers at least once.
    if (seenRequests.has(raw.id)) return
    seenRequests.add(raw.id)
    if (seenRequests.size > 1000) seenRequests.delete(seenRequests.values().next().value!)
    const session = walletKit.getActiveSessions()[raw.topic]
    const request: ReferenceRequest = {
      id: raw.id,
      topic: raw.topic,
      chainId: raw.params.chainId,
      method: raw.params.request.method,
      params: raw.params.request.params,
      dapp: dappInfo(session?.peer.metadata),
      raw,
    }
    log(`reference wallet: request ${request.id} ${request.method} on ${request.chainId}`)
    if (requestMode === 'approve') answerRequest(request).catch((error) => fail(`${request.method} ${request.id}`, error))
    else if (requestMode === 'reject') rejectRequest(request).catch((error) => fail(`rejecting ${request.method} ${request.id}`, error))
    else {
      requests.set(request.id, request)
      requestQueue.push(request)
      emit('request', request)
    }
  })

  /**
   * One-click auth (wc_sessionAuthenticate), only with `oneClickAuth`: the SIWE message of the
   * request (ReCap of this wallet's methods added, as WalletKit's populateAuthPayload writes it) is
   * signed with the account's key on the first requested chain it knows, and the session follows
   * from the CACAO. Without the option no listener is registered, so the dapp's fallback session
   * proposal is answered instead, as by a wallet without one-click support.
   */
  async function authenticate(raw: WalletKitTypes.SessionAuthenticate): Promise<void> {
    const { authPayload, requester } = raw.params
    const chains = authPayload.chains.filter((c) => c.startsWith('eip155:') && rpcUrls.has(chainNumber(c)))
    if (proposalMode === 'reject' || chains.length === 0) {
      await walletKit.rejectSessionAuthenticate({
        id: raw.id,
        reason: getSdkError(chains.length === 0 ? 'UNSUPPORTED_CHAINS' : 'USER_REJECTED'),
      })
      emit('change')
      return
    }
    const payload = populateAuthPayload({ authPayload, chains, methods: [...REFERENCE_WALLET_METHODS] })
    const iss = `${chains[0]}:${getAddress(defaultAccount!.address)}`
    const message = walletKit.formatAuthMessage({ request: payload, iss })
    const signature = await privateKeyToAccount(keys.get(defaultAccount!.address.toLowerCase())!).signMessage({ message })
    const auth = buildAuthObject(payload, { t: 'eip191', s: signature }, iss)
    const { session } = await walletKit.approveSessionAuthenticate({ id: raw.id, auths: [auth] })
    const authentication: ReferenceAuthentication = {
      id: raw.id,
      dapp: dappInfo(requester.metadata),
      chainId: chains[0]!,
      message,
      signature,
    }
    authentications.push(authentication)
    log(`reference wallet: authenticate ${raw.id} from ${authentication.dapp.name || authentication.dapp.url} on ${chains[0]}`)
    emit('authenticate', authentication)
    if (session) {
      currentChain.set(session.topic, chainNumber(chains[0]!))
      emit('session', summarize(session))
    }
  }
  const authentications: ReferenceAuthentication[] = []
  if (options.oneClickAuth)
    walletKit.on('session_authenticate', (raw) => {
      authenticate(raw).catch((error) => fail(`authenticate ${raw.id}`, error))
    })

  walletKit.on('session_delete', ({ topic }) => {
    currentChain.delete(topic)
    for (const [id, request] of requests) if (request.topic === topic) requests.delete(id)
    log(`reference wallet: session ${topic.slice(0, 8)}… deleted by the dapp`)
    emit('sessionDeleted', topic)
  })
  walletKit.on('proposal_expire', ({ id }) => {
    if (proposals.delete(id)) emit('change')
  })
  walletKit.on('session_request_expire', ({ id }) => {
    if (requests.delete(id)) emit('change')
  })

  const wallet: ReferenceWallet = {
    address: defaultAccount.address,
    solanaAddress: solana.address,
    bitcoinAddress: bitcoin.address,
    polkadotAddress: polkadot.address,
    walletKit,
    core,
    knownChains: () => [...rpcUrls.keys()],
    knownSolanaChains: () => solana.knownChains(),
    modes: () => ({ proposals: proposalMode, requests: requestMode }),
    authentications: () => [...authentications],
    setMode(mode, which = 'both') {
      if (!['approve', 'reject', 'manual'].includes(mode)) throw new Error(`reference wallet: unknown mode "${mode}"`)
      if (which !== 'requests') proposalMode = mode
      if (which !== 'proposals') requestMode = mode
      emit('change')
    },
    async pair(uri) {
      if (!uri.startsWith('wc:')) throw new Error('reference wallet: expected a wc: URI')
      const { version, relay, symKey, expiryTimestamp } = parseUri(uri)
      if (version !== 2 || !symKey) throw new Error('reference wallet: not a WalletConnect v2 pairing URI')
      // Only the Iridium relay protocol exists; anything else was made for a relay this wallet cannot reach.
      if (relay.protocol !== 'irn') throw new Error(`reference wallet: unknown relay protocol "${relay.protocol}"`)
      if (expiryTimestamp && expiryTimestamp * 1000 < Date.now()) throw new Error('reference wallet: the pairing URI has expired')
      await walletKit.pair({ uri })
    },
    nextProposal: ({ timeoutMs = 10_000 } = {}) => proposalQueue.next(timeoutMs, 'proposal'),
    pendingProposals: () => [...proposals.values()],
    approve: async (proposal, approveOptions) => approveProposal(takeProposal(proposal), approveOptions),
    reject: async (proposal) => rejectProposal(takeProposal(proposal)),
    nextRequest: ({ timeoutMs = 10_000 } = {}) => requestQueue.next(timeoutMs, 'request'),
    pendingRequests: () => [...requests.values()],
    approveRequest: async (request) => answerRequest(takeRequest(request)),
    rejectRequest: async (request) => rejectRequest(takeRequest(request)),
    sessions: () => Object.values(walletKit.getActiveSessions()).map(summarize),
    async switchChain(chainId, topic) {
      if (!rpcUrls.has(chainId)) throw new Error(`reference wallet: no rpc url for chain ${chainId}`)
      const topics = topic ? [topic] : Object.keys(walletKit.getActiveSessions())
      for (const t of topics) {
        await ensureChain(t, chainId)
        await emitChainChanged(t, chainId)
      }
    },
    async disconnect(topic) {
      const topics = topic ? [topic] : Object.keys(walletKit.getActiveSessions())
      for (const t of topics) {
        await walletKit.disconnectSession({ topic: t, reason: getSdkError('USER_DISCONNECTED') })
        currentChain.delete(t)
      }
      emit('change')
    },
    on(event, listener) {
      let set = listeners.get(event)
      if (!set) listeners.set(event, (set = new Set()))
      set.add(listener)
      return () => set.delete(listener)
    },
    async stop() {
      if (stopped) return
      stopped = true
      const error = new Error('reference wallet stopped')
      proposalQueue.close(error)
      requestQueue.close(error)
      listeners.clear()
      await stopWalletConnectCore(core)
    },
  }
  return wallet
}
