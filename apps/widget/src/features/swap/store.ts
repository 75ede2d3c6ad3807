import { atom } from 'jotai'
import type { SwapDetails } from './quote'
import type { SwapToken } from './tokens'

/** SPEC section 3 "Swap state"; actions/swap.ts drives it, views/swap reads it. */

export interface ApprovalTransaction {
  to: `0x${string}`
  data: `0x${string}`
  value: bigint
  gasPrice: bigint
}

export interface SwapTransaction extends ApprovalTransaction {
  gas: bigint
  /** The quoted output in smallest units of the destination. */
  toAmount: bigint
}

export interface SwapState {
  status: 'uninitialized' | 'initializing' | 'initialized'
  /** The network and account the state was initialised for: another one starts afresh. */
  caipNetworkId?: string | undefined
  userAddress?: string | undefined
  tokens: SwapToken[]
  popularTokens: SwapToken[]
  suggestedTokens: SwapToken[]
  myTokensWithBalance: SwapToken[]
  /** USD price per lower-cased CAIP-10 address. */
  tokensPriceMap: Record<string, number>
  networkPrice?: number | undefined
  networkBalanceInUSD: number
  networkTokenSymbol: string
  sourceToken?: SwapToken | undefined
  toToken?: SwapToken | undefined
  /** What the user typed (normalised). */
  sourceTokenAmount: string
  /** The quoted output in smallest units. */
  toUnits?: bigint | undefined
  /** 'Incorrect amount' or 'Insufficient balance' (SPEC section 4), with a hint for the first. */
  inputError?: string | undefined
  inputHint?: string | undefined
  loadingQuote: boolean
  /** The quote call's failure (the api's reason, e.g. insufficient liquidity). */
  fetchError?: string | undefined
  gasPrice?: bigint | undefined
  details?: SwapDetails | undefined
  insufficientGas: boolean
  loadingTransaction: boolean
  approvalTransaction?: ApprovalTransaction | undefined
  swapTransaction?: SwapTransaction | undefined
  /**
   * Where the wallet runs calls atomically (a smart account, EIP-5792): the swap goes as one batch,
   * one confirmation, with the approval it needs first in it (`batchedApproval`).
   */
  batched?: boolean | undefined
  batchedApproval?: ApprovalTransaction | undefined
  /** A wallet step in progress: the buttons that send are disabled until it settles. */
  sending?: 'approval' | 'swap' | undefined
  /** A swap sent whose receipt was not seen yet: a retry waits for it instead of sending again. */
  pendingSwapHash?: string | undefined
  /** The same for a batched swap: its batch id. */
  pendingBatchId?: string | undefined
  /** The same for an approval: a retry waits for it rather than approving twice. */
  pendingApprovalHash?: string | undefined
  /** The last failed step's message, shown in the Swap view after going back. */
  transactionError?: string | undefined
}

export const INITIAL_SWAP_STATE: SwapState = {
  status: 'uninitialized',
  tokens: [],
  popularTokens: [],
  suggestedTokens: [],
  myTokensWithBalance: [],
  tokensPriceMap: {},
  networkBalanceInUSD: 0,
  networkTokenSymbol: '',
  sourceTokenAmount: '',
  loadingQuote: false,
  insufficientGas: false,
  loadingTransaction: false,
}

export const swapAtom = atom<SwapState>(INITIAL_SWAP_STATE)

/** SPEC section 5: both tokens have address and decimals, the amount is above 0, and a quote is in. */
export const canReviewSwapAtom = atom((get) => {
  const s = get(swapAtom)
  return (
    s.status === 'initialized' &&
    !!s.sourceToken &&
    !!s.toToken &&
    !s.inputError &&
    !s.fetchError &&
    !s.loadingQuote &&
    !s.insufficientGas &&
    s.toUnits !== undefined &&
    s.toUnits > 0n
  )
})

/** SPEC section 4: switching is allowed only when initialized and not initializing. */
export const canSwitchTokensAtom = atom((get) => get(swapAtom).status === 'initialized')
