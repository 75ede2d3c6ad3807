import { getNetwork, parseChainId, toHexChainId } from '@airlock/chains'
import {
  classifyFrameRpc,
  EVM_ADDRESS,
  FrameErrorMessage,
  frameRpcNotAllowedError,
  ProviderRpcError,
  RpcErrorCode,
  type FrameChainId,
  type Namespace,
} from '@airlock/protocol'
import type { WidgetContext } from '../../core/context'
import { AUTH_CONNECTOR_ID } from './id'
import { loadAuthFrame } from './frame'
import {
  checkTransactionRequest,
  fillTransaction,
  SIGNATURE,
  SIGNED_TRANSACTION,
  TRANSACTION_HASH,
  type Hex,
  type TransactionRequest,
} from '../../chains/eip155/transaction'
import { approvalQueueAtom } from './approvalAtoms'
import { secureSlotsAtom } from './surfaceAtoms'
import { openAtom } from '../../core/modal/atoms'
import { networksAtom } from '../../core/options/atoms'
import { currentRouteAtom } from '../../core/router/atoms'
import { requestApproval, type PendingApproval } from './approvals'
import { switchAuthChain } from './auth'
import { closeModal } from '../../core/modal/modal'
import { connectionsAtom } from '../../core/session/atoms'
import type { WalletRequest } from '../types'

/**
 * The dapp's requests while the embedded wallet is connected (SPEC section 6). Accounts and the
 * chain come from the widget's state; safe reads go to the RPC proxy without UI; signing methods
 * are shown by the secure frame (over the ApproveTransaction view's slot), which signs only on the
 * user's click in its own origin; anything else is refused with 'Requested RPC call is not
 * allowed' ('Action not allowed').
 */

/** What the frame signs today. The other confirmation methods answer 4200 until they are built. */
const SIGNING_METHODS: Partial<Record<Namespace, ReadonlySet<string>>> = {
  eip155: new Set(['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction']),
  solana: new Set(['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction']),
}

export async function authRequest(ctx: WidgetContext, request: WalletRequest): Promise<unknown> {
  if (ctx.store.get(connectionsAtom)[request.namespace]?.connectorId !== AUTH_CONNECTOR_ID)
    throw new ProviderRpcError(RpcErrorCode.Disconnected, 'The embedded wallet is not connected')
  return request.namespace === 'eip155' ? eip155Request(ctx, request) : confirm(ctx, request, undefined)
}

/** The dapp's EIP-1193 calls: accounts and chain from the widget's state, safe reads to the RPC proxy. */
async function eip155Request(ctx: WidgetContext, request: WalletRequest): Promise<unknown> {
  const { caipNetworkId, address, method, params } = request
  const chainId = parseChainId(caipNetworkId.slice('eip155:'.length))
  if (!EVM_ADDRESS.test(address) || chainId === undefined)
    throw new ProviderRpcError(RpcErrorCode.Disconnected, 'The embedded wallet is not connected')
  switch (method) {
    case 'eth_accounts':
    case 'eth_requestAccounts':
      return [address]
    case 'eth_chainId':
      return toHexChainId(chainId)
    case 'wallet_switchEthereumChain':
      await switchAuthChain(ctx, knownChainId(ctx, params, method))
      return null
    case 'wallet_addEthereumChain':
      // The embedded wallet knows the networks the widget offers: "adding" one is a no-op (as a
      // wallet does for a chain it has), and the switch that follows asks the frame.
      if (knownChainId(ctx, params, method, false) !== undefined) return null
  }
  switch (classifyFrameRpc(method)) {
    case 'safe':
      return ctx.api.rpc(caipNetworkId, method, params)
    case 'disallowed':
      ctx.toasts.show(FrameErrorMessage.RpcNotAllowedUi, 'error')
      throw frameRpcNotAllowedError()
    case 'confirm': {
      assertSigns(request)
      // Checked before the user is asked: a request bound to fail is not shown.
      const transaction = method === 'eth_sendTransaction' ? checkTransactionRequest(params, address as Hex, chainId) : undefined
      if (!transaction) checkSigningParams(method, params, address as Hex, chainId)
      return confirm(ctx, request, transaction)
    }
  }
}

function assertSigns({ namespace, method }: WalletRequest): void {
  if (!SIGNING_METHODS[namespace]?.has(method))
    throw new ProviderRpcError(RpcErrorCode.UnsupportedMethod, `${method} is not supported by the embedded wallet yet`)
}

/**
 * A request that needs the user's confirmation, queued for the ApproveTransaction view, then signed
 * in the frame (SPEC section 6); the frame checks a Solana request itself before showing it.
 */
async function confirm(ctx: WidgetContext, request: WalletRequest, transaction: TransactionRequest | undefined): Promise<unknown> {
  const { namespace, caipNetworkId, address, method, params } = request
  assertSigns(request)
  // A modal opened for this request closes again once it is answered (the dapp's page is underneath).
  const openedForIt = !ctx.store.get(openAtom)
  try {
    return await requestApproval(ctx, { method, params, caipNetworkId, from: address }, (approval, signal) =>
      namespace === 'eip155' ? signInFrame(ctx, approval, signal, transaction) : askFrame(ctx, approval, signal, params),
    )
  } finally {
    if (openedForIt) closeWhenIdle(ctx)
  }
}

