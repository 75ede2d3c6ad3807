import { isSwapNetwork } from '@airlock/chains'
import type { WidgetContext } from '../../core/context'
import {
  buildApprove,
  buildSwapTransaction,
  fetchAllowance,
  fetchGasPrice,
  fetchMyBalances,
  fetchPrices,
  fetchQuote,
  fetchSwapTokens,
} from './api'
import { connectorFor } from '../../connectors/registry'
import { loadChainAdapter } from '../../chains/registry'
import { activeCaipNetworkIdAtom } from '../../core/network/atoms'
import { currentRouteAtom, navigateAtom } from '../../core/router/atoms'
import { INITIAL_SWAP_STATE, swapAtom, type ApprovalTransaction, type SwapState } from './store'
import { INSUFFICIENT_BALANCE, normaliseAmountInput, parseSwapAmount } from './amount'
import {
  decimalToUnits,
  formatSwapAmount,
  hasInsufficientBalance,
  hasInsufficientGas,
  isAllowanceSufficient,
  QUOTE_DEBOUNCE_MS,
  SWAP_SLIPPAGE_PERCENT,
  swapDetails,
} from './quote'
import { findToken, isNativeToken, myTokensWithBalance, plainAddress, popularTokens, suggestedTokens, type SwapToken } from './tokens'
import { track } from '../../core/events'
import { connectionAtom } from '../../core/session/active'
import { connectedAccount as connectedOn } from '../../core/session/connectedAccount'

/** SPEC section 8 texts of the swap. */
export const SWAP_TEXTS = {
  initFailed: 'Failed to initialize swap',
  networkPrice: 'Failed to fetch network token price',
  allowance: 'Failed to check allowance',
  approval: 'Failed to create approval transaction',
  transaction: 'Failed to create transaction',
  transactionError: 'Transaction error',
  noAddress: 'No address found to swap the tokens from.',
  unsupportedNetwork: 'Network not supported for Swaps',
  approveInWallet: 'Approve limit increase in your wallet',
  confirmInWallet: 'Confirm transaction in your wallet',
} as const

const get = (ctx: WidgetContext) => ctx.store.get(swapAtom)
const patch = (ctx: WidgetContext, update: Partial<SwapState>) => ctx.store.set(swapAtom, { ...get(ctx), ...update })

/** Per widget: the debounce timer and a counter that drops answers to superseded quotes. */
const quoteRuns = new WeakMap<WidgetContext, { timer?: ReturnType<typeof setTimeout>; version: number }>()
const quoteRun = (ctx: WidgetContext) => {
  let run = quoteRuns.get(ctx)
  if (!run) quoteRuns.set(ctx, (run = { version: 0 }))
  return run
}

const priceOf = (s: SwapState, token: SwapToken | undefined) => (token ? s.tokensPriceMap[token.address.toLowerCase()] : undefined)

/** A smart account pays no gas of its own (SPEC section 5); its connector says whether it is one. */
function isSmartAccount(ctx: WidgetContext): boolean {
  const { connectorId } = ctx.store.get(connectionAtom)
  return connectorId !== undefined && connectorFor(ctx, connectorId).accountType?.(ctx) === 'smartAccount'
}

/** The swap API quotes and builds on eip155 networks only (isSwapNetwork): the family the swap runs on. */
const SWAP_NAMESPACE = 'eip155'

const connectedAccount = (ctx: WidgetContext) => connectedOn(ctx, SWAP_NAMESPACE)

/** The connected wallet of the swap's family, whatever carries it. */
const walletSend = (ctx: WidgetContext) => (method: string, params?: unknown) => ctx.wallet(SWAP_NAMESPACE, method, params)

/** Has the wallet send a transaction the swap API built, through the family's adapter; answers its hash. */
async function sendCall(ctx: WidgetContext, tx: ApprovalTransaction & { gas?: bigint }): Promise<string> {
  const { address } = connectedAccount(ctx)
  const family = await loadChainAdapter(SWAP_NAMESPACE)
  return family.sendCall(walletSend(ctx), {
    from: address,
    to: tx.to,
    data: tx.data,
    value: tx.value,
    fee: { gas: tx.gas, gasPrice: tx.gasPrice },
  })
}

