import * as z from 'zod'
import { checkTimestamp } from '../names/rules'

/**
 * The pure rules of the smart-session store (no I/O).
 *
 * A session is created with `POST /v1/sessions/{caip10}` and body `{ message, signature }`, where
 * `message` is the JSON string of the grant (AppKit's `SmartSessionGrantPermissionsRequest`
 * fields plus a timestamp) and `signature` is the account's EIP-191 signature of that string:
 *
 *   { chainId: '0x7a69' | 31337, expiry: <unix s>, signer?: { type, data },
 *     permissions: [{ type, data }], policies: [{ type, data }], context?: '0x..', timestamp: <unix s> }
 *
 * It is revoked with `POST /v1/sessions/{address}/revoke` and body `{ pci, signature }`, where
 * `signature` is the account's EIP-191 signature of the pci string itself.
 */
export const SESSION_MAX_EXPIRY_S = 365 * 24 * 60 * 60
export const SESSION_MESSAGE_MAX_CHARS = 32 * 1024
export const SESSION_MAX_ENTRIES = 32

export const SessionReason = {
  address: 'Invalid address',
  caip10Required: 'A CAIP-10 account (eip155:<chainId>:<address>) is needed to create a session',
  message: 'Message must be a JSON string of { chainId, expiry, permissions, policies, timestamp }',
  chainMismatch: 'chainId does not match the account',
  expiryPast: 'Expiry must be in the future',
  expiryTooFar: 'Expiry must be within 365 days',
  signatureInvalid: 'Signature is invalid',
  signatureUsed: 'Signature has already been used',
  notFound: 'Session not found',
  revoked: 'Session is already revoked',
  recorded: 'This permission is already recorded',
  enabledOnChain: 'The permission’s delegation is still enabled on chain: revoke it from the wallet (wallet_revokeExecutionPermission)',
} as const

const TypedData = z.object({ type: z.string().min(1).max(64), data: z.unknown() })
const ChainIdField = z.union([z.number().int().positive(), z.string().regex(/^0x[0-9a-fA-F]{1,8}$/), z.string().regex(/^[1-9][0-9]{0,9}$/)])

const CreateMessage = z.object({
  chainId: ChainIdField,
  expiry: z.number().int().positive(),
  signer: TypedData.optional(),
  permissions: z.array(TypedData).min(1).max(SESSION_MAX_ENTRIES),
  policies: z.array(TypedData).max(SESSION_MAX_ENTRIES).default([]),
  context: z
    .string()
    .regex(/^0x(?:[0-9a-fA-F]{2})*$/)
    .max(16 * 1024)
    .optional(),
  timestamp: z.number().int().nonnegative(),
})

export type TypedData = { type: string; data: unknown }

export interface SessionGrant {
  chainId: number
  expiry: number
  signer?: TypedData
  permissions: TypedData[]
  policies: TypedData[]
  context?: string
  timestamp: number
}

export type Outcome<T> = { ok: true; value: T } | { ok: false; reason: string }

/** Parses and checks a create message against the account's chain and the clock. */
export function parseSessionGrant(message: string, chainId: number, nowMs: number): Outcome<SessionGrant> {
  if (message.length > SESSION_MESSAGE_MAX_CHARS) return { ok: false, reason: SessionReason.message }
  let json: unknown
  try {
    json = JSON.parse(message)
  } catch {
    return { ok: false, reason: SessionReason.message }
  }
  const parsed = CreateMessage.safeParse(json)
  if (!parsed.success) return { ok: false, reason: SessionReason.message }
  const grant = parsed.data
  if (Number(grant.chainId) !== chainId) return { ok: false, reason: SessionReason.chainMismatch }
  const stale = checkTimestamp(grant.timestamp, nowMs)
  if (stale) return { ok: false, reason: stale }
  const expiryProblem = checkExpiry(grant.expiry, nowMs)
  if (expiryProblem) return { ok: false, reason: expiryProblem }
  return {
    ok: true,
    value: {
      chainId,
      expiry: grant.expiry,
      ...(grant.signer ? { signer: { type: grant.signer.type, data: grant.signer.data } } : {}),
      permissions: grant.permissions.map(({ type, data }) => ({ type, data })),
      policies: grant.policies.map(({ type, data }) => ({ type, data })),
      ...(grant.context ? { context: grant.context } : {}),
      timestamp: grant.timestamp,
    },
  }
}

/** Undefined when `expiryS` (unix seconds) is in the future and within 365 days, else the reason. */
export function checkExpiry(expiryS: number, nowMs: number): string | undefined {
  const nowS = Math.floor(nowMs / 1000)
  if (expiryS <= nowS) return SessionReason.expiryPast
  if (expiryS > nowS + SESSION_MAX_EXPIRY_S) return SessionReason.expiryTooFar
  return undefined
}

/** What the account signs to revoke a session: the pci itself. */
export function revokeMessage(pci: string): string {
  return pci
}
