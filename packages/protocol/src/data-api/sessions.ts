import * as z from 'zod/mini'
import { EvmAddress } from '../common'

/**
 * `GET /v1/sessions/{account}` (SPEC section 7) as the widget reads it: the account's smart
 * sessions, revoked ones left out. AppKit's SmartSession, plus what an ERC-7715 grant needs to be
 * answered again as wallet_getGrantedExecutionPermissions does: its session account (`signer`)
 * and the DelegationManager that redeems it (absent on a signed-JSON grant).
 */
const text = (max = 200) => z.string().check(z.maxLength(max))
/** Loose: an ERC-7715 permission carries more than type and data (isAdjustmentAllowed). */
const TypedData = z.looseObject({ type: text(100), data: z.unknown() })

export const SmartSession = z.object({
  project: z.object({ id: text(), name: text(), url: z.optional(text(2048)) }),
  pci: text(100),
  expiry: z.number(),
  createdAt: z.number(),
  permissions: z.array(TypedData).check(z.maxLength(100)),
  policies: z.array(TypedData).check(z.maxLength(100)),
  context: z.nullable(text(131_074)),
  signer: z.optional(z.nullable(TypedData)),
  delegationManager: z.optional(z.nullable(EvmAddress)),
})
export type SmartSession = z.infer<typeof SmartSession>

export const SmartSessionsResponse = z.object({ pcis: z.array(SmartSession).check(z.maxLength(1000)) })
export type SmartSessionsResponse = z.infer<typeof SmartSessionsResponse>
