import { parsePolkadotAddress } from '@airlock/chains/polkadot'
import type { PolkadotTransferPrepared, PolkadotTransferRefusal, SignerPayloadJSON } from '@airlock/protocol'
import type { ApiPromise } from '@polkadot/api'
import type { SubmittableExtrinsic } from '@polkadot/api/types'
import type { Signer, SignerResult } from '@polkadot/types/types'
import { formatUnits } from 'viem'
import { nativeToken, readSpendable } from './balance'

/**
 * A native transfer built with the network's metadata: always `balances.transferKeepAlive`, never
 * transfer_allow_death, even when the user sends everything: removing the sender's account would
 * drop its nonce and anything else it holds, and a wallet UI that says "Send" does not mean
 * "close my account". So the most a user can send is `transferableKeepAlive` less the fee, and the
 * widget learns it, and why a transfer cannot be made, before any wallet is asked.
 */

/** A request the builder refuses outright (400), unlike a refusal the widget explains (PolkadotTransferPrepared). */
export class TransferInputError extends Error {}

export interface TransferRequest {
  caipNetworkId: string
  from: string
  to: string
  amount: bigint
}

function addressOn(value: string, caipNetworkId: string, field: 'from' | 'to'): string {
  const parsed = parsePolkadotAddress(value, caipNetworkId)
  if (!parsed.ok) throw new TransferInputError(`${field}: ${parsed.error}`)
  return parsed.address
}

const transferKeepAlive = (api: ApiPromise, to: string, amount: bigint): SubmittableExtrinsic<'promise'> => {
  const build = api.tx['balances']?.['transferKeepAlive']
  if (!build) throw new Error('the runtime has no balances.transferKeepAlive')
  return build(to, amount)
}

/**
 * The payload @polkadot/api hands an extension's `signer.signPayload` for `tx` from `address`
 * (nonce, mortal era from the current head, the runtime's signed extensions): captured from its own
 * signing path, with no key, so the wallet signs exactly what polkadot-js would have asked it to.
 */
async function signerPayload(tx: SubmittableExtrinsic<'promise'>, address: string): Promise<SignerPayloadJSON> {
  let captured: SignerPayloadJSON | undefined
  const signer: Signer = {
    signPayload: async (payload): Promise<SignerResult> => {
      captured = payload as SignerPayloadJSON
      // A well-formed placeholder (sr25519 type byte and 64 bytes): the signed extrinsic is thrown away.
      return { id: 1, signature: `0x01${'00'.repeat(64)}` }
    },
  }
  await tx.signAsync(address, { signer })
  if (!captured) throw new Error('@polkadot/api made no signer payload')
  return captured
}

/** Why the transfer cannot be made, or undefined. */
export function refusalOf(facts: {
  amount: bigint
  fee: bigint
  existentialDeposit: bigint
  receiverExists: boolean
  transferable: bigint
  transferableKeepAlive: bigint
}): PolkadotTransferRefusal | undefined {
  if (!facts.receiverExists && facts.amount < facts.existentialDeposit) return 'receiver-below-existential-deposit'
  if (facts.amount + facts.fee > facts.transferable) return 'insufficient-balance'
  if (facts.amount + facts.fee > facts.transferableKeepAlive) return 'sender-below-existential-deposit'
  return undefined
}

function refusalText(
  reason: PolkadotTransferRefusal,
  units: (planck: bigint) => string,
  facts: { existentialDeposit: bigint; transferableKeepAlive: bigint; fee: bigint },
) {
  switch (reason) {
    case 'receiver-below-existential-deposit':
      return `The receiver's account does not exist yet: send at least the existential deposit, ${units(facts.existentialDeposit)}, or the network refuses the transfer`
    case 'insufficient-balance':
      return 'Insufficient balance'
    case 'sender-below-existential-deposit':
      return `Your account must keep ${units(facts.existentialDeposit)} (the existential deposit): send at most ${units(facts.transferableKeepAlive > facts.fee ? facts.transferableKeepAlive - facts.fee : 0n)}`
  }
}

/** The transfer to sign, or why it cannot be made, with the fee and the existential deposit. */
export async function prepareTransfer(api: ApiPromise, request: TransferRequest): Promise<PolkadotTransferPrepared> {
  const from = addressOn(request.from, request.caipNetworkId, 'from')
  const to = addressOn(request.to, request.caipNetworkId, 'to')
  if (request.amount <= 0n) throw new TransferInputError('Incorrect amount: amount must be more than 0 planck')
  const tx = transferKeepAlive(api, to, request.amount)
  const [sender, receiver, info] = await Promise.all([readSpendable(api, from), readSpendable(api, to), tx.paymentInfo(from)])
  const fee = BigInt(info.partialFee.toString())
  const facts = {
    fee: fee.toString(),
    existentialDeposit: sender.existentialDeposit.toString(),
    receiverExists: receiver.free + receiver.reserved > 0n,
    transferableKeepAlive: sender.transferableKeepAlive.toString(),
  }
  const reason = refusalOf({ amount: request.amount, fee, ...sender, receiverExists: facts.receiverExists })
  if (reason) {
    const token = nativeToken(api, request.caipNetworkId)
    const units = (planck: bigint) => `${formatUnits(planck, token.decimals)} ${token.symbol}`
    return { ok: false, reason, message: refusalText(reason, units, { ...sender, fee }), ...facts }
  }
  return { ok: true, payload: await signerPayload(tx, from), ...facts }
}
