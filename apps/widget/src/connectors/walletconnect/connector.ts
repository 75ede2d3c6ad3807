import { parseChainId } from '@airlock/chains'
import { EVM_ADDRESS, ProviderRpcError, RpcErrorCode } from '@airlock/protocol'
import { withTimeout } from '../../core/async'
import type { WidgetContext } from '../../core/context'
import {
  loadWalletConnect,
  walletConnectLoaded,
  WALLET_CONNECT_CONNECTOR_ID,
  WALLET_CONNECT_NAME,
  type WalletConnectClient,
  type WalletConnectEvent,
} from './client'
import { proposalNamespaces, sessionAccounts, sessionApproves, type SessionNamespaces } from './namespaces'
import { connectionAtom, DISCONNECTED } from '../../core/session/atoms'
import { networksAtom } from '../../core/options/atoms'
import { isPairingExpired, PAIRING_EXPIRY_MS, wcPairingAtom, type WcError } from './atoms'
import type { WalletEntry } from '../../core/session/walletEntry'
import { rememberRecentWallet } from '../../core/session/recentWallets'
import { track } from '../../core/events'
import { closeModal } from '../../core/modal/modal'
import { endSession, establishSession, setConnectedAccounts, setConnectedChain } from '../../core/session/session'
import { isMobileAtom } from '../../core/platform'

/** A relay that gives no pairing URI in this long is treated as unreachable (SPEC RPC timeout). */
export const PAIRING_URI_TIMEOUT_MS = 10_000

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
 * Starts a WalletConnect pairing for `wallet` (or the plain QR) and waits for the session. Every
 * attempt has an id: an approval arriving after a new URI, a cancel or a close is ignored.
 */
