import { parseCaipNetworkId, parseChainId } from '@airlock/chains'
import { ProviderRpcError, RpcErrorCode, siwxSettingsOf, type Namespace } from '@airlock/protocol'
import { loadChainAdapter, servedNamespaces } from '../../chains/registry'
import type { ChainAdapter } from '../../chains/types'
import { withTimeout } from '../../core/async'
import type { WidgetContext } from '../../core/context'
import { networksAtom, optionsAtom } from '../../core/options/atoms'
import { networkContext } from '../networks'
import { isMobileAtom } from '../../core/platform'
import { connectionsAtom, type PresignedSignIn } from '../../core/session/atoms'
import { endSession, namespacesOf, updateConnection, type ConnectedNamespace } from '../../core/session/session'
import type { Connector } from '../types'
import { isPairingExpired, PAIRING_EXPIRY_MS, wcPairingAtom, type WcError } from './atoms'
import {
  loadWalletConnect,
  walletConnectLoaded,
  WALLET_CONNECT_CONNECTOR_ID,
  WALLET_CONNECT_NAME,
  type WalletConnectClient,
  type WalletConnectEvent,
} from './client'

/** A relay that gives no pairing URI in this long is treated as unreachable (SPEC RPC timeout). */
export const PAIRING_URI_TIMEOUT_MS = 10_000

/** How long a disconnect waits for the relay before the session is forgotten locally anyway. */
export const DISCONNECT_TIMEOUT_MS = 3000

export const WC_ERRORS = {
  relay: { title: 'Could not reach WalletConnect', detail: 'The connection to the relay failed. Check your network and retry.' },
  load: { title: 'Could not load WalletConnect', detail: 'Retry, or pick another wallet.' },
  declined: { title: 'Connection declined', detail: 'The connection was declined in the wallet.' },
  noAccounts: { title: 'No account on these networks', detail: 'The wallet approved no account on a network this app supports.' },
} satisfies Record<string, WcError>

/** SPEC section 4: on Telegram or iOS Safari an in-progress pairing is reused until it expires. */
export function reusesPairing(userAgent: string, isTelegram: boolean): boolean {
  if (isTelegram) return true
  return /iPhone|iPad|iPod/.test(userAgent) && /Safari/.test(userAgent) && !/CriOS|FxiOS|EdgiOS/.test(userAgent)
}

/**
 * The user leaves the pairing view (back, close). True when the pairing stays usable (Telegram,
 * iOS Safari, see reusesPairing); otherwise it is dropped and a late approval is ignored.
 */
export function keepPausedPairing(ctx: WidgetContext): boolean {
  if (reusesPairing(globalThis.navigator?.userAgent ?? '', false)) return true
  ctx.store.set(wcPairingAtom, {})
  return false
}

/** Remembers the deep link opened for this pairing (mobile), and opens it from the top window. */
export function openWalletLink(ctx: WidgetContext, href: string, target: '_blank' | '_self'): void {
  if (target === '_self') ctx.store.set(wcPairingAtom, { ...ctx.store.get(wcPairingAtom), linking: href })
  ctx.host.api?.openUrl({ url: href, target }).catch(() => {})
}

/** The families the dapp requested a network of, with their adapters. */
async function familiesOf(ctx: WidgetContext): Promise<ChainAdapter[]> {
  const requested = new Set(ctx.store.get(networksAtom).map((id) => parseCaipNetworkId(id)?.namespace))
  return Promise.all(
    servedNamespaces()
      .filter((namespace) => requested.has(namespace))
      .map(loadChainAdapter),
  )
}

