import type { WidgetContext } from '../../core/context'
import type { TokenBalance } from '../../core/http/accountData'
import { checkAmount, quantityToUnits } from './amount'
import { ASSUMED_GAS_LIMIT, canSendEvm, gasCostUsd, maxNativeAmount } from '../../chains/eip155/gas'
import { classifyReceiver } from './receiver'
import { buildSendCall } from '../../chains/eip155/transfer'
import { activeCaipNetworkIdAtom, activeNetworkAtom } from '../../core/network/atoms'
import { navigateAtom } from '../../core/router/atoms'
import { resetSendAtom, sendAtom, type SendState } from './store'
import { goBack } from '../../core/router/navigation'
import { isUserRejection, sendWalletTransaction } from '../../chains/eip155/walletTransaction'
import { resolveName } from '../../core/names/resolve'
import { connectionAtom } from '../../core/session/active'

/** The send form's I/O (SPEC sections 3-5, 7, 8): tokens, receiver resolution, gas, the transaction. */

export const SendText = {
  started: 'Transaction started',
  failed: 'Something went wrong',
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
    void estimateSendGas(ctx)
  } catch {
    setSend(ctx, { tokenBalances: [] })
    ctx.toasts.show(SendText.tokensUnavailable, 'error')
  }
}

export function selectSendToken(ctx: WidgetContext, token: TokenBalance): void {
  setSend(ctx, { token })
  goBack(ctx)
  void estimateSendGas(ctx)
}

export function setSendAmount(ctx: WidgetContext, input: string): void {
  setSend(ctx, { sendTokenAmount: input })
}

/** Max: the whole balance; for the native token, the balance minus the estimated gas cost. */
export async function setMaxAmount(ctx: WidgetContext): Promise<void> {
  const { token } = ctx.store.get(sendAtom)
  if (!token) return
  const decimals = tokenDecimals(token)
  let amount = tokenUnits(token)
  if (!token.address) {
    await estimateSendGas(ctx)
    const { gas, gasPrice } = ctx.store.get(sendAtom)
    amount = maxNativeAmount(amount, gas ?? ASSUMED_GAS_LIMIT, gasPrice ?? 0n)
  }
  setSend(ctx, { sendTokenAmount: formatUnitsPlain(amount, decimals) })
}

/** Exact decimal text of `value` smallest units (no grouping, no rounding). */
function formatUnitsPlain(value: bigint, decimals: number): string {
  const scale = 10n ** BigInt(decimals)
  const fraction = (value % scale).toString().padStart(decimals, '0').replace(/0+$/, '')
  return fraction ? `${value / scale}.${fraction}` : `${value / scale}`
}

const resolveTimers = new WeakMap<WidgetContext, ReturnType<typeof setTimeout>>()

/**
 * The receiver as typed: an address is taken at once (with its profile name and avatar when it
 * has one), a name is resolved through the names api once the typing pauses.
 */
