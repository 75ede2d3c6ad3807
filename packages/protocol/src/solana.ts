import * as z from 'zod/mini'
import { BASE58, BASE64, SOLANA_ADDRESS, SOLANA_COMMITMENTS, SOLANA_METHODS } from './patterns'

/**
 * The Solana JSON-RPC of Airlock: what a dapp sends `getProvider('solana')`, and what the widget
 * sends every Solana connector (WalletConnect's `solana_*` methods with their shapes; the widget
 * translates it to Wallet Standard features for wallets of the page). Bytes travel as base58
 * (messages, signatures, keys) or base64 (transactions), as WalletConnect has them.
 */
export const SolanaMethod = z.enum(SOLANA_METHODS)
export type SolanaMethod = z.infer<typeof SolanaMethod>

export const SolanaAddress = z.string().check(z.regex(SOLANA_ADDRESS))
const base58 = (max: number) => z.string().check(z.minLength(1), z.maxLength(max), z.regex(BASE58))
/** A serialized transaction is at most 1232 bytes on the wire; base64 of that is 1644 characters. */
const transaction = z.string().check(z.minLength(4), z.maxLength(1644), z.regex(BASE64))
const signature = base58(88)

/** How a signed transaction is sent: WalletConnect's `sendOptions`, the Wallet Standard's `options`. */
export const SolanaSendOptions = z.object({
  skipPreflight: z.optional(z.boolean()),
  preflightCommitment: z.optional(z.enum(SOLANA_COMMITMENTS)),
  maxRetries: z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(100))),
  minContextSlot: z.optional(z.number().check(z.int(), z.minimum(0))),
})
export type SolanaSendOptions = z.infer<typeof SolanaSendOptions>

export const solanaMethodParams = {
  solana_getAccounts: z.optional(z.unknown()),
  solana_requestAccounts: z.optional(z.unknown()),
  /** `message`: the bytes to sign, base58 (at most 4 KiB of bytes). */
  solana_signMessage: z.object({ message: base58(5600), pubkey: SolanaAddress }),
  solana_signTransaction: z.object({ transaction }),
  solana_signAndSendTransaction: z.object({
    transaction,
    sendOptions: z.optional(SolanaSendOptions),
  }),
} satisfies Record<SolanaMethod, z.ZodMiniType>

const accounts = z.array(z.object({ pubkey: SolanaAddress })).check(z.maxLength(10))
export const solanaMethodResults = {
  solana_getAccounts: accounts,
  solana_requestAccounts: accounts,
  solana_signMessage: z.object({ signature }),
  solana_signTransaction: z.object({ signature, transaction: z.optional(transaction) }),
  solana_signAndSendTransaction: z.object({ signature }),
} satisfies Record<SolanaMethod, z.ZodMiniType>

export type SolanaParams<M extends SolanaMethod> = z.output<(typeof solanaMethodParams)[M]>
export type SolanaResult<M extends SolanaMethod> = z.output<(typeof solanaMethodResults)[M]>

export function isSolanaMethod(method: string): method is SolanaMethod {
  return (SOLANA_METHODS as readonly string[]).includes(method)
}
