import { FrameErrorMessage, frameRpcNotAllowedError, ProviderRpcError, RpcErrorCode, type FrameChainId } from '@airlock/protocol'
import type { WidgetContext } from '../../core/context'
import { loadChainAdapter } from '../../chains/registry'
import type { EmbeddedWallet } from '../../chains/types'
import { AUTH_CONNECTOR_ID } from './id'
import { loadAuthFrame } from './frame'
import { approvalQueueAtom } from './approvalAtoms'
import { secureSlotsAtom } from './surfaceAtoms'
import { openAtom } from '../../core/modal/atoms'
import { currentRouteAtom, navigateAtom } from '../../core/router/atoms'
import { optionsAtom } from '../../core/options/atoms'
import { requestApproval, type PendingApproval } from './approvals'
import { closeModal, showModal } from '../../core/modal/modal'
import { connectionsAtom } from '../../core/session/atoms'
import { networkContext } from '../networks'
import type { WalletRequest } from '../types'
import { AUTH_OPTIONAL_CALL_TIMEOUT_MS, parseFrameChainId, switchAuthChain } from './auth'
import { withTimeout } from '../../core/async'
import { authUserAtom, callBatchesAtom, smartAccountNetworksAtom } from './atoms'

/**
 * The dapp's requests while the embedded wallet is connected (SPEC section 6), answered by the
 * family's rules (ChainAdapter.embedded: accounts, reads, checks); a signing method is shown by the
 * secure frame (over the ApproveTransaction view's slot), which signs only on the user's click in
 * its own origin.
 */
export async function authRequest(ctx: WidgetContext, request: WalletRequest): Promise<unknown> {
  if (ctx.store.get(connectionsAtom)[request.namespace]?.connectorId !== AUTH_CONNECTOR_ID)
    throw new ProviderRpcError(RpcErrorCode.Disconnected, 'The embedded wallet is not connected')
  const embedded = await (await loadChainAdapter(request.namespace)).embedded()
  return embedded.request(embeddedWallet(ctx, request, embedded.signingMethods), request)
}

/** What the family's rules may do with the embedded wallet, for one request. */
function embeddedWallet(ctx: WidgetContext, request: WalletRequest, signingMethods: ReadonlySet<string>): EmbeddedWallet {
  const { caipNetworkId, address, method, params } = request
  return {
    rpc: (rpcMethod, rpcParams) => ctx.api.rpc(caipNetworkId, rpcMethod, rpcParams),
    node: ctx.api.rpc,
    networks: networkContext(ctx),
    async switchNetwork(target) {
      const chainId = parseFrameChainId(target)
      if (chainId === undefined) throw new ProviderRpcError(RpcErrorCode.SwitchChainError, 'Chain is not supported')
      await switchAuthChain(ctx, chainId)
    },
    smartAccounts: {
      state: () => ({
        networks: ctx.store.get(smartAccountNetworksAtom),
        preferred: ctx.store.get(authUserAtom)?.preferredAccountType ?? 'eoa',
      }),
      deployed: () => readDeployed(ctx, caipNetworkId),
      relay: (chainId, relayMethod, relayParams) => ctx.api.relay(chainId, relayMethod, relayParams),
      permissions: {
        enabled: () => ctx.store.get(optionsAtom)?.features?.smartSessions === true,
        dataApi: ctx.dataApi,
      },
      showActivity() {
        showModal(ctx, 'Account')
        // The Activity view lists the account's transfers, the batch's among them.
        if (ctx.store.get(optionsAtom)?.features?.history !== false)
          ctx.store.set(navigateAtom, { type: 'push', route: { name: 'Transactions' } })
      },
      batches: {
        get: (id) => ctx.store.get(callBatchesAtom).get(id),
        add: (id, batch) => ctx.store.set(callBatchesAtom, (batches) => new Map(batches).set(id, batch)),
      },
    },
    notAllowed() {
      ctx.toasts.show(FrameErrorMessage.RpcNotAllowedUi, 'error')
      return frameRpcNotAllowedError()
    },
    async confirm(check, sign) {
      if (!signingMethods.has(method))
        throw new ProviderRpcError(RpcErrorCode.UnsupportedMethod, `${method} is not supported by the embedded wallet yet`)
      // Checked before the user is asked: a request bound to fail is not shown.
      const checked = check()
      // A modal opened for this request closes again once it is answered (the dapp's page is underneath).
      const openedForIt = !ctx.store.get(openAtom)
      try {
        return await requestApproval(ctx, { method, params, caipNetworkId, from: address }, (approval, signal) =>
          sign(checked, (signed, chainId) => askFrame(ctx, approval, signal, signed, chainId)),
        )
      } finally {
        if (openedForIt) closeWhenIdle(ctx)
      }
    },
  }
}

/**
 * Whether the account is delegated on `caipNetworkId`: the frame reads its code anew (getUser on
 * the chain it is on, leaving the preference as it is), and the stored user follows. False when
 * the frame cannot tell: the stored answer may be another chain's.
 */
async function readDeployed(ctx: WidgetContext, caipNetworkId: string): Promise<boolean> {
  const chainId = parseFrameChainId(caipNetworkId)
  if (chainId === undefined) return false
  try {
    const frame = await loadAuthFrame(ctx)
    const { smartAccountDeployed } = await withTimeout(
      frame.api.getUser({ chainId }),
      AUTH_OPTIONAL_CALL_TIMEOUT_MS,
      () => new Error('timeout'),
    )
    const user = ctx.store.get(authUserAtom)
    if (user) ctx.store.set(authUserAtom, { ...user, smartAccountDeployed })
    return smartAccountDeployed
  } catch {
    return false
  }
}

/** Closes the modal when no other request waits and the user has not gone elsewhere in it. */
function closeWhenIdle(ctx: WidgetContext): void {
  const idle = ctx.store.get(approvalQueueAtom).length === 0 && ctx.store.get(currentRouteAtom).name === 'Account'
  if (idle && ctx.store.get(openAtom)) closeModal(ctx)
}

/**
 * The frame's turn: once its slot is shown, it shows the request and signs it only on the user's
 * click in its own origin; the widget waits, or aborts it when it withdraws the request.
 */
async function askFrame(
  ctx: WidgetContext,
  approval: PendingApproval,
  signal: AbortSignal,
  params: unknown,
  chainId: FrameChainId = approval.request.caipNetworkId,
): Promise<unknown> {
  const frame = await loadAuthFrame(ctx)
  await slotShown(ctx, signal)
  const abort = () => void frame.api.abortRpcRequest({ id: approval.id }).catch(() => {})
  signal.addEventListener('abort', abort, { once: true })
  try {
    return await frame.api.rpcRequest({ id: approval.id, method: approval.request.method, params, chainId })
  } finally {
    signal.removeEventListener('abort', abort)
  }
}

/**
 * Resolves once a slot has the frame laid over it (the view's chunk may still be loading): the
 * frame refuses a request it is not shown for within CONFIRMATION_ON_SCREEN_MS.
 */
function slotShown(ctx: WidgetContext, signal: AbortSignal): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const check = () => {
      if (signal.aborted) finish(signal.reason)
      else if (ctx.store.get(secureSlotsAtom) > 0) finish()
    }
    const unsubscribe = ctx.store.sub(secureSlotsAtom, check)
    const finish = (error?: unknown) => {
      unsubscribe()
      signal.removeEventListener('abort', check)
      if (error === undefined) resolve()
      else reject(error)
    }
    signal.addEventListener('abort', check)
    check()
  })
}
