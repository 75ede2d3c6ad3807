import { keccak256, stringToBytes, verifyMessage, type Address, type Hex } from 'viem'
import type { ChainRegistry } from '../registry'
import type { Database } from '../../platform/db/database'

/**
 * Proof that an address signed a message (EIP-191 `personal_sign`), for name registration and the
 * smart-session store:
 * 1. an EOA signature is checked locally (ecrecover), without any request;
 * 2. otherwise, when the chain is configured, the chain's client checks it as a smart account:
 *    ERC-1271 `isValidSignature` for a deployed contract, ERC-6492 for a counterfactual one (viem
 *    `verifyMessage`, an `eth_call` to the universal validator, nothing is deployed).
 * A chain that is not configured supports EOA signatures only.
 */
export class ChainUnavailableError extends Error {
  constructor(
    readonly caipNetworkId: string,
    cause: unknown,
  ) {
    super(`Signature could not be verified: chain ${caipNetworkId} is unavailable`, { cause })
    this.name = 'ChainUnavailableError'
  }
}

export interface SignedMessage {
  address: Address
  message: string
  signature: Hex
  /** CAIP-2 id of the chain the signer's account lives on, e.g. `eip155:31337`. */
  caipNetworkId?: string
}

/** True when `address` signed `message`. Throws ChainUnavailableError when a smart-account check could not reach the chain. */
export async function verifySignedMessage(chains: ChainRegistry, signed: SignedMessage): Promise<boolean> {
  const { address, message, signature, caipNetworkId } = signed
  try {
    if (await verifyMessage({ address, message, signature })) return true
  } catch {
    // Not a plain 65-byte ECDSA signature (an ERC-6492 wrapper, or junk): try the chain.
  }
  const client = caipNetworkId ? chains.client(caipNetworkId) : undefined
  if (!client) return false
  try {
    if (await client.verifyMessage({ address, message, signature })) return true
    // viem folds transport failures into "invalid": tell a refused signature from an unreachable chain.
    await client.request({ method: 'eth_chainId' })
  } catch (error) {
    throw new ChainUnavailableError(caipNetworkId!, error)
  }
  return false
}

/** Signature hex as the routes accept it: 0x + an even number of hex digits, at most 16 KiB of hex (ERC-6492 wrappers are long). */
export const SIGNATURE_PATTERN = /^0x(?:[0-9a-fA-F]{2}){1,8192}$/

/**
 * Replay protection: the digest of (purpose, signer, exact signed message). Keyed by the message
 * rather than the signature bytes, because an ECDSA signature has a second valid form (s and n-s)
 * that would otherwise slip past a signature-keyed check.
 */
export function signedMessageDigest(purpose: string, address: Address, message: string): Hex {
  return keccak256(stringToBytes(`${purpose}\n${address.toLowerCase()}\n${message}`))
}

/** Whether this signed message was used before (read only; the claim inside the write transaction is what counts). */
export async function isSignedMessageUsed(db: Database, purpose: string, address: Address, message: string): Promise<boolean> {
  const digest = signedMessageDigest(purpose, address, message)
  const { rows } = await db.query('SELECT 1 FROM used_signed_messages WHERE digest = $1', [digest])
  return rows.length > 0
}

/** Records the signed message as used; false when it already was (a replay). Call inside the transaction that acts on it. */
export async function claimSignedMessage(tx: Database, purpose: string, address: Address, message: string, usedAt: Date): Promise<boolean> {
  const digest = signedMessageDigest(purpose, address, message)
  const { rows } = await tx.query(
    `INSERT INTO used_signed_messages (digest, purpose, address, used_at) VALUES ($1, $2, $3, $4)
     ON CONFLICT (digest) DO NOTHING RETURNING digest`,
    [digest, purpose, address, usedAt.toISOString()],
  )
  return rows.length === 1
}