/** Each family's accounts in a settled session; `preferred` is the network to keep per namespace (a reload's). */
function sessionAccounts(
  ctx: WidgetContext,
  families: readonly ChainAdapter[],
  session: { namespaces: Record<string, { accounts?: readonly string[] } | undefined> },
  preferred: (namespace: Namespace) => string | undefined = () => undefined,
): ConnectedNamespace[] {
  const requested = ctx.store.get(networksAtom)
  return families.flatMap(
    (adapter) =>
      adapter.walletConnect.accounts(session.namespaces[adapter.namespace]?.accounts ?? [], requested, preferred(adapter.namespace)) ?? [],
  )
}

/** Whether to ask for one-click auth (oneClick.ts): the dapp signs in with the API (the `siwx` option) and asks for eip155 networks alone. */
function oneClickWanted(ctx: WidgetContext, optionalNamespaces: Record<string, unknown>): boolean {
  const namespaces = Object.keys(optionalNamespaces)
  return siwxSettingsOf(ctx.store.get(optionsAtom)?.siwx) !== undefined && namespaces.length === 1 && namespaces[0] === 'eip155'
}

class WalletConnectFailure extends ProviderRpcError {
  constructor(readonly wcError: WcError) {
    super(RpcErrorCode.InternalError, wcError.title)
  }
}

/** The pairing view shows why (ConnectingWalletConnect); the connect action reports it. */
function fail(ctx: WidgetContext, error: WcError): WalletConnectFailure {
  ctx.store.set(wcPairingAtom, { ...ctx.store.get(wcPairingAtom), uri: undefined, expiry: undefined, error })
  return new WalletConnectFailure(error)
}

class RelayUnreachable extends Error {}
const abandoned = () => new ProviderRpcError(RpcErrorCode.UserRejected, 'The pairing was abandoned')

/** WalletConnect's USER_REJECTED family (5000-5003), or an EIP-1193 4001. */
function isRejection(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code
  if (code === 4001 || (typeof code === 'number' && code >= 5000 && code <= 5003)) return true
  return /reject/i.test((error as { message?: unknown })?.message as string)
}

function describeUnknown(error: unknown): WcError {
  const message = (error as { message?: unknown })?.message
  return { title: 'Connection failed', detail: typeof message === 'string' && message ? message : 'Something went wrong. Retry.' }
}

/**
 * Wallets answer over WalletConnect with JSON-RPC error objects. A rejection becomes EIP-1193's
 * 4001, except for wallet_switchEthereumChain, whose 5000 means "unknown chain" (SPEC section 8).
 */
function toProviderError(error: unknown, method: string): ProviderRpcError {
  const code = (error as { code?: unknown })?.code
  const raw = (error as { message?: unknown })?.message
  const message = typeof raw === 'string' && raw ? raw : 'The wallet returned an error'
  if (typeof code !== 'number') return new ProviderRpcError(RpcErrorCode.InternalError, message)
  if (method !== 'wallet_switchEthereumChain' && isRejection(error)) return new ProviderRpcError(RpcErrorCode.UserRejected, message)
  return new ProviderRpcError(code, message, (error as { data?: unknown }).data)
}

function bindEvents(ctx: WidgetContext, client: WalletConnectClient): void {
  client.onEvent = (event) => void handleWalletConnectEvent(ctx, event, client)
}

/**
 * The wallet's events, kept to what its session approved: an account or network outside the
 * session is ignored, so the dapp is never told of one its requests could not use.
 */