/** The family's atomic batches (eip155: EIP-5792); undefined where it has none. */
const familyBatches = async () => (await loadChainAdapter(SWAP_NAMESPACE)).batches?.()

/** Whether the wallet runs the swap's calls as one atomic batch here (a smart account): asked of the wallet. */
async function walletBatches(ctx: WidgetContext, address: string, caipNetworkId: string): Promise<boolean> {
  const batches = await familyBatches()
  return !!batches && (await batches.atomic(walletSend(ctx), address, caipNetworkId))
}

/** Resolves once the transaction is mined: 'success', or 'failed' when it reverted; not mined in time throws. */
async function waitForTransaction(ctx: WidgetContext, caipNetworkId: string, hash: string): Promise<'success' | 'failed'> {
  return (await loadChainAdapter(SWAP_NAMESPACE)).waitForTransaction(ctx.api.rpc, caipNetworkId, hash)
}

/** Back from the preview to the Swap view (SPEC section 8: swap errors return to the previous view). */
function returnToSwap(ctx: WidgetContext): void {
  if (ctx.store.get(currentRouteAtom).name === 'SwapPreview') ctx.store.set(navigateAtom, { type: 'back' })
}

/** No transaction prepared: what a new preparation and a failure both start from. */
const NO_TRANSACTION = { approvalTransaction: undefined, swapTransaction: undefined, batched: undefined, batchedApproval: undefined }

function fail(ctx: WidgetContext, message: string): void {
  patch(ctx, { ...NO_TRANSACTION, loadingTransaction: false, transactionError: message })
  ctx.toasts.show(message, 'error')
  returnToSwap(ctx)
}

/**
 * SPEC section 4: the token list, the network token's price and the balances, then the network
 * token as the source with amount 1. Coming back to the Swap view of the same network and account
 * keeps what the user had entered.
 */
export async function initSwap(ctx: WidgetContext): Promise<void> {
  const caipNetworkId = ctx.store.get(activeCaipNetworkIdAtom)
  const userAddress = ctx.store.get(connectionAtom).address
  const state = get(ctx)
  if (state.status === 'initializing') return
  if (state.status === 'initialized' && state.caipNetworkId === caipNetworkId && state.userAddress === userAddress) return
  if (!isSwapNetwork(caipNetworkId)) {
    ctx.toasts.show(SWAP_TEXTS.unsupportedNetwork, 'error')
    ctx.store.set(navigateAtom, { type: 'back' })
    return
  }
  ctx.store.set(swapAtom, { ...INITIAL_SWAP_STATE, status: 'initializing', caipNetworkId, userAddress })
  try {
    const { address } = connectedAccount(ctx)
    const [listed, balances, gasPrice] = await Promise.all([
      fetchSwapTokens(ctx, caipNetworkId),
      fetchMyBalances(ctx, address, caipNetworkId),
      // SPEC section 8: a gas price failure is no price (the quote goes without one).
      fetchGasPrice(ctx, caipNetworkId).then(
        (prices) => BigInt(prices.fast),
        () => undefined,
      ),
    ])
    const native = listed.find(isNativeToken)
    if (!native) throw new Error('The token list has no network token')
    const tokensPriceMap: Record<string, number> = {}
    const prices = await fetchPrices(
      ctx,
      listed.slice(0, 100).map((t) => t.address),
    ).catch(() => undefined)
    for (const price of prices ?? []) tokensPriceMap[price.address.toLowerCase()] = price.price
    const networkPrice = tokensPriceMap[native.address.toLowerCase()]
    if (networkPrice === undefined) ctx.toasts.show(SWAP_TEXTS.networkPrice, 'error')
    const mine = myTokensWithBalance(balances, listed, caipNetworkId)
    if (get(ctx).caipNetworkId !== caipNetworkId) return
    patch(ctx, {
      status: 'initialized',
      tokens: listed,
      popularTokens: popularTokens(listed),
      suggestedTokens: suggestedTokens(listed),
      myTokensWithBalance: mine,
      tokensPriceMap,
      networkPrice,
      networkBalanceInUSD: balances.find((b) => !b.address && b.chainId === caipNetworkId)?.value ?? 0,
      networkTokenSymbol: native.symbol,
      gasPrice,
      sourceToken: findToken(mine, native.address) ?? native,
    })
    setSourceAmount(ctx, '1')
  } catch {
    ctx.store.set(swapAtom, INITIAL_SWAP_STATE)
    ctx.toasts.show(SWAP_TEXTS.initFailed, 'error')
    ctx.store.set(navigateAtom, { type: 'back' })
  }
}