export async function connectWalletConnect(
  ctx: WidgetContext,
  wallet?: WalletEntry,
  { uriTimeoutMs = PAIRING_URI_TIMEOUT_MS }: { uriTimeoutMs?: number } = {},
): Promise<void> {
  const pairing = ctx.store.get(wcPairingAtom)
  const connectorName = wallet?.name ?? WALLET_CONNECT_NAME
  if (
    pairing.uri &&
    !pairing.error &&
    pairing.attempt === ctx.session.attempt &&
    !isPairingExpired(pairing.expiry, Date.now()) &&
    reusesPairing(globalThis.navigator?.userAgent ?? '', false)
  ) {
    // The pairing started earlier is still waiting for the wallet: show it again.
    ctx.store.set(wcPairingAtom, { ...pairing, wallet })
    ctx.store.set(connectionAtom, { status: 'connecting', connectorId: WALLET_CONNECT_CONNECTOR_ID, connectorName })
    ctx.session.keepsAttemptOnLeave = () => keepPausedPairing(ctx)
    return
  }
  if (ctx.store.get(connectionAtom).status === 'connected') endSession(ctx)
  const attempt = ++ctx.session.attempt
  const isCurrent = () => ctx.session.attempt === attempt
  ctx.store.set(wcPairingAtom, { wallet, attempt })
  ctx.store.set(connectionAtom, { status: 'connecting', connectorId: WALLET_CONNECT_CONNECTOR_ID, connectorName })
  ctx.session.keepsAttemptOnLeave = () => keepPausedPairing(ctx)

  let client: WalletConnectClient
  try {
    client = await loadWalletConnect(ctx)
  } catch {
    if (isCurrent()) fail(ctx, WC_ERRORS.load)
    return
  }
  if (!isCurrent()) return
  bindEvents(ctx, client)

  let uriTimer: ReturnType<typeof setTimeout> | undefined
  const uriMissing = new Promise<never>((_, reject) => {
    uriTimer = setTimeout(() => reject(new RelayUnreachable()), uriTimeoutMs)
  })
  client.onDisplayUri = (uri) => {
    clearTimeout(uriTimer)
    if (!isCurrent()) return
    ctx.store.set(wcPairingAtom, { wallet, attempt, uri, expiry: Date.now() + PAIRING_EXPIRY_MS })
  }
  const networks = ctx.store.get(networksAtom)
  try {
    const session = await Promise.race([
      client.provider.connect({ optionalNamespaces: proposalNamespaces(networks, (id) => ctx.api.rpcUrl(id)) }),
      uriMissing,
    ])
    clearTimeout(uriTimer)
    if (!isCurrent()) {
      // An older pairing the wallet approved late: the user has moved on.
      if (session)
        void client.provider.client
          .disconnect({ topic: session.topic, reason: { code: 6000, message: 'User disconnected.' } })
          .catch(() => {})
      return
    }
    const accounts = session ? sessionAccounts(session, networks) : undefined
    if (!session || !accounts) {
      if (session) void client.provider.disconnect().catch(() => {})
      fail(ctx, WC_ERRORS.noAccounts)
      return
    }
    const linking = ctx.store.get(wcPairingAtom).linking
    establishSession(ctx, {
      connector: { id: WALLET_CONNECT_CONNECTOR_ID, name: connectorName },
      accounts: accounts.accounts,
      chainId: accounts.chainId,
    })
    client.provider.setDefaultChain(`eip155:${accounts.chainId}`)
    rememberRecentWallet(ctx, {
      ...(wallet ?? { id: WALLET_CONNECT_CONNECTOR_ID, name: WALLET_CONNECT_NAME }),
      ...(linking ? { mobileLink: wallet?.mobileLink } : {}),
    })
    ctx.store.set(wcPairingAtom, {})
    track(ctx, 'CONNECT_SUCCESS', { method: linking ? 'mobile' : 'qrcode', name: connectorName })
    closeModal(ctx)
  } catch (error) {
    clearTimeout(uriTimer)
    if (!isCurrent()) return
    const wcError = error instanceof RelayUnreachable ? WC_ERRORS.relay : isRejection(error) ? WC_ERRORS.declined : describeUnknown(error)
    fail(ctx, wcError)
    track(ctx, 'CONNECT_ERROR', { message: wcError.title })
  }
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

/** Silently restores a stored WalletConnect session on load. */
export async function reconnectWalletConnect(ctx: WidgetContext, isCurrent: () => boolean): Promise<boolean> {
  const client = await loadWalletConnect(ctx)
  if (!isCurrent()) return false
  bindEvents(ctx, client)
  const session = client.provider.session
  const networks = ctx.store.get(networksAtom)
  const chain = session?.namespaces.eip155 ? parseChainId(client.provider.rpcProviders.eip155?.getDefaultChain?.()) : undefined
  const accounts = session ? sessionAccounts(session, networks, chain) : undefined
  if (!accounts) return false
  const name = session?.peer.metadata.name || WALLET_CONNECT_NAME
  establishSession(ctx, { connector: { id: WALLET_CONNECT_CONNECTOR_ID, name }, accounts: accounts.accounts, chainId: accounts.chainId })
  return true
}

/** A request of the dapp for the connected WalletConnect wallet, on the active chain. */
export async function walletConnectRequest(ctx: WidgetContext, method: string, params: unknown): Promise<unknown> {
  const loaded = walletConnectLoaded(ctx)
  const { chainId, address } = ctx.store.get(connectionAtom)
  if (!loaded || chainId === undefined || address === undefined)
    throw new ProviderRpcError(RpcErrorCode.Disconnected, 'WalletConnect is not connected')
  const client = await loaded
  const session = client.provider.session
  if (!session) throw new ProviderRpcError(RpcErrorCode.Disconnected, 'WalletConnect is not connected')
  if (!sessionApproves(session, chainId, address))
    throw new ProviderRpcError(RpcErrorCode.Unauthorized, `The wallet's session does not include ${address} on eip155:${chainId}`)
  if (ctx.store.get(isMobileAtom)) {
    const linking = ctx.store.get(wcPairingAtom).linking
    if (linking) ctx.host.api?.openUrl({ url: linking, target: '_self' }).catch(() => {})
  }
  try {
    return await client.provider.request({ method, params: params as unknown[] | object | undefined }, `eip155:${chainId}`)
  } catch (error) {
    throw toProviderError(error, method)
  }
}

/** How long a disconnect waits for the relay before the session is forgotten locally anyway. */
export const DISCONNECT_TIMEOUT_MS = 3000

/**
 * Ends the WalletConnect session on the wallet's side too. With the relay down the phone cannot
 * be told: the session is forgotten here anyway (and the failure reported), so a reload does not
 * bring it back.
 */
export async function disconnectWalletConnect(ctx: WidgetContext): Promise<void> {
  const loaded = walletConnectLoaded(ctx)
  if (!loaded) return
  const client = await loaded
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

function bindEvents(ctx: WidgetContext, client: WalletConnectClient): void {
  client.onEvent = (event) => handleWalletConnectEvent(ctx, event, client.provider.session)
}

/**
 * The wallet's events, kept to what its session approved: an account or chain outside the
 * session is ignored, so the dapp is never told of one its requests could not use.
 */
export function handleWalletConnectEvent(ctx: WidgetContext, event: WalletConnectEvent, session: SessionNamespaces | undefined): void {
  const connection = ctx.store.get(connectionAtom)
  if (connection.status !== 'connected' || connection.connectorId !== WALLET_CONNECT_CONNECTOR_ID) return
  switch (event.type) {
    case 'accountsChanged': {
      const { chainId } = connection
      const accounts = Array.isArray(event.accounts)
        ? event.accounts.filter(
            (a): a is `0x${string}` =>
              typeof a === 'string' && EVM_ADDRESS.test(a) && !!session && chainId !== undefined && sessionApproves(session, chainId, a),
          )
        : []
      if (accounts.length > 0) setConnectedAccounts(ctx, accounts)
      return
    }
    case 'chainChanged': {
      const chainId = parseChainId(event.chainId)
      if (chainId === undefined || !session) return
      const accounts = sessionAccounts(session, [], chainId)
      if (accounts?.chainId !== chainId) return
      // Keep the account if the session has it on the new chain, else the session's first there.
      if (!accounts.accounts.some((a) => a.toLowerCase() === connection.address?.toLowerCase()))
        setConnectedAccounts(ctx, accounts.accounts)
      setConnectedChain(ctx, chainId)
      return
    }
    case 'sessionDeleted':
      endSession(ctx)
      return
    case 'sessionUpdated':
      return
  }
}

function fail(ctx: WidgetContext, error: WcError): void {
  ctx.store.set(connectionAtom, DISCONNECTED)
  ctx.store.set(wcPairingAtom, { ...ctx.store.get(wcPairingAtom), uri: undefined, expiry: undefined, error })
}

class RelayUnreachable extends Error {}

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
