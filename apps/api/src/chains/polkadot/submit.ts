import { PolkadotPayloadError, PolkadotPayloadErrorText, signedExtrinsic, signingBytes } from '@airlock/chains/polkadot'
import type { PolkadotTransferSubmitted, SignerPayloadJSON } from '@airlock/protocol'
import type { ApiPromise } from '@polkadot/api'
import type { Codec } from '@polkadot/types/types'
import { signatureVerify } from '@polkadot/util-crypto'
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

function isSignedBy(bytes: Uint8Array, signature: string, address: string): boolean {
  try {
    return signatureVerify(bytes, signature, address).isValid
  } catch {
    // A signature of no key type it knows: not a valid signature.
    return false
  }
}

export async function submitTransfer(
  api: ApiPromise,
  request: { payload: SignerPayloadJSON; signature: string },
): Promise<PolkadotTransferSubmitted> {
  const { payload, signature } = request
  if (payload.genesisHash !== api.genesisHash.toHex())
    throw new TransferInputError(PolkadotPayloadErrorText.otherNetwork(payload.genesisHash))
  let extrinsic: string
  try {
    // @airlock/chains/polkadot's encoding, the secure frame's: independent of the polkadot-js that built the payload.
    if (!isSignedBy(signingBytes(payload), signature, payload.address))
      throw new TransferInputError(`signature: it is not ${payload.address}'s signature of this payload`)
    extrinsic = signedExtrinsic(payload, signature)
  } catch (error) {
    if (error instanceof PolkadotPayloadError) throw new TransferInputError(error.message)
    throw error
  }
  const start = Number((await api.rpc.chain.getHeader()).number.toString())
  let hash: string
  try {
    hash = (await api.rpc.author.submitExtrinsic(extrinsic)).toHex()
  } catch (error) {
    throw new SubmitRefusedError(error instanceof Error ? error.message : String(error))
  }
  return { hash, ...(await inclusionOf(api, hash, start, WAIT_MS)) }
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
