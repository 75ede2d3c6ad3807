import type { WidgetContext } from '../../core/context'
import type { TokenBalance } from '../../core/http/accountData'
import { parseChainId } from '@airlock/chains'
import { RpcErrorCode, type Namespace } from '@airlock/protocol'
import { loadChainAdapter } from '../../chains/registry'
import type { ChainAdapter, Transfer } from '../../chains/types'
import { namesSupported } from '../../core/names/rules'
import { resolveName } from '../../core/names/resolve'
import { activeCaipNetworkIdAtom, activeNamespaceAtom, activeNetworkAtom } from '../../core/network/atoms'
import { navigateAtom } from '../../core/router/atoms'
import { goBack } from '../../core/router/navigation'
import { connectionAtom } from '../../core/session/active'
import { checkAmount, quantityToUnits } from './amount'
import { classifyReceiver } from './receiver'
import { canSend, feeUsd, maxNativeAmount, nativeSpendable } from './rules'
import { resetSendAtom, sendAtom, type SendState } from './store'

/**
 * The send form's I/O (SPEC sections 3-5, 7, 8): tokens, receiver resolution, the fee, the
 * transfer. What differs by family (addresses, fees, the transaction, its texts) is the active
 * network's ChainAdapter.
 */

export const SendText = {
  started: 'Transaction started',
  rejected: 'Transaction rejected in your wallet',
  tokensUnavailable: 'Token Balance Unavailable',
} as const

/** SPEC section 9: debounce 500 ms (names are resolved once the typing pauses). */
export const RESOLVE_DEBOUNCE_MS = 500

const setSend = (ctx: WidgetContext, update: Partial<SendState>) => ctx.store.set(sendAtom, update)

export const tokenDecimals = (token: TokenBalance): number => Number(token.quantity.decimals)
export const tokenUnits = (token: TokenBalance): bigint => quantityToUnits(token.quantity.numeric, tokenDecimals(token))

/**
 * The tokens the account holds on the active network (native and ERC-20), read fresh from the
 * chain on opening the form; the first one becomes the token when none is chosen yet.
 */
export async function loadSendTokens(ctx: WidgetContext): Promise<void> {
  const { address } = ctx.store.get(connectionAtom)
  const caipNetworkId = ctx.store.get(activeCaipNetworkIdAtom)
  if (!address) return
  try {
    const balances = await ctx.accountData.balances(address, caipNetworkId, { force: true })
    if (ctx.store.get(activeCaipNetworkIdAtom) !== caipNetworkId) return
    const held = balances.filter((token) => token.chainId === caipNetworkId && tokenUnits(token) > 0n)
    const native = held.find((token) => !token.address)
    const current = ctx.store.get(sendAtom).token
    // The chosen token again with its fresh balance, else the first held token.
    const token = (current && held.find((t) => t.address === current.address)) ?? held[0]
    setSend(ctx, { tokenBalances: held, token, networkBalanceInUSD: native?.value ?? 0 })
    void quoteSendFee(ctx)
  } catch {
    setSend(ctx, { tokenBalances: [] })
    ctx.toasts.show(SendText.tokensUnavailable, 'error')
  }
}

export function selectSendToken(ctx: WidgetContext, token: TokenBalance): void {
  setSend(ctx, { token })
  goBack(ctx)
  void quoteSendFee(ctx)
}

export function setSendAmount(ctx: WidgetContext, input: string): void {
  setSend(ctx, { sendTokenAmount: input })
}

/** Max: the whole balance; for the native token, what it may spend minus the quoted fee. */
export async function setMaxAmount(ctx: WidgetContext): Promise<void> {
  const { token } = ctx.store.get(sendAtom)
  if (!token) return
  const decimals = tokenDecimals(token)
  let amount = tokenUnits(token)
  if (!token.address) {
    await quoteSendFee(ctx, { untyped: true })
    amount = maxNativeAmount(nativeSpendable(token), ctx.store.get(sendAtom).fee?.amount ?? 0n)
  }
  setSend(ctx, { sendTokenAmount: formatUnitsPlain(amount, decimals) })
}

/** Exact decimal text of `value` smallest units (no grouping, no rounding). */
function formatUnitsPlain(value: bigint, decimals: number): string {
  const scale = 10n ** BigInt(decimals)
  const fraction = (value % scale).toString().padStart(decimals, '0').replace(/0+$/, '')
  return fraction ? `${value / scale}.${fraction}` : `${value / scale}`
}

const adapter = (ctx: WidgetContext): Promise<ChainAdapter> => loadChainAdapter(ctx.store.get(activeNamespaceAtom) as Namespace)

const resolveTimers = new WeakMap<WidgetContext, ReturnType<typeof setTimeout>>()

/**
 * The receiver as typed: an address is taken at once (with its profile name and avatar when it
 * has one), a name is resolved through the names api once the typing pauses.
 */
