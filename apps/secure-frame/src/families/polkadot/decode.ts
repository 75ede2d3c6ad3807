import { formatUnits } from '@airlock/chains'
import { decodeSs58, toHex, type PolkadotCall, type PolkadotReceiver } from '@airlock/chains/polkadot'
import { groupDigits } from '../../display/amounts'
import { invalidRequest, type NetworkLabel, type RequestDecoder } from '../../display/decoded'
import { decodeMessage } from '../../display/message'
import { decodeSiwx } from '../../display/siwx'
import { isAddressOf } from './address'
import { messageBytes } from './message'
import { polkadotNetworkOf, type PolkadotNetwork, type PolkadotNetworkId } from './network'
import { PayloadError, readPayload, type ReadPayload } from './payload'

/** One call as the confirmation shows it. */
export interface DecodedPolkadotCall {
  /** 'Transfer (keep alive)'; 'Unknown call' for one the frame cannot read. */
  name: string
  /** The receiver: an account in the network's SS58 format, else the MultiAddress as it is. */
  receiver: string | undefined
  /** In the network's token; 'Everything transferable' for a transfer_all. */
  amountText: string | undefined
  /** Bytes shown as they are: an unknown call's (with its pallet and call indices), a remark's. */
  data: string | undefined
}

/** A Polkadot transaction as the confirmation shows it. */
export interface DecodedPolkadotTransaction {
  call: DecodedPolkadotCall
  /** The calls of a batch_all, in order; empty for a single call. */
  batch: DecodedPolkadotCall[]
  /** `pallet 10, call 3`: where the runtime dispatches the call. */
  callIndex: string
  tipText: string
  nonce: string
  /** 'Valid until block N' or 'Immortal: …'. */
  eraText: string
  metadataText: string
  /** The asset the fee is paid in (ChargeAssetTxPayment), as its XCM location's bytes; undefined: the network's token. */
  feeAsset: string | undefined
}

/** The kind only Polkadot decodes (render.ts draws it). */
export type PolkadotKind = { kind: 'polkadotTransaction'; transaction: DecodedPolkadotTransaction }

export const PolkadotText = {
  metadataChecked: 'Checked against the runtime’s metadata (CheckMetadataHash)',
  metadataOff: 'Not checked against the runtime’s metadata: the payload turns CheckMetadataHash off',
  metadataNone: 'Not checked against the runtime’s metadata: this runtime has no CheckMetadataHash',
  immortal: 'Immortal: valid at any block, until the nonce is used',
  /** The last block it can be included in (a mortal era's `death` is the first it cannot). */
  validUntil: (block: number) => `Valid until block ${block}`,
  unknownCall: 'Unknown call',
  unknownCallWarning:
    'This wallet cannot read a call of this transaction: it is shown as its pallet and call indices and its bytes. Approve only if you trust this site.',
  immortalWarning: 'This transaction never expires: it can be submitted at any later time until your nonce moves past it.',
  transferAll: 'Everything transferable',
  batch: (count: number) => `Batch of ${count} call${count === 1 ? '' : 's'} (all or none)`,
} as const

const CALL_NAMES = {
  transfer_keep_alive: 'Transfer (keep alive)',
  transfer_allow_death: 'Transfer (allow death)',
} as const

export function polkadotNetworkLabel(id: PolkadotNetworkId): NetworkLabel {
  const network = polkadotNetworkOf(id)
  return network
    ? { chainId: id, name: network.name, native: { symbol: network.symbol, decimals: network.decimals } }
    : { chainId: id, name: `Polkadot network ${id.slice('polkadot:'.length)}`, native: undefined }
}

const amount = (value: bigint, network: PolkadotNetwork) => `${groupDigits(formatUnits(value, network.decimals))} ${network.symbol}`

/**
 * polkadot_signMessage: the message as extensions read it (hex as its bytes, else text; a sign-in
 * shown as one); polkadot_signTransaction: the payload's call decoded (payload.ts), its receiver in
 * the network's SS58 format and amount in its token, the tip, nonce, era and whether the runtime's
 * metadata hash is checked. Prepare has refused what this cannot read; anything else is invalid.
 */
