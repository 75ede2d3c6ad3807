import { formatDecimal, formatUnits } from '@airlock/chains'

/** SPEC section 9 swap constants. */
export const PROVIDER_FEE_RATE = 0.0085
/** Slippage tolerance in percent sent to build-transaction (the convert tolerance is 1). */
export const SWAP_SLIPPAGE_PERCENT = 1
/** SPEC section 5: the destination amount is shown with 6 decimals. */
export const DESTINATION_DECIMALS = 6
/** SPEC section 9: a success message shows 3 decimals. */
export const SUCCESS_DECIMALS = 3
export const QUOTE_DEBOUNCE_MS = 500
/** The gas the quote assumes until the swap API has built the transaction (its own gas then). */
export const ASSUMED_GAS_LIMIT = 150_000n

/** Smallest units to a USD value at `price` per whole token. */
export function unitsToUsd(units: bigint, decimals: number, price: number): number {
  return Number(formatUnits(units, decimals)) * price
}

/** The destination amount as shown: 6 decimals, en-US grouping. */
export function formatDestination(units: bigint, decimals: number): string {
  return formatDecimal(formatUnits(units, decimals), DESTINATION_DECIMALS)
}

export interface SwapDetails {
  /** Percent of the source's USD value lost in the trade (negative when gaining). */
  priceImpact: number | undefined
  /** 0.85 % of the source amount, in source tokens. */
  providerFee: string
  /** Smallest units of the destination the trade may fall short by at the slippage tolerance. */
  maxSlippage: bigint
  /** Wei. */
  gasFee: bigint
  gasPriceInUSD: number | undefined
}

export interface DetailsInput {
  sourceUnits: bigint
  sourceDecimals: number
  sourcePriceUsd: number | undefined
  toUnits: bigint
  toDecimals: number
  toPriceUsd: number | undefined
  /** Wei per gas. */
  gasPrice: bigint
  /** The built transaction's gas, else the assumed 150000. */
  gasLimit?: bigint | undefined
  networkPriceUsd: number | undefined
}

export function swapDetails(input: DetailsInput): SwapDetails {
  const sourceUsd =
    input.sourcePriceUsd === undefined ? undefined : unitsToUsd(input.sourceUnits, input.sourceDecimals, input.sourcePriceUsd)
  const toUsd = input.toPriceUsd === undefined ? undefined : unitsToUsd(input.toUnits, input.toDecimals, input.toPriceUsd)
  const gasFee = (input.gasLimit ?? ASSUMED_GAS_LIMIT) * input.gasPrice
  return {
    priceImpact: sourceUsd && toUsd !== undefined ? ((sourceUsd - toUsd) / sourceUsd) * 100 : undefined,
    providerFee: providerFee(input.sourceUnits, input.sourceDecimals),
    maxSlippage: (input.toUnits * BigInt(SWAP_SLIPPAGE_PERCENT)) / 100n,
    gasFee,
    gasPriceInUSD: input.networkPriceUsd === undefined ? undefined : unitsToUsd(gasFee, 18, input.networkPriceUsd),
  }
}

/** 0.85 % of the source amount as an exact decimal string of source tokens. */
export function providerFee(sourceUnits: bigint, decimals: number): string {
  // 0.0085 = 85 / 10^4: four more digits keep the product exact.
  return formatUnits(sourceUnits * 85n, decimals + 4)
}

/** SPEC section 5: the held quantity (a decimal string) is below the amount. */
export function hasInsufficientBalance(heldUnits: bigint, sourceUnits: bigint): boolean {
  return heldUnits < sourceUnits
}

/**
 * SPEC section 5: the network balance is 0 or below the gas cost in USD. A smart account never
 * is (its gas can be sponsored); an unknown gas cost is not held against the user.
 */
export function hasInsufficientGas(networkBalanceInUSD: number, gasPriceInUSD: number | undefined, isSmartAccount: boolean): boolean {
  if (isSmartAccount) return false
  if (networkBalanceInUSD <= 0) return true
  return gasPriceInUSD !== undefined && networkBalanceInUSD < gasPriceInUSD
}

/** SPEC section 5: the allowance is sufficient only if it is at least the source amount in smallest units. */
export function isAllowanceSufficient(allowance: bigint, sourceUnits: bigint): boolean {
  return allowance >= sourceUnits
}

/** Decimal string ('1.5') to smallest units; a malformed quantity counts as nothing held. */
export function decimalToUnits(value: string, decimals: number): bigint {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value)
  if (!match) return 0n
  const [, whole = '0', fraction = ''] = match
  return BigInt(`${whole}${fraction.slice(0, decimals).padEnd(decimals, '0')}`)
}

/** 'Swapping 1 ETH to 2,988.021 USDC' style amounts: 3 decimals, trailing zeros kept short. */
export function formatSwapAmount(units: bigint, decimals: number, symbol: string): string {
  const shown = formatDecimal(formatUnits(units, decimals), SUCCESS_DECIMALS).replace(/\.?0+$/, '')
  return `${shown} ${symbol}`
}
