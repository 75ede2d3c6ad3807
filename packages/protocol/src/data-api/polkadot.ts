import * as z from 'zod/mini'
import { PolkadotAddress, SignerPayloadJSON } from '../polkadot'

/**
 * A Polkadot transfer, built by the API (`POST /v1/polkadot/transfers`, which has the runtime's
 * metadata) and signed by the user's wallet, then submitted (`POST /v1/polkadot/transfers/submit`):
 * the widget never loads @polkadot/api. Amounts are planck (smallest units) as decimal strings.
 */

const planck = z.string().check(z.regex(/^\d{1,39}$/))
const caipNetworkId = z.string().check(z.regex(/^polkadot:[0-9a-f]{32}$/))
const hash = z.string().check(z.regex(/^0x[0-9a-f]{64}$/))

export const PolkadotTransferRequest = z.object({
  caipNetworkId,
  from: PolkadotAddress,
  to: PolkadotAddress,
  /** Planck, more than 0. */
  amount: planck,
})
export type PolkadotTransferRequest = z.infer<typeof PolkadotTransferRequest>

/**
 * Why a transfer is not built, for the widget to explain before any wallet is asked:
 * - `receiver-below-existential-deposit`: the receiver holds nothing yet and the amount is below
 *   the existential deposit, so the chain would refuse to create its account;
 * - `sender-below-existential-deposit`: the sender would keep less than the existential deposit
 *   (amount + fee above what it can move keeping its account alive: `transferableKeepAlive`);
 * - `insufficient-balance`: amount + fee above all the sender may move at all.
 */
export const POLKADOT_TRANSFER_REFUSALS = [
  'receiver-below-existential-deposit',
  'sender-below-existential-deposit',
  'insufficient-balance',
] as const
export const PolkadotTransferRefusal = z.enum(POLKADOT_TRANSFER_REFUSALS)
export type PolkadotTransferRefusal = z.infer<typeof PolkadotTransferRefusal>

/** What every answer of the builder tells, built or not. */
const facts = {
  /** The network fee of the transfer (paymentInfo's partialFee), planck. */
  fee: planck,
  existentialDeposit: planck,
  /** Whether the receiver's account exists (holds anything) yet. */
  receiverExists: z.boolean(),
  /** What the sender can move keeping its account alive, fee included, planck. */
  transferableKeepAlive: planck,
}

export const PolkadotTransferPrepared = z.union([
  /** The `balances.transferKeepAlive` to sign: what an extension's `signer.signPayload` and WalletConnect's `polkadot_signTransaction` take. */
  z.object({ ok: z.literal(true), payload: SignerPayloadJSON, ...facts }),
  z.object({ ok: z.literal(false), reason: PolkadotTransferRefusal, message: z.string().check(z.maxLength(300)), ...facts }),
])
export type PolkadotTransferPrepared = z.infer<typeof PolkadotTransferPrepared>

export const PolkadotTransferSubmit = z.object({
  caipNetworkId,
  payload: SignerPayloadJSON,
  /** The wallet's signature of the payload as signPayload answers it, a MultiSignature: type byte 00 ed25519 or 01 sr25519 and 64 bytes, or 02 ECDSA and 65; hex. */
  signature: z.string().check(z.regex(/^0x(0[01][0-9a-fA-F]{128}|02[0-9a-fA-F]{130})$/)),
})
export type PolkadotTransferSubmit = z.infer<typeof PolkadotTransferSubmit>

/** The extrinsic in a block: its hash, the block's, and whether it succeeded (ExtrinsicSuccess) or failed (ExtrinsicFailed). */
export const PolkadotTransferSubmitted = z.object({
  hash,
  blockHash: hash,
  blockNumber: z.number().check(z.int(), z.minimum(0)),
  success: z.boolean(),
})
export type PolkadotTransferSubmitted = z.infer<typeof PolkadotTransferSubmitted>