export async function handleWalletConnectEvent(ctx: WidgetContext, event: WalletConnectEvent, client: WalletConnectClient): Promise<void> {
  const ours = namespacesOf(ctx, WALLET_CONNECT_CONNECTOR_ID)
  if (ours.length === 0) return
  if (event.type === 'sessionDeleted') return endSession(ctx, ours)
  if (event.type !== 'sessionEvent' || typeof event.chainId !== 'string') return
  const namespace = parseCaipNetworkId(event.chainId)?.namespace
  const connection = namespace ? ctx.store.get(connectionsAtom)[namespace] : undefined
  const session = client.provider.session
  if (!namespace || !connection || connection.connectorId !== WALLET_CONNECT_CONNECTOR_ID || !session) return
  const adapter = await loadChainAdapter(namespace)
  const approved = session.namespaces[namespace]?.accounts ?? []
  const changed =
    event.name === 'accountsChanged'
      ? (Array.isArray(event.data) ? event.data : []).map((value) =>
          typeof value === 'string' ? value.slice(value.lastIndexOf(':') + 1) : '',
        )
      : adapter.walletConnect.addressesChanged?.(event.name, event.data)
  if (changed) {
    const addresses = changed.filter((address) => adapter.walletConnect.approves(approved, connection.caipNetworkId, address))
    if (addresses.length > 0) updateConnection(ctx, namespace, { addresses })
  } else if (event.name === 'chainChanged') {
    const reference = namespace === 'eip155' ? parseChainId(event.data) : typeof event.data === 'string' ? event.data : undefined
    if (reference === undefined) return
    const onChain = adapter.walletConnect.accounts(approved, [], `${namespace}:${reference}`)
    if (onChain?.caipNetworkId !== `${namespace}:${reference}`) return
    // Keep the account if the session has it on the new network, else the session's first there.
    const kept = onChain.addresses.some((a) => a.toLowerCase() === connection.addresses[0]!.toLowerCase())
    updateConnection(ctx, namespace, { caipNetworkId: onChain.caipNetworkId, ...(kept ? {} : { addresses: onChain.addresses }) })
  }
}

/** Ends the WalletConnect session on the phone too; with the relay down it is forgotten here anyway, and the failure reported. */
async function endWalletSession(client: WalletConnectClient): Promise<void> {
  if (!client.provider.session) return
  try {
    await withTimeout(client.provider.disconnect(), DISCONNECT_TIMEOUT_MS, () => new Error('the WalletConnect relay did not answer'))
  } catch (error) {
    const topic = client.provider.session?.topic
    if (topic) await client.provider.client.session.delete(topic, { code: 6000, message: 'User disconnected.' }).catch(() => {})
    client.provider.session = undefined
    throw error
  } finally {
    client.storage.flush()
  }
}

/**
 * WalletConnect (UniversalProvider, loaded on first use): one session with a namespace per family
 * the dapp requested, each optional (the proposal is rebuilt at each connect, with the RPC proxy as
 * every network's rpc). Requests go only to the accounts and networks the session approved.
 */
