import type { PolkadotTransferSubmitted, SignerPayloadJSON } from '@airlock/protocol'
import type { ApiPromise } from '@polkadot/api'
import type { Codec, ExtrinsicPayloadValue } from '@polkadot/types/types'
import { blake2AsU8a, signatureVerify } from '@polkadot/util-crypto'
import { TransferInputError } from './transfer'

/**
 * Submits an extrinsic the user's wallet signed, after checking here what the node would only
 * check later and less readably: that the payload is this network's and that the signature is the
 * payload address's over the payload's signing bytes (a forged signature is a 400 with a clear
 * text, not a node error). Then waits, polling (HTTP has no subscriptions), until a block holds it.
 */

/** The node refused the extrinsic (its pool's check: nonce, fees, validity): the text is the node's. */
export class SubmitRefusedError extends Error {}

/** How long, at most, and how often the inclusion is polled: chopsticks builds a block at once, a live chain every 6 s (12 s at worst). */
const WAIT_MS = 60_000
const POLL_MS = 250

/**
 * The bytes a wallet signs for `payload`: the SCALE extrinsic payload, blake2-256 hashed when
 * longer than 256 bytes (as every Substrate signer does), encoded with the network's metadata.
 */
function signingBytes(api: ApiPromise, payload: SignerPayloadJSON): Uint8Array {
  const bytes = api.registry.createType('ExtrinsicPayload', payload, { version: payload.version }).toU8a({ method: true })
  return bytes.length > 256 ? blake2AsU8a(bytes) : bytes
}

export function signedExtrinsic(api: ApiPromise, payload: SignerPayloadJSON, signature: string): string {
  const extrinsic = api.registry.createType('Extrinsic', { method: payload.method }, { version: payload.version })
  // A SignerPayloadJSON is what @polkadot/api's own signAsync passes here (its assetId may be null, which the type leaves out).
  extrinsic.addSignature(payload.address, signature as `0x${string}`, payload as ExtrinsicPayloadValue)
  return extrinsic.toHex()
}

export async function submitTransfer(
  api: ApiPromise,
  request: { payload: SignerPayloadJSON; signature: string },
  options: { waitMs?: number } = {},
): Promise<PolkadotTransferSubmitted> {
  const { payload, signature } = request
  if (payload.genesisHash !== api.genesisHash.toHex()) throw new TransferInputError("payload: it is another network's (genesisHash)")
  let valid: boolean
  try {
    valid = signatureVerify(signingBytes(api, payload), signature, payload.address).isValid
  } catch {
    valid = false
  }
  if (!valid) throw new TransferInputError(`signature: it is not ${payload.address}'s signature of this payload`)
  const extrinsic = signedExtrinsic(api, payload, signature)
  const start = Number((await api.rpc.chain.getHeader()).number.toString())
  let hash: string
  try {
    hash = (await api.rpc.author.submitExtrinsic(extrinsic)).toHex()
  } catch (error) {
    throw new SubmitRefusedError(error instanceof Error ? error.message : String(error))
  }
  return { hash, ...(await inclusionOf(api, hash, start, options.waitMs ?? WAIT_MS)) }
}

interface EventRecord {
  phase: { isApplyExtrinsic: boolean; asApplyExtrinsic: Codec }
  event: { section: string; method: string }
}

/** The block, from `after` on, that holds extrinsic `hash`, and whether it succeeded. */
async function inclusionOf(api: ApiPromise, hash: string, after: number, waitMs: number) {
  const deadline = Date.now() + waitMs
  let next = after + 1
  for (;;) {
    const head = Number((await api.rpc.chain.getHeader()).number.toString())
    for (; next <= head; next++) {
      const blockHash = await api.rpc.chain.getBlockHash(next)
      const { block } = await api.rpc.chain.getBlock(blockHash)
      const index = block.extrinsics.findIndex((extrinsic) => extrinsic.hash.toHex() === hash)
      if (index < 0) continue
      const records = (await api.query['system']!['events']!.at(blockHash)) as unknown as EventRecord[]
      const success = records.some(
        ({ phase, event }) =>
          phase.isApplyExtrinsic &&
          Number(phase.asApplyExtrinsic.toString()) === index &&
          event.section === 'system' &&
          event.method === 'ExtrinsicSuccess',
      )
      return { blockHash: blockHash.toHex(), blockNumber: next, success }
    }
    if (Date.now() > deadline) throw new Error(`extrinsic ${hash} was in no block after ${waitMs / 1000} s`)
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
  }
}