export const decodePolkadotRequest: RequestDecoder<PolkadotNetworkId, PolkadotKind> = (request, context) => {
  const network = polkadotNetworkLabel(request.chainId)
  const common = { method: request.method, network, warnings: [] as string[] }
  const invalid = (error: string) => invalidRequest(common, request.params, error)
  const params = typeof request.params === 'object' && request.params !== null ? (request.params as Record<string, unknown>) : {}
  const known = polkadotNetworkOf(request.chainId)
  if (!known) return invalid('This wallet does not know this Polkadot network.')
  const { address } = params
  const own = decodeSs58(request.from)
  if (typeof address === 'string' && !(own && isAddressOf(address, own.publicKey)))
    common.warnings.push(`The request names the account ${address.slice(0, 50)}, which is not your account ${request.from}.`)
  switch (request.method) {
    case 'polkadot_signMessage': {
      const { message } = params
      if (typeof message !== 'string' || typeof address !== 'string') return invalid('The message to sign is missing.')
      const bytes = messageBytes(message)
      if (!bytes) return invalid('The message is hex of an odd number of digits.')
      // As bytes, so that a text that looks like hex is shown as the text that is signed.
      const decoded = decodeMessage(toHex(bytes))
      const siwx = decodeSiwx(
        decoded,
        { ...context, chainId: request.chainId, networkName: network.name, from: request.from },
        common.warnings,
      )
      return { ...common, kind: 'message', message: decoded, address, ...(siwx ? { siwx } : {}) }
    }
    case 'polkadot_signTransaction': {
      let read: ReadPayload
      try {
        read = readPayload(params.transactionPayload, known)
      } catch (error) {
        return invalid(error instanceof PayloadError ? `${error.message}.` : 'The transaction cannot be read.')
      }
      const { method } = params.transactionPayload as { method: string }
      return { ...common, kind: 'polkadotTransaction', transaction: describe(read, method, known, common.warnings) }
    }
    default:
      return invalid(`${request.method} cannot be confirmed here.`)
  }
}

function receiverText(receiver: PolkadotReceiver): string {
  if (receiver.kind === 'id') return receiver.address
  return receiver.kind === 'index' ? `Account index ${receiver.index}` : `${receiver.kind} ${receiver.hex}`
}

function describeCall(call: PolkadotCall, network: PolkadotNetwork, warnings: string[]): DecodedPolkadotCall {
  const shown = { receiver: undefined, amountText: undefined, data: undefined }
  switch (call.kind) {
    case 'transfer':
      return { ...shown, name: CALL_NAMES[call.call], receiver: receiverText(call.receiver), amountText: amount(call.amount, network) }
    case 'transferAll':
      return {
        ...shown,
        name: call.keepAlive ? 'Transfer all (keep alive)' : 'Transfer all (allow death)',
        receiver: receiverText(call.receiver),
        amountText: PolkadotText.transferAll,
      }
    case 'remark':
      return { ...shown, name: 'Remark', data: toHex(call.remark) }
    case 'batchAll':
      return { ...shown, name: PolkadotText.batch(call.calls.length) }
    case 'unknown':
      if (!warnings.includes(PolkadotText.unknownCallWarning)) warnings.push(PolkadotText.unknownCallWarning)
      return { ...shown, name: PolkadotText.unknownCall, data: call.hex }
  }
}

function describe({ decoded }: ReadPayload, method: string, network: PolkadotNetwork, warnings: string[]): DecodedPolkadotTransaction {
  const { call, era, metadataHash } = decoded
  if (era.kind === 'immortal') warnings.push(PolkadotText.immortalWarning)
  return {
    call: describeCall(call, network, warnings),
    batch: call.kind === 'batchAll' ? call.calls.map((inner) => describeCall(inner, network, warnings)) : [],
    callIndex: `pallet ${parseInt(method.slice(2, 4), 16)}, call ${parseInt(method.slice(4, 6), 16)}`,
    tipText: amount(decoded.tip, network),
    nonce: decoded.nonce.toString(),
    eraText: era.kind === 'immortal' ? PolkadotText.immortal : PolkadotText.validUntil(era.death - 1),
    metadataText:
      metadataHash.mode === 1 ? PolkadotText.metadataChecked : metadataHash.listed ? PolkadotText.metadataOff : PolkadotText.metadataNone,
    feeAsset: decoded.feeAsset,
  }
}