export function setReceiver(ctx: WidgetContext, input: string): void {
  clearTimeout(resolveTimers.get(ctx))
  setSend(ctx, { receiverInput: input })
  if (input.trim() === '') {
    setSend(ctx, { receiver: { status: 'idle' } })
    return
  }
  const receiver = classifyReceiver(input)
  if (receiver.kind === 'invalid') {
    setSend(ctx, { receiver: { status: 'error', error: receiver.error } })
    return
  }
  if (receiver.kind === 'address') {
    setSend(ctx, { receiver: { status: 'resolved', address: receiver.address } })
    void estimateSendGas(ctx)
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
  const chainId = ctx.store.get(connectionAtom).chainId ?? 1
  const stillWanted = () => {
    const current = ctx.store.get(sendAtom).receiver
    return current.status === 'resolving' && current.name === name
  }
  try {
    const { address, avatar } = await resolveName(ctx, name, chainId)
    if (!stillWanted()) return
    setSend(ctx, { receiver: { status: 'resolved', address, profileName: name, profileImageUrl: avatar } })
    void estimateSendGas(ctx)
  } catch (error) {
    if (stillWanted()) setSend(ctx, { receiver: { status: 'error', error: (error as Error).message } })
  }
}

/**
 * The gas of the send and its USD cost: eth_gasPrice and eth_estimateGas through the RPC proxy
 * (SPEC section 8: a gas price failure leaves it unknown); until the receiver is known, or when
 * the estimate fails, the assumed 150000 gas of SPEC section 9.
 */
export async function estimateSendGas(ctx: WidgetContext): Promise<void> {
  const { token, receiver, sendTokenAmount, tokenBalances } = ctx.store.get(sendAtom)
  const { address } = ctx.store.get(connectionAtom)
  const caipNetworkId = ctx.store.get(activeCaipNetworkIdAtom)
  if (!token || !address) return
  const gasPrice = await ctx.api.rpc(caipNetworkId, 'eth_gasPrice', []).then(
    (result) => (typeof result === 'string' && /^0x[0-9a-fA-F]+$/.test(result) ? BigInt(result) : undefined),
    () => undefined,
  )
  let gas = ASSUMED_GAS_LIMIT
  if (receiver.status === 'resolved') {
    // A non-zero amount: a first transfer to an empty balance costs more than a transfer of 0.
    const checked = checkAmount(sendTokenAmount, { symbol: token.symbol, decimals: tokenDecimals(token), balance: tokenUnits(token) })
    const amount = token.address ? (checked.ok ? checked.value : 1n) : 0n
    const call = buildSendCall(token, receiver.address, amount)
    const hex = (value: bigint) => `0x${value.toString(16)}`
    const estimate = await ctx.api
      .rpc(caipNetworkId, 'eth_estimateGas', [
        { from: address, to: call.to, value: hex(call.value), ...(call.data ? { data: call.data } : {}) },
      ])
      .catch(() => undefined)
    if (typeof estimate === 'string' && /^0x[0-9a-fA-F]+$/.test(estimate)) gas = BigInt(estimate)
  }
  if (ctx.store.get(activeCaipNetworkIdAtom) !== caipNetworkId) return
  const nativePrice = tokenBalances?.find((t) => !t.address)?.price ?? 0
  const decimals = ctx.store.get(activeNetworkAtom)?.nativeCurrency.decimals ?? 18
  setSend(ctx, { gas, gasPrice, gasPriceInUSD: gasPrice === undefined ? undefined : gasCostUsd(gas, gasPrice, nativePrice, decimals) })
}

/**
 * Sends the form: a native transfer (empty data, with the estimated gas and gas price, so that a
 * Max send leaves exactly the gas) or an ERC-20 transfer. Success: 'Transaction started', the
 * form reset and the Account view pushed (SPEC sections 2 and 4). Failure: 'Something went
 * wrong' (a rejection in the wallet says so), the form kept.
 */
export async function sendTokens(ctx: WidgetContext): Promise<boolean> {
  const state = ctx.store.get(sendAtom)
  const { token, receiver } = state
  if (!token || receiver.status !== 'resolved' || state.loading) return false
  const decimals = tokenDecimals(token)
  const checked = checkAmount(state.sendTokenAmount, { symbol: token.symbol, decimals, balance: tokenUnits(token) })
  const amount = checked.ok ? checked.value : undefined
  if (!canSendEvm({ receiverAddress: receiver.address, amount, tokenAddress: token.address, gasPrice: state.gasPrice, decimals }))
    return false
  setSend(ctx, { loading: true })
  try {
    const call = buildSendCall(token, receiver.address, amount!)
    await sendWalletTransaction(ctx, {
      ...call,
      ...(token.address ? {} : { gas: state.gas ?? ASSUMED_GAS_LIMIT, gasPrice: state.gasPrice }),
    })
    ctx.toasts.show(SendText.started, 'success')
    ctx.store.set(resetSendAtom)
    ctx.store.set(navigateAtom, { type: 'push', route: { name: 'Account' } })
    return true
  } catch (error) {
    setSend(ctx, { loading: false })
    ctx.toasts.show(isUserRejection(error) ? SendText.rejected : SendText.failed, 'error')
    return false
  }
}
