/**
 * The fee fields of an eip155 transaction and what they make it (SPEC section 5's chain checks): the
 * one rule the widget applies before asking the wallet and the secure frame applies before showing
 * and signing, so that the fee shown is the fee signed.
 */

export const FeeMessage = {
  mixed: 'Cannot specify both a gasPrice and a maxFeePerGas/maxPriorityFeePerGas',
  capTooHigh: 'The fee cap (maxFeePerGas) cannot be higher than the maximum allowed value (2^256-1)',
  tipAboveCap: 'The tip (maxPriorityFeePerGas) cannot be higher than the fee cap (maxFeePerGas)',
  halfEip1559: 'An EIP-1559 transaction needs both maxFeePerGas and maxPriorityFeePerGas',
  none: 'The transaction has no fee fields (maxFeePerGas and maxPriorityFeePerGas, or gasPrice)',
  typeMismatch: (type: string, signed: string) => `The transaction says type ${type}, but its fields make it type ${signed}`,
} as const

const MAX_UINT256 = 2n ** 256n - 1n

export interface FeeFields {
  gasPrice?: string | undefined
  maxFeePerGas?: string | undefined
  maxPriorityFeePerGas?: string | undefined
}

/** What is wrong with the fee fields a dapp gave (any may be missing, to be filled), or undefined. */
export function feeFieldsProblem({ gasPrice, maxFeePerGas, maxPriorityFeePerGas }: FeeFields): string | undefined {
  if (gasPrice !== undefined && (maxFeePerGas !== undefined || maxPriorityFeePerGas !== undefined)) return FeeMessage.mixed
  if (maxFeePerGas !== undefined && BigInt(maxFeePerGas) > MAX_UINT256) return FeeMessage.capTooHigh
  if (maxFeePerGas !== undefined && maxPriorityFeePerGas !== undefined && BigInt(maxPriorityFeePerGas) > BigInt(maxFeePerGas))
    return FeeMessage.tipAboveCap
  return undefined
}

/** An eip155 transaction's kind by its fields: legacy 0x0, EIP-2930 0x1 (gas price and access list), EIP-1559 0x2. */
export type TransactionType = '0x0' | '0x1' | '0x2'

export type SignedFees = { type: '0x0' | '0x1'; gasPrice: bigint } | { type: '0x2'; maxFeePerGas: bigint; maxPriorityFeePerGas: bigint }

/**
 * The fees of a transaction about to be signed, complete and consistent: one kind of fee fields,
 * both EIP-1559 ones or a gas price, and a declared `type` that says what the fields make it.
 * Throws the reason otherwise (an Error whose message is one of FeeMessage).
 */
export function signedFees(fields: FeeFields & { type?: string | undefined; hasAccessList: boolean }): SignedFees {
  const problem = feeFieldsProblem(fields)
  if (problem) throw new Error(problem)
  const { gasPrice, maxFeePerGas, maxPriorityFeePerGas } = fields
  let fees: SignedFees
  if (maxFeePerGas !== undefined || maxPriorityFeePerGas !== undefined) {
    if (maxFeePerGas === undefined || maxPriorityFeePerGas === undefined) throw new Error(FeeMessage.halfEip1559)
    fees = { type: '0x2', maxFeePerGas: BigInt(maxFeePerGas), maxPriorityFeePerGas: BigInt(maxPriorityFeePerGas) }
  } else if (gasPrice !== undefined) {
    fees = { type: fields.hasAccessList ? '0x1' : '0x0', gasPrice: BigInt(gasPrice) }
  } else {
    throw new Error(FeeMessage.none)
  }
  if (fields.type !== undefined && fields.type !== fees.type) throw new Error(FeeMessage.typeMismatch(fields.type, fees.type))
  return fees
}

/** The most a transaction's network fee can cost, in the smallest unit: gas x maxFeePerGas, or gas x gasPrice. */
export const maxNetworkFee = (gas: bigint, fees: SignedFees): bigint => gas * (fees.type === '0x2' ? fees.maxFeePerGas : fees.gasPrice)
