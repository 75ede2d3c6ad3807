import { formatUnits, getNetwork } from '@airlock/chains'
import { bytesToHex, decodePsbt, type DecodedPsbt } from '@airlock/chains/bip122'
import { groupDigits } from '../../display/amounts'
import { invalidRequest, type NetworkLabel, type RequestDecoder } from '../../display/decoded'
import { decodeMessage } from '../../display/message'
import { decodeSiwx } from '../../display/siwx'
import type { BitcoinNetworkId } from './network'

const BTC = { symbol: 'BTC', decimals: 8 }
/** A fee above this share of what is sent is worth a second look. */
const FEE_SHARE_WARNING = 10n
/** 0.01 BTC: more than any one ordinary transaction pays, whatever it sends. */
const FEE_CEILING_SATS = 1_000_000n

export interface DecodedBitcoinInput {
  index: number
  /** `txid:vout` of the output it spends. */
  outpoint: string
  address: string | undefined
  /** The amount it spends, as the PSBT says; undefined when the PSBT does not carry it. */
  amountText: string | undefined
  /** This wallet signs it (the request names it). */
  signs: boolean
}

export interface DecodedBitcoinOutput {
  /** Undefined for a script without an address (OP_RETURN data, a non-standard script): the script is shown, hex. */
  address: string | undefined
  script: string
  amountText: string
  /** Paid back to this wallet's address. */
  change: boolean
}

/** A PSBT as the confirmation shows it. */
export interface DecodedBitcoinPsbt {
  inputs: DecodedBitcoinInput[]
  outputs: DecodedBitcoinOutput[]
  /** What leaves the wallet: the outputs to other addresses. */
  sentText: string
  /** Undefined when an input's amount is not in the PSBT. */
  feeText: string | undefined
  /** sat/vB over the transaction's estimated size once signed; undefined with the fee, or an input of unknown size. */
  feeRateText: string | undefined
  /** The widget broadcasts the transaction once signed. */
  broadcast: boolean
}

/** The kind only Bitcoin decodes (render.ts draws it). */
export type BitcoinKind = { kind: 'bitcoinPsbt'; psbt: DecodedBitcoinPsbt }

/** A message's signature as the confirmation names it: the protocol the request asks (prepare.ts signs that one). */
export const MESSAGE_SIGNATURES = {
  BIP322: 'BIP-322',
  ECDSA: 'Legacy (ECDSA, "Bitcoin Signed Message")',
} as const

const btc = (sats: bigint) => `${groupDigits(formatUnits(sats, BTC.decimals))} BTC`
const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`

export function bitcoinNetworkLabel(id: BitcoinNetworkId): NetworkLabel {
  return { chainId: id, name: getNetwork(id)?.name ?? `Bitcoin network ${id.slice('bip122:'.length)}`, native: BTC }
}

/**
 * signMessage: the message as the text it is (BIP-322 and the legacy ECDSA form both sign its UTF-8
 * bytes; a sign-in is shown as one) and which of the two signatures is made; signPsbt: the PSBT
 * read from the base64 the frame signs, with the inputs the request has this account sign
 * (prepare.ts has refused any that is not its own).
 */
export const decodeBitcoinRequest: RequestDecoder<BitcoinNetworkId, BitcoinKind> = (request, context) => {
  const network = bitcoinNetworkLabel(request.chainId)
  const common = { method: request.method, network, warnings: [] as string[] }
  const invalid = (error: string) => invalidRequest(common, request.params, error)
  const params = typeof request.params === 'object' && request.params !== null ? (request.params as Record<string, unknown>) : {}
  switch (request.method) {
    case 'signMessage': {
      const { address, message, protocol = 'BIP322' } = params
      if (typeof message !== 'string' || typeof address !== 'string') return invalid('The message to sign is missing.')
      if (protocol !== 'BIP322' && protocol !== 'ECDSA') return invalid('The message signature asked for is of no known form.')
      if (address !== request.from)
        common.warnings.push(`The request names the account ${address.slice(0, 90)}, which is not your account ${request.from}.`)
      // As bytes, so that a text that looks like hex is shown as the text that is signed.
      const decoded = decodeMessage(`0x${bytesToHex(new TextEncoder().encode(message))}`)
      const siwx = decodeSiwx(
        decoded,
        { ...context, chainId: request.chainId, networkName: network.name, from: request.from },
        common.warnings,
      )
      return { ...common, kind: 'message', message: decoded, address, signature: MESSAGE_SIGNATURES[protocol], ...(siwx ? { siwx } : {}) }
    }
    case 'signPsbt': {
      const { psbt, signInputs, broadcast } = params
      const signs =
        typeof signInputs === 'object' && signInputs !== null ? (signInputs as Record<string, unknown>)[request.from] : undefined
      if (typeof psbt !== 'string' || !Array.isArray(signs)) return invalid('The PSBT or the inputs to sign are missing.')
      let decoded: DecodedPsbt
      try {
        decoded = decodePsbt(psbt, request.chainId, [request.from])
      } catch {
        return invalid('The PSBT cannot be read.')
      }
      const signed = new Set(signs)
      if ([...signed].some((index) => !decoded.inputs[index as number]?.own))
        return invalid('The request names an input that is not yours to sign.')
      const { fee, vsize } = decoded
      if (fee !== undefined && fee < 0n) return invalid('The outputs spend more than the inputs hold.')
      const sent = decoded.outputs.reduce((sum, output) => (output.own ? sum : sum + output.value), 0n)
      const moved = sent > 0n ? sent : decoded.outputs.reduce((sum, output) => sum + output.value, 0n)
      if (fee === undefined) common.warnings.push('The fee is unknown: the PSBT does not say what every input spends.')
      else if (fee > FEE_CEILING_SATS || fee * FEE_SHARE_WARNING > moved)
        common.warnings.push(`The network fee is high: ${btc(fee)} to send ${btc(moved)}.`)
      const others = decoded.inputs.filter((_, index) => !signed.has(index)).length
      if (others > 0) common.warnings.push(`${plural(others, 'input')} not signed by you: what they spend is as the request says.`)
      return {
        ...common,
        kind: 'bitcoinPsbt',
        psbt: {
          inputs: decoded.inputs.map((input, index) => ({
            index,
            outpoint: `${input.txid}:${input.vout}`,
            address: input.address,
            amountText: input.value !== undefined ? btc(input.value) : undefined,
            signs: signed.has(index),
          })),
          outputs: decoded.outputs.map((output) => ({
            address: output.address,
            script: output.script,
            amountText: btc(output.value),
            change: output.own,
          })),
          sentText: btc(sent),
          feeText: fee !== undefined ? btc(fee) : undefined,
          feeRateText: fee !== undefined && vsize !== undefined ? `${(Number(fee) / vsize).toFixed(1)} sat/vB` : undefined,
          broadcast: broadcast === true,
        },
      }
    }
    default:
      return invalid(`${request.method} cannot be confirmed here.`)
  }
}
