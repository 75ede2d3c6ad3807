import { ProviderRpcError, RpcErrorCode } from '@airlock/protocol'
import type { WidgetContext } from '../../core/context'
import { namespacesOf, updateConnection } from '../../core/session/session'
import type { Connector } from '../types'
import { authUserAtom } from './atoms'
import { AUTH_CONNECTOR_ID } from './id'

/** The connector name while the embedded wallet's session is checked (auth.ts has the real one). */
export const EMBEDDED_WALLET_NAME = 'Embedded Wallet'

/** Its code (auth.ts, request.ts) loads with the first use: a login, a reconnect, a request. */
const auth = () => import('./auth')

/**
 * The embedded wallet: keys in the secure frame, every signature confirmed there. Its logins are
 * the auth feature's flows (they establish the session themselves); here is what any connector does.
 */
export const embeddedConnector: Connector = {
  id: AUTH_CONNECTOR_ID,
  name: () => EMBEDDED_WALLET_NAME,
  // The secure frame may take its whole ready time-out (10 s) before the session check even starts.
  reconnectTimeoutMs: 20_000,
  namespaces: () => ['eip155', 'solana', 'bip122'],
  connect: () =>
    Promise.reject(
      new ProviderRpcError(RpcErrorCode.UnsupportedMethod, 'The embedded wallet connects through its login (email or social)'),
    ),
  async reconnect(ctx, isCurrent) {
    const session = await (await auth()).reconnectAuth(ctx, isCurrent)
    return session && { accounts: session.accounts, name: session.connector.name }
  },
  accountType: (ctx) => ctx.store.get(authUserAtom)?.preferredAccountType ?? 'eoa',
  request: (ctx, request) => import('./request').then((module) => module.authRequest(ctx, request)),
  async switchNetwork(ctx: WidgetContext, namespace, caipNetworkId) {
    const { familyAddressOn, parseFrameChainId, switchAuthChain } = await auth()
    if (namespace !== 'eip155') {
      // A Solana or Bitcoin request names its network: only the frame's eip155 chain is a state of
      // its own. The account moves with the network where the family's addresses name it (Bitcoin's).
      const address = familyAddressOn(ctx.store.get(authUserAtom)?.addresses, namespace, caipNetworkId)
      if (address === undefined) throw new ProviderRpcError(RpcErrorCode.SwitchChainError, 'Chain is not supported')
      updateConnection(ctx, namespace, { addresses: [address], caipNetworkId })
      return
    }
    const chainId = parseFrameChainId(caipNetworkId)
    if (chainId === undefined) throw new ProviderRpcError(RpcErrorCode.SwitchChainError, 'Chain is not supported')
    await switchAuthChain(ctx, chainId)
  },
  /** The frame signs this device out once no namespace of the wallet stays connected (the wallet itself stays the user's). */
  async disconnect(ctx, namespaces) {
    if (namespacesOf(ctx, AUTH_CONNECTOR_ID).some((other) => !namespaces.includes(other))) return
    await (await auth()).disconnectAuth(ctx)
  },
}
