import type { TokenBalance } from '../../core/http/accountData'
import { quantityToUnits } from './amount'

/** The Send form's figures and its SPEC section 5 rule (pure), whatever the family. */

/** The fee in USD: `amount` smallest units of the native token at `nativePriceUsd`. */
export function feeUsd(amount: bigint, decimals: number, nativePriceUsd: number): number {
  // Split to keep precision for amounts beyond 2^53.
  const scale = 10n ** BigInt(decimals)
  return (Number(amount / scale) + Number(amount % scale) / Number(scale)) * nativePriceUsd
}

/**
 * What Max may send of the native token before the fee, in smallest units: the balance, or for a
 * Polkadot one (the balance with a breakdown) what a transferKeepAlive may move, the only transfer
 * the API builds: frozen funds stay and the account keeps its existential deposit.
 */
export function nativeSpendable(token: TokenBalance): bigint {
  return quantityToUnits(token.breakdown?.transferableKeepAlive ?? token.quantity.numeric, Number(token.quantity.decimals))
}

/** Max of the native token: what it may spend (nativeSpendable) minus the fee the send costs, never below 0. */
export function maxNativeAmount(spendable: bigint, fee: bigint): bigint {
  const rest = spendable - fee
  return rest > 0n ? rest : 0n
}

/**
 * SPEC section 5: a send needs a receiver, an amount, and either a token (its transfer) or, for the
 * native token, a known fee (EVM: a gas price plus decimals).
 */
export function canSend(input: {
  receiver?: string | undefined
  amount?: bigint | undefined
  token: boolean
  fee?: bigint | undefined
}): boolean {
  if (!input.receiver || input.amount === undefined || input.amount <= 0n) return false
  return input.token || input.fee !== undefined
}