export const walletConnectConnector: Connector = {
  id: WALLET_CONNECT_CONNECTOR_ID,
  name: (ctx) => ctx.store.get(wcPairingAtom).wallet?.name ?? WALLET_CONNECT_NAME,
  namespaces: (ctx) => {
    const requested = new Set(ctx.store.get(networksAtom).map((id) => parseCaipNetworkId(id)?.namespace))
    return servedNamespaces().filter((namespace) => requested.has(namespace))
  },

  resume(ctx, { wallet }) {
    const pairing = ctx.store.get(wcPairingAtom)
    const reusable =
      pairing.uri &&
      !pairing.error &&
      pairing.attempt === ctx.session.attempt &&
      !isPairingExpired(pairing.expiry, Date.now()) &&
      reusesPairing(globalThis.navigator?.userAgent ?? '', false)
    if (!reusable) return false
    // The pairing started earlier is still waiting for the wallet: show it again.
    ctx.store.set(wcPairingAtom, { ...pairing, wallet })
    ctx.session.keepsAttemptOnLeave = () => keepPausedPairing(ctx)
    return true
  },

  async connect(ctx, { wallet, isCurrent, reachTimeoutMs = PAIRING_URI_TIMEOUT_MS }) {
    const attempt = ctx.session.attempt
    ctx.store.set(wcPairingAtom, { wallet, attempt })
    ctx.session.keepsAttemptOnLeave = () => keepPausedPairing(ctx)
    let client: WalletConnectClient
    let families: ChainAdapter[]
    try {
      ;[client, families] = await Promise.all([loadWalletConnect(ctx), familiesOf(ctx)])
    } catch {
      throw isCurrent() ? fail(ctx, WC_ERRORS.load) : abandoned()
    }
    if (!isCurrent()) throw abandoned()
    bindEvents(ctx, client)
    let uriTimer: ReturnType<typeof setTimeout> | undefined
    const uriMissing = new Promise<never>((_, reject) => {
      uriTimer = setTimeout(() => reject(new RelayUnreachable()), reachTimeoutMs)
    })
    client.onDisplayUri = (uri) => {
      clearTimeout(uriTimer)
      if (isCurrent()) ctx.store.set(wcPairingAtom, { wallet, attempt, uri, expiry: Date.now() + PAIRING_EXPIRY_MS })
    }
    const networks = networkContext(ctx)
    const optionalNamespaces = Object.fromEntries(
      families.flatMap((adapter) => {
        const proposal = adapter.walletConnect.proposal(networks)
        return proposal ? [[adapter.namespace, proposal]] : []
      }),
    )
    let session: Awaited<ReturnType<WalletConnectClient['provider']['connect']>>
    let signIn: PresignedSignIn | undefined
    try {
      // Only a dapp that signs in (and asks for eip155 alone) loads the one-click code.
      const oneClickModule = oneClickWanted(ctx, optionalNamespaces) ? await import('./oneClick') : undefined
      const oneClick = await oneClickModule?.oneClickAuth(ctx, optionalNamespaces)
      if (oneClickModule && oneClick) {
        // A wallet without one-click auth answers the fallback proposal instead (auths absent).
        const { data, nonce } = oneClick
        const eip155 = optionalNamespaces.eip155!
        const authenticated = client.provider.authenticate({
          chains: eip155.chains ?? [],
          methods: eip155.methods,
          domain: data.domain,
          uri: data.uri,
          nonce,
          ...(data.statement ? { statement: data.statement } : {}),
          ...(data.expirationTime ? { exp: data.expirationTime } : {}),
          ...(data.resources ? { resources: [...data.resources] } : {}),
          // Read by UniversalProvider as connect() reads it: the RPC proxy stays every network's rpc.
          ...{ optionalNamespaces },
        })
        const result = await Promise.race([authenticated, uriMissing])
        session = result.session
        signIn = result.auths?.length ? oneClickModule.presignedOf(client, result.auths, oneClick) : undefined
      } else session = await Promise.race([client.provider.connect({ optionalNamespaces }), uriMissing])
    } catch (thrown) {
      if (!isCurrent()) throw abandoned()
      // sign-client rejects a refused wc_sessionAuthenticate with the wallet's message alone.
      const error = typeof thrown === 'string' ? new Error(thrown) : thrown
      throw fail(
        ctx,
        error instanceof RelayUnreachable ? WC_ERRORS.relay : isRejection(error) ? WC_ERRORS.declined : describeUnknown(error),
      )
    } finally {
      clearTimeout(uriTimer)
    }
    if (!isCurrent()) {
      // An older pairing the wallet approved late: the user has moved on.
      if (session)
        void client.provider.client
          .disconnect({ topic: session.topic, reason: { code: 6000, message: 'User disconnected.' } })
          .catch(() => {})
      throw abandoned()
    }
    // The connection is on the network the wallet signed the sign-in on, which is what it signs in.
    const signedOn = signIn?.account.split(':').slice(0, 2).join(':')
    const accounts = session ? sessionAccounts(ctx, families, session, (namespace) => (namespace === 'eip155' ? signedOn : undefined)) : []
    if (!session || accounts.length === 0) {
      if (session) void client.provider.disconnect().catch(() => {})
      throw fail(ctx, WC_ERRORS.noAccounts)
    }
    for (const { caipNetworkId } of accounts) client.provider.setDefaultChain(caipNetworkId)
    const linking = ctx.store.get(wcPairingAtom).linking
    ctx.store.set(wcPairingAtom, {})
    const name = wallet?.name ?? WALLET_CONNECT_NAME
    return {
      accounts,
      name,
      method: linking ? 'mobile' : 'qrcode',
      recent: { ...(wallet ?? { id: WALLET_CONNECT_CONNECTOR_ID, name }), ...(linking ? { mobileLink: wallet?.mobileLink } : {}) },
      ...(signIn && accounts.some((a) => `${a.caipNetworkId}:${a.addresses[0]}`.toLowerCase() === signIn.account.toLowerCase())
        ? { signIn }
        : {}),
    }
  },

  /** A stored session is restored from storage; no wallet round trip is needed. */
  async reconnect(ctx, isCurrent) {
    const [client, families] = await Promise.all([loadWalletConnect(ctx), familiesOf(ctx)])
    if (!isCurrent()) return undefined
    bindEvents(ctx, client)
    const session = client.provider.session
    if (!session) return undefined
    const preferred = (namespace: Namespace) => {
      const chain = client.provider.rpcProviders[namespace]?.getDefaultChain?.()
      return typeof chain === 'string' ? (chain.includes(':') ? chain : `${namespace}:${chain}`) : undefined
    }
    const accounts = sessionAccounts(ctx, families, session, preferred)
    return accounts.length > 0 ? { accounts, name: session.peer.metadata.name || WALLET_CONNECT_NAME } : undefined
  },

  async request(ctx, { namespace, caipNetworkId, address, method, params }) {
    const loaded = walletConnectLoaded(ctx)
    const client = loaded && (await loaded)
    const session = client?.provider.session
    if (!client || !session) throw new ProviderRpcError(RpcErrorCode.Disconnected, 'WalletConnect is not connected')
    const adapter = await loadChainAdapter(namespace)
    if (!adapter.walletConnect.approves(session.namespaces[namespace]?.accounts ?? [], caipNetworkId, address))
      throw new ProviderRpcError(RpcErrorCode.Unauthorized, `The wallet's session does not include ${address} on ${caipNetworkId}`)
    if (ctx.store.get(isMobileAtom)) {
      const linking = ctx.store.get(wcPairingAtom).linking
      if (linking) ctx.host.api?.openUrl({ url: linking, target: '_self' }).catch(() => {})
    }
    const send = async (wcMethod: string, wcParams?: unknown) => {
      try {
        return await client.provider.request({ method: wcMethod, params: wcParams as unknown[] | object | undefined }, caipNetworkId)
      } catch (error) {
        throw toProviderError(error, wcMethod)
      }
    }
    const family = adapter.walletConnect
    return family.request ? family.request(send, { caipNetworkId, address, method, params }) : send(method, params)
  },

  async switchNetwork(ctx, namespace, caipNetworkId) {
    const connection = ctx.store.get(connectionsAtom)[namespace]
    if (!connection) throw new ProviderRpcError(RpcErrorCode.Disconnected, 'WalletConnect is not connected')
    const adapter = await loadChainAdapter(namespace)
    const send = (method: string, params?: unknown) =>
      walletConnectConnector.request(ctx, {
        namespace,
        caipNetworkId: connection.caipNetworkId,
        address: connection.addresses[0]!,
        method,
        params,
      })
    await adapter.switchNetwork(send, caipNetworkId, networkContext(ctx))
  },

  /**
   * One namespace of the session: forgotten here while another of its namespaces stays connected
   * (a wallet cannot be asked to drop one); the last one ends the session on the phone too.
   */
  async disconnect(ctx, namespaces) {
    const remaining = namespacesOf(ctx, WALLET_CONNECT_CONNECTOR_ID).filter((other) => !namespaces.includes(other))
    if (remaining.length > 0) return
    const loaded = walletConnectLoaded(ctx)
    if (loaded) await endWalletSession(await loaded)
  },
}