/** Forgets the swap (a disconnect, a network switch, a finished swap): the next visit starts afresh. */
export function resetSwap(ctx: WidgetContext): void {
  const run = quoteRun(ctx)
  clearTimeout(run.timer)
  run.version++
  ctx.store.set(swapAtom, INITIAL_SWAP_STATE)
}

/** Checks the amount at once (the error shows as the user types) and quotes 500 ms after the last change. */
export function setSourceAmount(ctx: WidgetContext, input: string): void {
  patch(ctx, { sourceTokenAmount: normaliseAmountInput(input), transactionError: undefined })
  scheduleQuote(ctx)
}

export function selectSwapToken(ctx: WidgetContext, target: 'sourceToken' | 'toToken', token: SwapToken): void {
  const s = get(ctx)
  const other = target === 'sourceToken' ? s.toToken : s.sourceToken
  const owned = findToken(s.myTokensWithBalance, token.address) ?? token
  if (other && other.address.toLowerCase() === token.address.toLowerCase()) {
    switchSwapTokens(ctx)
  } else {
    patch(ctx, { [target]: owned, transactionError: undefined })
    scheduleQuote(ctx)
  }
  ctx.store.set(navigateAtom, { type: 'back' })
}

/** SPEC section 4: only when initialized; the quoted output becomes the new source amount. */
export function switchSwapTokens(ctx: WidgetContext): void {
  const s = get(ctx)
  if (s.status !== 'initialized') return
  const amount =
    s.toUnits !== undefined && s.toToken && !s.inputError ? formatSwapAmountInput(s.toUnits, s.toToken.decimals) : s.sourceTokenAmount
  patch(ctx, { sourceToken: s.toToken, toToken: s.sourceToken, sourceTokenAmount: amount, toUnits: undefined, transactionError: undefined })
  scheduleQuote(ctx)
}