export async function setReceiver(ctx: WidgetContext, input: string): Promise<void> {
  clearTimeout(resolveTimers.get(ctx))
  setSend(ctx, { receiverInput: input })
  if (input.trim() === '') {
    setSend(ctx, { receiver: { status: 'idle' } })
    return
  }
  const caipNetworkId = ctx.store.get(activeCaipNetworkIdAtom)
  const { parseAddress } = await adapter(ctx)
  // A later keystroke, or another network, owns the form now.
  if (ctx.store.get(sendAtom).receiverInput !== input || ctx.store.get(activeCaipNetworkIdAtom) !== caipNetworkId) return
  const receiver = classifyReceiver(input, (value) => parseAddress(value, caipNetworkId), namesSupported(caipNetworkId))
  if (receiver.kind === 'invalid') {
    setSend(ctx, { receiver: { status: 'error', error: receiver.error } })
    return
  }
  if (receiver.kind === 'address') {
    setSend(ctx, { receiver: { status: 'resolved', address: receiver.address } })
    void quoteSendFee(ctx)
    ctx.identity.get(receiver.address).then(
      (identity) => {
        const current = ctx.store.get(sendAtom).receiver
        if (current.status !== 'resolved' || current.address !== receiver.address) return
        setSend(ctx, { receiver: { ...current, profileName: identity.name ?? undefined, profileImageUrl: identity.avatar ?? undefined } })
      },
      () => {},
    )
    return
  }
  setSend(ctx, { receiver: { status: 'resolving', name: receiver.name } })
  resolveTimers.set(
    ctx,
    setTimeout(() => void resolveReceiverName(ctx, receiver.name), RESOLVE_DEBOUNCE_MS),
  )
}

async function resolveReceiverName(ctx: WidgetContext, name: string): Promise<void> {
  const chainId = parseChainId(ctx.store.get(activeCaipNetworkIdAtom).slice('eip155:'.length)) ?? 1
  const stillWanted = () => {
    const current = ctx.store.get(sendAtom).receiver
    return current.status === 'resolving' && current.name === name
  }
  try {
    const { address, avatar } = await resolveName(ctx, name, chainId)
    if (!stillWanted()) return
    setSend(ctx, { receiver: { status: 'resolved', address, profileName: name, profileImageUrl: avatar } })
    void quoteSendFee(ctx)
  } catch (error) {
    if (stillWanted()) setSend(ctx, { receiver: { status: 'error', error: (error as Error).message } })
  }
}

/** The transfer the form describes; `to` is the sender itself until a receiver is known (a fee quote needs one). */
function transferOf(ctx: WidgetContext, state: SendState): Transfer | undefined {
  const { address } = ctx.store.get(connectionAtom)
  const { token, receiver, sendTokenAmount } = state
  if (!token || !address) return undefined
  const decimals = tokenDecimals(token)
  const checked = checkAmount(sendTokenAmount, { symbol: token.symbol, decimals, balance: tokenUnits(token) })
  return {
    caipNetworkId: ctx.store.get(activeCaipNetworkIdAtom),
    from: address,
    to: receiver.status === 'resolved' ? receiver.address : address,
    amount: checked.ok ? checked.value : 0n,
    ...(token.address ? { token: { address: token.address, decimals } } : {}),
  }
}

/**
 * The transfer's network fee and its USD cost, quoted by the family through the RPC proxy (SPEC
 * section 8: a fee the node does not give is left unknown). `untyped`, Max's: the fee as quoted
 * before any amount is typed, which each family makes the one Max must keep (bip122: that of the
 * smallest amount the receiver can take; polkadot: that of the largest amount, the longest to encode).
 */
export async function quoteSendFee(ctx: WidgetContext, options: { untyped?: boolean } = {}): Promise<void> {
  const transfer = transferOf(ctx, ctx.store.get(sendAtom))
  if (!transfer) return
  const quoted = options.untyped ? { ...transfer, amount: 0n } : transfer
  const fee = await (await adapter(ctx)).quoteTransferFee(ctx.api.rpc, quoted).catch(() => undefined)
  if (ctx.store.get(activeCaipNetworkIdAtom) !== transfer.caipNetworkId) return
  const nativePrice = ctx.store.get(sendAtom).tokenBalances?.find((t) => !t.address)?.price ?? 0
  const decimals = ctx.store.get(activeNetworkAtom)?.nativeCurrency.decimals ?? 18
  setSend(ctx, { fee, gasPriceInUSD: fee === undefined ? undefined : feeUsd(fee.amount, decimals, nativePrice) })
}

/**
 * Sends the form through the family's transfer: checked first (a transfer the network would refuse
 * is explained, not sent), then signed and sent by the wallet, paying the fee shown. Success:
 * 'Transaction started', the form reset and the Account view pushed (SPEC sections 2 and 4).
 * Failure: the family's text (SPEC section 8), a rejection in the wallet said as one; the form kept.
 */
export async function sendTokens(ctx: WidgetContext): Promise<boolean> {
  if (ctx.store.get(sendAtom).loading) return false
  const family = await adapter(ctx)
  // A click before the fee's quote came back (a family whose quote asks the API, as polkadot's) waits for it.
  if (ctx.store.get(sendAtom).fee === undefined) await quoteSendFee(ctx)
  const state = ctx.store.get(sendAtom)
  const transfer = transferOf(ctx, state)
  const receiver = state.receiver.status === 'resolved' ? state.receiver.address : undefined
  if (!transfer || !canSend({ receiver, amount: transfer.amount, token: transfer.token !== undefined, fee: state.fee?.amount })) {
    ctx.toasts.show(family.sendTexts.invalid, 'error')
    return false
  }
  setSend(ctx, { loading: true })
  try {
    const refusal = await family.checkTransfer(ctx.api.rpc, transfer)
    if (refusal) {
      setSend(ctx, { loading: false })
      ctx.toasts.show(refusal, 'error')
      return false
    }
    await family.sendTransfer(ctx.api.rpc, (method, params) => ctx.wallet(family.namespace, method, params), transfer, state.fee)
    ctx.toasts.show(SendText.started, 'success')
    ctx.store.set(resetSendAtom)
    ctx.store.set(navigateAtom, { type: 'push', route: { name: 'Account' } })
    return true
  } catch (error) {
    setSend(ctx, { loading: false })
    const rejected = (error as { code?: unknown })?.code === RpcErrorCode.UserRejected
    ctx.toasts.show(rejected ? SendText.rejected : family.sendTexts.failed, 'error')
    return false
  }
}
