import { SOLANA_ADDRESS } from '@airlock/protocol'
import type { ParsedAddress } from '../types'
import { base58ToBytes } from './bytes'

export const SolanaAddressError = {
  invalid: 'Enter a valid Solana address (32 to 44 base58 characters)',
  length: 'This is not a Solana address: it does not decode to 32 bytes',
} as const

/**
 * A Solana address is an ed25519 public key (or a program-derived address) in base58: 32 to 44
 * characters that decode to exactly 32 bytes. Base58 is case-sensitive, so nothing is normalised
 * but the surrounding spaces.
 */
export function parseSolanaAddress(input: string): ParsedAddress {
  const value = input.trim()
  // The length bound comes first, so an oversized input is never decoded.
  if (!SOLANA_ADDRESS.test(value)) return { ok: false, error: SolanaAddressError.invalid }
  if (base58ToBytes(value).length !== 32) return { ok: false, error: SolanaAddressError.length }
  return { ok: true, address: value }
}

/** Exactly an address, as written (no spaces around it). */
export function isSolanaAddress(value: string): boolean {
  const parsed = parseSolanaAddress(value)
  return parsed.ok && parsed.address === value
}