function formatSwapAmountInput(units: bigint, decimals: number): string {
  const digits = units.toString().padStart(decimals + 1, '0')
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${digits.slice(0, digits.length - decimals)}${fraction ? `.${fraction}` : ''}`
}

/** Validates now; the quote call waits for 500 ms without a change (SPEC section 9 debounce). */
function scheduleQuote(ctx: WidgetContext): void {
  const run = quoteRun(ctx)
  clearTimeout(run.timer)
  const version = ++run.version
  const checked = checkInput(ctx)
  if (!checked) {
    patch(ctx, { loadingQuote: false })
    return
  }
  patch(ctx, { loadingQuote: true, fetchError: undefined })
  run.timer = setTimeout(() => void quote(ctx, version), QUOTE_DEBOUNCE_MS)
}

/** SPEC section 4/5 input checks; true when a quote can be asked for. */
function checkInput(ctx: WidgetContext): boolean {
  const s = get(ctx)
  const clear = { inputError: undefined, inputHint: undefined, toUnits: undefined, details: undefined, insufficientGas: false }
  if (!s.sourceToken) {
    patch(ctx, clear)
    return false
  }
  const amount = parseSwapAmount(s.sourceTokenAmount, s.sourceToken.decimals)
  if (!amount.ok) {
    patch(ctx, { ...clear, inputError: s.sourceTokenAmount === '' ? undefined : amount.error, inputHint: amount.hint })
    return false
  }
  const held = s.sourceToken.quantity ? decimalToUnits(s.sourceToken.quantity.numeric, s.sourceToken.decimals) : 0n
  if (hasInsufficientBalance(held, amount.units)) {
    patch(ctx, { ...clear, inputError: INSUFFICIENT_BALANCE })
    return false
  }
  patch(ctx, { inputError: undefined, inputHint: undefined })
  return !!s.toToken
}

/** The quote of the current inputs, applied only if nothing changed meanwhile. */
async function quote(ctx: WidgetContext, version: number): Promise<void> {
  const s = get(ctx)
  const { sourceToken, toToken } = s
  if (!sourceToken || !toToken) return
  const amount = parseSwapAmount(s.sourceTokenAmount, sourceToken.decimals)
  if (!amount.ok) return
  try {
    const { address, caipNetworkId } = connectedAccount(ctx)
    const gasPrice = s.gasPrice ?? 0n
    const toUnits = await fetchQuote(ctx, {
      amount: amount.units,
      userAddress: `${caipNetworkId}:${address}`,
      from: sourceToken.address,
      to: toToken.address,
      gasPrice,
    })
    if (quoteRun(ctx).version !== version) return
    if (toUnits === undefined) {
      patch(ctx, { loadingQuote: false, fetchError: 'No route swaps this amount', toUnits: undefined, details: undefined })
      return
    }
    const current = get(ctx)
    const details = swapDetails({
      sourceUnits: amount.units,
      sourceDecimals: sourceToken.decimals,
      sourcePriceUsd: priceOf(current, sourceToken),
      toUnits,
      toDecimals: toToken.decimals,
      toPriceUsd: priceOf(current, toToken),
      gasPrice,
      networkPriceUsd: current.networkPrice,
    })
    patch(ctx, {
      loadingQuote: false,
      toUnits,
      details,
      insufficientGas: hasInsufficientGas(current.networkBalanceInUSD, details.gasPriceInUSD, isSmartAccount(ctx)),
    })
  } catch (error) {
    if (quoteRun(ctx).version !== version) return
    patch(ctx, {
      loadingQuote: false,
      toUnits: undefined,
      details: undefined,
      fetchError: error instanceof Error ? error.message : 'Quote failed',
    })
  }
}

/** The source amount in smallest units, when the inputs allow a swap. */
function swapAmount(s: SwapState): { source: SwapToken; to: SwapToken; units: bigint } | undefined {
  if (!s.sourceToken || !s.toToken) return undefined
  const amount = parseSwapAmount(s.sourceTokenAmount, s.sourceToken.decimals)
  return amount.ok ? { source: s.sourceToken, to: s.toToken, units: amount.units } : undefined
}

/**
 * The preview's transaction (SPEC section 4): the allowance decides between the swap transaction
 * and an approval of the source amount first.
 */
export async function prepareSwapTransaction(ctx: WidgetContext): Promise<void> {
  const s = get(ctx)
  if (s.sending || s.loadingTransaction) return
  const amount = swapAmount(s)
  if (!amount) return returnToSwap(ctx)
  let account: ReturnType<typeof connectedAccount>
  try {
    account = connectedAccount(ctx)
  } catch {
    return fail(ctx, SWAP_TEXTS.noAddress)
  }
  const userAddress = `${account.caipNetworkId}:${account.address}`
  patch(ctx, { ...NO_TRANSACTION, loadingTransaction: true, transactionError: undefined })
  const batching = walletBatches(ctx, account.address, account.caipNetworkId)
  let sufficient = true
  if (!isNativeToken(amount.source)) {
    try {
      sufficient = isAllowanceSufficient(await fetchAllowance(ctx, amount.source.address, userAddress), amount.units)
    } catch {
      return fail(ctx, SWAP_TEXTS.allowance)
    }
  }
  const batched = await batching
  const approve = () => buildApprove(ctx, { userAddress, from: amount.source.address, to: amount.to.address, amount: amount.units })
  if (!sufficient && !batched) {
    try {
      patch(ctx, { loadingTransaction: false, approvalTransaction: approvalOf(await approve()) })
    } catch {
      fail(ctx, SWAP_TEXTS.approval)
    }
    return
  }
  const swap = () =>
    buildSwapTransaction(ctx, {
      userAddress,
      from: amount.source.address,
      to: amount.to.address,
      amount: amount.units,
      slippage: SWAP_SLIPPAGE_PERCENT,
      disableEstimate: !sufficient,
    })
  // A batch holds the approval it needs: both are built at once.
  const [approval, built] = await Promise.allSettled([sufficient ? undefined : approve().then(approvalOf), swap()])
  if (approval.status === 'rejected') return fail(ctx, SWAP_TEXTS.approval)
  if (built.status === 'rejected') return fail(ctx, SWAP_TEXTS.transaction)
  const tx = built.value
  const gas = BigInt(tx.eip155.gas)
  const gasPrice = BigInt(tx.eip155.gasPrice)
  const current = get(ctx)
  const details = swapDetails({
    sourceUnits: amount.units,
    sourceDecimals: amount.source.decimals,
    sourcePriceUsd: priceOf(current, amount.source),
    toUnits: BigInt(tx.amount),
    toDecimals: amount.to.decimals,
    toPriceUsd: priceOf(current, amount.to),
    gasPrice,
    gasLimit: gas,
    networkPriceUsd: current.networkPrice,
  })
  patch(ctx, {
    loadingTransaction: false,
    toUnits: BigInt(tx.amount),
    details,
    batched,
    batchedApproval: approval.value,
    swapTransaction: {
      to: plainAddress(tx.to),
      data: tx.data as `0x${string}`,
      value: BigInt(tx.value),
      gas,
      gasPrice,
      toAmount: BigInt(tx.amount),
    },
  })
}

/** The API's approval transaction as the swap sends it. */
function approvalOf(tx: Awaited<ReturnType<typeof buildApprove>>): ApprovalTransaction {
  return { to: plainAddress(tx.to), data: tx.data as `0x${string}`, value: BigInt(tx.value), gasPrice: BigInt(tx.eip155.gasPrice) }
}

/** The preview's button: the approval when one is due, else the swap. A second click while one runs does nothing. */
export async function confirmSwap(ctx: WidgetContext): Promise<void> {
  const s = get(ctx)
  if (s.sending || s.loadingTransaction) return
  if (s.approvalTransaction) return sendApproval(ctx, s.approvalTransaction)
  if (s.swapTransaction) return sendSwap(ctx, s)
}

async function sendApproval(ctx: WidgetContext, tx: NonNullable<SwapState['approvalTransaction']>): Promise<void> {
  patch(ctx, { sending: 'approval' })
  ctx.toasts.show(SWAP_TEXTS.approveInWallet, 'loading')
  try {
    const { caipNetworkId } = connectedAccount(ctx)
    let hash = get(ctx).pendingApprovalHash
    if (!hash) {
      hash = await sendCall(ctx, tx)
      patch(ctx, { pendingApprovalHash: hash })
    }
    const status = await waitForTransaction(ctx, caipNetworkId, hash)
    patch(ctx, { pendingApprovalHash: undefined })
    if (status !== 'success') throw new Error('The approval reverted')
    ctx.toasts.close()
  } catch (error) {
    track(ctx, 'SWAP_APPROVAL_ERROR', { message: messageOf(error) })
    patch(ctx, { sending: undefined })
    return fail(ctx, SWAP_TEXTS.transactionError)
  }
  patch(ctx, { sending: undefined, approvalTransaction: undefined })
  // The approval is mined: the quote and the swap transaction are built again on the new allowance.
  await requote(ctx)
  await prepareSwapTransaction(ctx)
}

async function sendSwap(ctx: WidgetContext, s: SwapState): Promise<void> {
  const tx = s.swapTransaction!
  const amount = swapAmount(s)
  if (!amount) return
  const from = formatSwapAmount(amount.units, amount.source.decimals, amount.source.symbol)
  const to = formatSwapAmount(tx.toAmount, amount.to.decimals, amount.to.symbol)
  patch(ctx, { sending: 'swap' })
  try {
    const { address, caipNetworkId } = connectedAccount(ctx)
    const status = s.batched ? await swapInBatch(ctx, s, from, to) : await swapInTransaction(ctx, s, from, to)
    if (status !== 'success') throw new Error('The swap reverted')
    track(ctx, 'SWAP_SUCCESS', {
      network: caipNetworkId,
      swapFromToken: amount.source.symbol,
      swapToToken: amount.to.symbol,
      swapFromAmount: amount.units.toString(),
      swapToAmount: tx.toAmount.toString(),
      isSmartAccount: isSmartAccount(ctx),
    })
    ctx.toasts.show(`Swapped ${from} to ${to}`, 'success')
    resetSwap(ctx)
    // The balances moved: the Account view and the next swap read them again.
    void fetchMyBalances(ctx, address, caipNetworkId, true).catch(() => undefined)
    ctx.store.set(navigateAtom, { type: 'replace', route: { name: 'Account' } })
  } catch (error) {
    track(ctx, 'SWAP_ERROR', { message: messageOf(error) })
    patch(ctx, { sending: undefined })
    fail(ctx, SWAP_TEXTS.transactionError)
  }
}

/** The swap as its own transaction (its approval, when due, was mined before). */
function swapInTransaction(ctx: WidgetContext, s: SwapState, from: string, to: string): Promise<'success' | 'failed'> {
  const { caipNetworkId } = connectedAccount(ctx)
  return sendOnceAndWait(ctx, s, { from, to }, 'pendingSwapHash', {
    send: () => sendCall(ctx, s.swapTransaction!),
    wait: (hash) => waitForTransaction(ctx, caipNetworkId, hash),
  })
}

/** The approval (when due) and the swap in one atomic batch: one confirmation, both or neither on chain. */
async function swapInBatch(ctx: WidgetContext, s: SwapState, from: string, to: string): Promise<'success' | 'failed'> {
  const { address, caipNetworkId } = connectedAccount(ctx)
  const batches = await familyBatches()
  if (!batches) throw new Error('The wallet has no batches')
  const calls = s.batchedApproval ? [s.batchedApproval, s.swapTransaction!] : [s.swapTransaction!]
  return sendOnceAndWait(ctx, s, { from, to }, 'pendingBatchId', {
    send: () => batches.send(walletSend(ctx), { from: address, caipNetworkId, calls }),
    wait: (id) => batches.wait(walletSend(ctx), id),
  })
}

/**
 * Sends the swap once, its id kept in `pending` so that a retry waits for the one sent rather than
 * sending again, then waits until it is final.
 */
async function sendOnceAndWait(
  ctx: WidgetContext,
  s: SwapState,
  amounts: { from: string; to: string },
  pending: 'pendingSwapHash' | 'pendingBatchId',
  { send, wait }: { send: () => Promise<string>; wait: (id: string) => Promise<'success' | 'failed'> },
): Promise<'success' | 'failed'> {
  let id = s[pending]
  if (!id) {
    ctx.toasts.show(SWAP_TEXTS.confirmInWallet, 'loading')
    id = await send()
    patch(ctx, { [pending]: id })
  }
  ctx.toasts.show(`Swapping ${amounts.from} to ${amounts.to}`, 'loading')
  const status = await wait(id)
  patch(ctx, { [pending]: undefined })
  return status
}

/** The quote now, not debounced: after an approval the preview shows the rebuilt numbers. */
async function requote(ctx: WidgetContext): Promise<void> {
  const run = quoteRun(ctx)
  clearTimeout(run.timer)
  const version = ++run.version
  if (checkInput(ctx)) await quote(ctx, version)
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))