/** Closes the modal when no other request waits and the user has not gone elsewhere in it. */
function closeWhenIdle(ctx: WidgetContext): void {
  const idle = ctx.store.get(approvalQueueAtom).length === 0 && ctx.store.get(currentRouteAtom).name === 'Account'
  if (idle && ctx.store.get(openAtom)) closeModal(ctx)
}

/**
 * An eip155 approval's turn (askFrame). A transaction is filled first (nonce, gas, fees), so that
 * the frame shows and signs the whole of it; its signed form is broadcast here.
 */
async function signInFrame(
  ctx: WidgetContext,
  approval: PendingApproval,
  signal: AbortSignal,
  transaction: TransactionRequest | undefined,
): Promise<unknown> {
  const { params, caipNetworkId, from } = approval.request
  const chainId = parseChainId(caipNetworkId.slice('eip155:'.length))!
  const signed = transaction
    ? [await fillTransaction(transaction, from as Hex, chainId, (rpcMethod, rpcParams) => ctx.api.rpc(caipNetworkId, rpcMethod, rpcParams))]
    : params
  const answer = await askFrame(ctx, approval, signal, signed, chainId)
  if (!transaction) {
    if (typeof answer !== 'string' || !SIGNATURE.test(answer))
      throw new ProviderRpcError(RpcErrorCode.InternalError, 'The secure frame returned a malformed signature')
    return answer
  }
  if (typeof answer !== 'string' || !SIGNED_TRANSACTION.test(answer))
    throw new ProviderRpcError(RpcErrorCode.InternalError, 'The secure frame returned a malformed signed transaction')
  const hash = await ctx.api.rpc(caipNetworkId, 'eth_sendRawTransaction', [answer])
  if (typeof hash !== 'string' || !TRANSACTION_HASH.test(hash))
    throw new ProviderRpcError(RpcErrorCode.InternalError, 'The node returned a malformed transaction hash')
  return hash
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

/**
 * personal_sign [message, account] and eth_signTypedData_v4 [account, typedData]: the account must
 * be the connected one, and typed data for another chain is refused (as MetaMask does).
 */
export function checkSigningParams(method: string, params: unknown, from: Hex, chainId: number): void {
  if (!Array.isArray(params) || params.length < 2) throw invalid(`${method} takes two params`)
  const [first, second] = params as unknown[]
  const [account, payload] = method === 'personal_sign' ? [second, first] : [first, second]
  if (typeof account !== 'string' || !EVM_ADDRESS.test(account)) throw invalid('Address is invalid')
  if (account.toLowerCase() !== from.toLowerCase())
    throw new ProviderRpcError(RpcErrorCode.Unauthorized, 'The requested account is not the connected one')
  if (method === 'personal_sign') {
    if (typeof payload !== 'string') throw invalid('personal_sign signs a string')
    return
  }
  const typed = typeof payload === 'string' ? parseJson(payload) : payload
  if (typeof typed !== 'object' || typed === null || Array.isArray(typed)) throw invalid('eth_signTypedData_v4 takes typed data')
  const { types, primaryType, domain, message } = typed as Record<string, unknown>
  if (typeof types !== 'object' || types === null || typeof primaryType !== 'string' || typeof message !== 'object' || message === null)
    throw invalid('Typed data needs types, primaryType and message')
  const domainChain = (domain as { chainId?: unknown } | undefined)?.chainId
  if (domainChain !== undefined) {
    const id = typeof domainChain === 'string' || typeof domainChain === 'number' ? parseChainId(domainChain) : undefined
    if (id !== chainId) throw invalid(`Provided chainId "${String(domainChain)}" must match the active chainId "${chainId}"`)
  }
}

/** The chain id of [{chainId}] when the widget knows the network (offered by the dapp, or in the catalog). */
function knownChainId(ctx: WidgetContext, params: unknown, method: string): number
function knownChainId(ctx: WidgetContext, params: unknown, method: string, strict: false): number | undefined
function knownChainId(ctx: WidgetContext, params: unknown, method: string, strict = true): number | undefined {
  const requested = Array.isArray(params) ? (params[0] as { chainId?: unknown } | undefined)?.chainId : undefined
  const chainId = parseChainId(requested)
  const caip = `eip155:${chainId}`
  const known = chainId !== undefined && (ctx.store.get(networksAtom).includes(caip) || getNetwork(caip) !== undefined)
  if (known || !strict) return known ? chainId : undefined
  if (chainId === undefined) throw invalid(`${method} takes [{ chainId }]`)
  throw new ProviderRpcError(RpcErrorCode.SwitchChainError)
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}

const invalid = (message: string) => new ProviderRpcError(RpcErrorCode.InvalidParams, message)
