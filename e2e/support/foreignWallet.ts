import { createOfflineCore, stopWalletConnectCore } from '@airlock/devnet/wc-wallet'
import { WalletKit, type WalletKitTypes } from '@reown/walletkit'
import { buildApprovedNamespaces, getSdkError } from '@walletconnect/utils'
import { createWalletClient, http, isAddress, isHex, type Address, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

/**
 * Someone else's WalletConnect wallet, as a user would bring it: the real WalletKit with its own
 * project id and its own key, none of the devnet reference wallet's logic. It approves only the
 * requested chains it knows (the devnet ones), and refuses, as careful wallets do, any request on
 * a chain or account its session did not approve (4100, worded as @metamask/rpc-errors does).
 * Only the offline Core (no Verify, no telemetry: nothing outside loopback) is the devnet's.
 */
export interface ForeignWalletOptions {
  relayUrl: string
  projectId: string
  privateKey: Hex
  /** JSON-RPC url per eip155 chain id: the chains this wallet knows. */
  rpcUrls: Readonly<Record<number, string>>
}

/** One request as the wallet received and answered it. */
export interface ForeignRequest {
  method: string
  chainId: string
  /** The session's eip155 accounts when the request arrived (CAIP-10). */
  approvedAccounts: string[]
  /** 'ok', or the error code sent back. */
  answer: 'ok' | number
}

export interface ForeignWallet {
  readonly address: Address
  /** Chains and accounts of each session it approved, as approved. */
  readonly approvals: { chains: string[]; accounts: string[] }[]
  readonly requests: ForeignRequest[]
  pair(uri: string): Promise<void>
  stop(): Promise<void>
}

const METHODS = ['personal_sign', 'eth_sendTransaction']
const EVENTS = ['chainChanged', 'accountsChanged']
const UNAUTHORIZED = { code: 4100, message: 'The requested account and/or method has not been authorized by the user.' }

class WalletError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

/** Every chain a proposal names, in its required and optional namespaces. */
function proposedChains(params: WalletKitTypes.SessionProposal['params']): string[] {
  return [
    ...new Set(
      [params.requiredNamespaces, params.optionalNamespaces ?? {}].flatMap((namespaces) =>
        Object.entries(namespaces).flatMap(([key, ns]) => (key.includes(':') ? [key] : (ns.chains ?? []))),
      ),
    ),
  ]
}

const optionalBigInt = (value: unknown) => (isHex(value) ? BigInt(value) : undefined)

export async function createForeignWallet(options: ForeignWalletOptions): Promise<ForeignWallet> {
  const account = privateKeyToAccount(options.privateKey)
  const core = createOfflineCore({ relayUrl: options.relayUrl, projectId: options.projectId, name: 'foreign-wallet' })
  const walletKit = await WalletKit.init({
    core,
    metadata: {
      name: 'Foreign Wallet',
      description: 'A WalletKit wallet from elsewhere',
      url: 'https://foreign-wallet.example',
      icons: [],
    },
  })
  const approvals: ForeignWallet['approvals'] = []
  const requests: ForeignRequest[] = []

  walletKit.on('session_proposal', ({ id, params }) => {
    const chains = proposedChains(params).filter((chain) => /^eip155:\d+$/.test(chain) && options.rpcUrls[Number(chain.slice(7))])
    const answer =
      chains.length === 0
        ? walletKit.rejectSession({ id, reason: getSdkError('UNSUPPORTED_CHAINS') })
        : walletKit
            .approveSession({
              id,
              namespaces: buildApprovedNamespaces({
                proposal: params,
                supportedNamespaces: {
                  eip155: { chains, methods: METHODS, events: EVENTS, accounts: chains.map((chain) => `${chain}:${account.address}`) },
                },
              }),
            })
            .then((session) => {
              const ns = session.namespaces.eip155
              approvals.push({ chains: ns?.chains ?? [], accounts: ns?.accounts ?? [] })
            })
    answer.catch((error: unknown) => console.error('foreign wallet: answering a proposal failed', error))
  })

  /** The signature or hash, after checking the session approved this method, chain and account. */
  async function execute(topic: string, chainId: string, method: string, params: unknown[], approved: string[]): Promise<unknown> {
    const session = walletKit.getActiveSessions()[topic]
    const ns = session?.namespaces.eip155
    const from = method === 'personal_sign' ? params[1] : (params[0] as { from?: unknown } | undefined)?.from
    const authorized =
      ns !== undefined &&
      ns.methods.includes(method) &&
      typeof from === 'string' &&
      isAddress(from) &&
      approved.some((caip10) => caip10.toLowerCase() === `${chainId}:${from}`.toLowerCase())
    if (!authorized) throw new WalletError(UNAUTHORIZED.code, UNAUTHORIZED.message)
    if (method === 'personal_sign') {
      const message = params[0]
      if (typeof message !== 'string') throw new WalletError(-32602, 'personal_sign expects a message')
      // Hex is the bytes to sign; wallets take anything else as UTF-8 text.
      return account.signMessage({ message: isHex(message) ? { raw: message } : message })
    }
    const tx = params[0] as Record<string, unknown>
    const rpcUrl = options.rpcUrls[Number(chainId.slice(7))]!
    const client = createWalletClient({ account, transport: http(rpcUrl) })
    return client.sendTransaction({
      chain: null,
      to: isAddress(tx.to as string) ? (tx.to as Address) : null,
      value: optionalBigInt(tx.value),
      gas: optionalBigInt(tx.gas),
      ...(isHex(tx.data) ? { data: tx.data } : {}),
    })
  }

  walletKit.on('session_request', ({ id, topic, params }) => {
    const { chainId, request } = params
    const approved = walletKit.getActiveSessions()[topic]?.namespaces.eip155?.accounts ?? []
    const record: ForeignRequest = { method: request.method, chainId, approvedAccounts: [...approved], answer: 'ok' }
    requests.push(record)
    const args = Array.isArray(request.params) ? (request.params as unknown[]) : []
    execute(topic, chainId, request.method, args, approved)
      .then(
        (result) => ({ id, jsonrpc: '2.0', result }),
        (error: unknown) => {
          const code = error instanceof WalletError ? error.code : -32603
          record.answer = code
          return { id, jsonrpc: '2.0', error: { code, message: error instanceof Error ? error.message : String(error) } }
        },
      )
      .then((response) => walletKit.respondSessionRequest({ topic, response }))
      .catch((error: unknown) => console.error('foreign wallet: answering a request failed', error))
  })

  return {
    address: account.address,
    approvals,
    requests,
    pair: (uri) => walletKit.pair({ uri }),
    stop: () => stopWalletConnectCore(core),
  }
}
