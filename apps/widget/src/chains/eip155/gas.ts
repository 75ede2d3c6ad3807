/**
 * Gas figures of a send (pure). SPEC section 9: the gas estimate assumes 150000 gas until the
 * transaction is known well enough for eth_estimateGas.
 */

export const ASSUMED_GAS_LIMIT = 150_000n
/** A plain native transfer to an account without code. */
export const NATIVE_TRANSFER_GAS = 21_000n

/** The gas cost in USD: gas x price (wei) in the native token at `nativePriceUsd`. */
export function gasCostUsd(gas: bigint, gasPrice: bigint, nativePriceUsd: number, nativeDecimals = 18): number {
  const wei = gas * gasPrice
  // Split to keep precision for wei amounts beyond 2^53.
  const scale = 10n ** BigInt(nativeDecimals)
  return (Number(wei / scale) + Number(wei % scale) / Number(scale)) * nativePriceUsd
}

/** Max of the native token: the balance minus the gas the send costs, never below 0. */
export function maxNativeAmount(balance: bigint, gas: bigint, gasPrice: bigint): bigint {
  const rest = balance - gas * gasPrice
  return rest > 0n ? rest : 0n
}

/**
 * SPEC section 5: an EVM send needs a receiver, an amount, and either a token address (ERC-20)
 * or a gas price plus decimals (native).
 */
export function canSendEvm(input: {
  receiverAddress?: string | undefined
  amount?: bigint | undefined
  tokenAddress?: string | undefined
  gasPrice?: bigint | undefined
  decimals?: number | undefined
}): boolean {
  if (!input.receiverAddress || input.amount === undefined || input.amount <= 0n) return false
  return Boolean(input.tokenAddress) || (input.gasPrice !== undefined && input.decimals !== undefined)
}
