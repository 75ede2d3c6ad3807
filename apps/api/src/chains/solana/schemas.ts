import * as z from 'zod'

/**
 * The parts of Solana node answers the data API reads (jsonParsed encoding), checked as they
 * arrive. Lamports are JSON numbers (exact up to 2^53 lamports, about 9 million SOL).
 */
const Base58 = z.string().regex(/^[1-9A-HJ-NP-Za-km-z]{32,88}$/)
const Lamports = z.number().int().nonnegative()
const Amount = z.string().regex(/^\d{1,20}$/)

export const TokenAmount = z.object({ amount: Amount, decimals: z.number().int().min(0).max(255) })

export const BalanceResult = z.object({ value: Lamports })

/** An account of getTokenAccountsByOwner; `data` is checked apart (a node may fall back to base64 for one it cannot parse). */
export const TokenAccountsResult = z.object({ value: z.array(z.object({ pubkey: Base58, account: z.object({ data: z.unknown() }) })) })
export const ParsedTokenAccountData = z.object({
  parsed: z.object({ type: z.literal('account'), info: z.object({ mint: Base58, owner: Base58, tokenAmount: TokenAmount }) }),
})

export const SignaturesResult = z.array(
  z.object({
    signature: Base58,
    slot: z.number().int().nonnegative(),
    err: z.unknown(),
    blockTime: z.number().int().nullable().optional(),
  }),
)
export type SignatureEntry = z.infer<typeof SignaturesResult>[number]

const Instruction = z.object({ programId: Base58, program: z.string().optional(), parsed: z.unknown().optional() })
export type ParsedInstruction = z.infer<typeof Instruction>

const TokenBalance = z.object({
  accountIndex: z.number().int().nonnegative(),
  mint: Base58,
  owner: Base58.optional(),
  uiTokenAmount: TokenAmount,
})

export const ParsedTransaction = z.object({
  slot: z.number().int().nonnegative(),
  blockTime: z.number().int().nullable().optional(),
  meta: z
    .object({
      err: z.unknown(),
      preTokenBalances: z.array(TokenBalance).optional(),
      postTokenBalances: z.array(TokenBalance).optional(),
      innerInstructions: z
        .array(z.object({ index: z.number().int(), instructions: z.array(Instruction) }))
        .nullable()
        .optional(),
    })
    .nullable(),
  transaction: z.object({
    signatures: z.array(Base58).min(1),
    message: z.object({ accountKeys: z.array(z.object({ pubkey: Base58 })), instructions: z.array(Instruction) }),
  }),
})
export type ParsedTransaction = z.infer<typeof ParsedTransaction>

/** The parsed instructions that move value, as the node's parsers name them. */
export const SystemTransfer = z.object({
  type: z.literal('transfer'),
  info: z.object({ source: Base58, destination: Base58, lamports: Lamports }),
})
export const SystemCreateAccount = z.object({
  type: z.literal('createAccount'),
  info: z.object({ source: Base58, newAccount: Base58, lamports: Lamports }),
})
export const TokenTransfer = z.object({
  type: z.enum(['transfer', 'transferChecked']),
  info: z.object({
    source: Base58,
    destination: Base58,
    mint: Base58.optional(),
    amount: Amount.optional(),
    tokenAmount: TokenAmount.optional(),
  }),
})
export const TokenMintTo = z.object({
  type: z.enum(['mintTo', 'mintToChecked']),
  info: z.object({ mint: Base58, account: Base58, amount: Amount.optional(), tokenAmount: TokenAmount.optional() }),
})
export const TokenBurn = z.object({
  type: z.enum(['burn', 'burnChecked']),
  info: z.object({ account: Base58, mint: Base58, amount: Amount.optional(), tokenAmount: TokenAmount.optional() }),
})
