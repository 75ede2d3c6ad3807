import { bitcoinMethodParams, ProviderRpcError, RpcErrorCode, type FrameChainId, type FrameRpcRequest } from '@airlock/protocol'
import { bitcoinParams } from '@airlock/chains/bip122'
import { Psbt, Transaction } from 'bitcoinjs-lib'
import { requestTools, RequestMessage, type PreparedRequest } from '../types'
import type { BitcoinAccount, BitcoinNetworkKey } from './derive'
import { bitcoinNetworkOf, BitcoinNetworkMessage } from './network'
import { signMessageBip322, signMessageEcdsa, signPsbtInputs } from './sign'

export const BitcoinRpcMessage = {
  otherAccount: 'The request names an account that is not this wallet',
  unreadable: 'The PSBT cannot be read',
  nothingToSign: 'The request names no input for this wallet to sign',
  noInput: (index: number) => `The PSBT has no input ${index}`,
  finalized: (index: number) => `Input ${index} is already signed`,
  noWitnessUtxo: (index: number) =>
    `Input ${index} does not carry the output it spends (witnessUtxo): this wallet signs only what it can show`,
  notOwn: (index: number) => `Input ${index} does not spend this wallet's address: it cannot be signed here`,
  sighash: (index: number, type: number) => `Input ${index} asks for sighash type ${type}: this wallet signs with SIGHASH_ALL only`,
  incomplete: 'The PSBT still needs other signatures: sign it without broadcast, and broadcast it once it is complete',
} as const

/**
 * Checks a Bitcoin confirmation request (sats-connect's shapes, protocol bip122.ts) before the user
 * is asked, and binds what will be signed: the network `chainId` names, this account's address on
 * it, and for signPsbt the PSBT read from the very base64 the confirmation decodes. Refused here:
 * an input named that does not exist, is already final, lacks its witnessUtxo (its amount could not
 * be shown), spends another script than this account's, or asks for another sighash than ALL.
 * The frame never broadcasts (it reaches no Bitcoin node): with `broadcast`, the PSBT must be whole
 * once signed, and the answer carries the txid of the transaction the widget then broadcasts.
 */
export function prepareBitcoinRequest(
  account: BitcoinAccount,
  request: FrameRpcRequest,
  chainId: FrameChainId | undefined,
): PreparedRequest {
  const network = bitcoinNetworkOf(chainId)
  if (!network) throw new ProviderRpcError(RpcErrorCode.InvalidParams, BitcoinNetworkMessage.noNetwork(request.method))
  const key = account.keyOn(network)
  const { parse, prepared } = requestTools(request, { chainId: network.id, from: key.address })
  switch (request.method) {
    case 'signMessage': {
      const params = parse(bitcoinMethodParams.signMessage)
      if (params.address !== key.address) throw new ProviderRpcError(RpcErrorCode.Unauthorized, BitcoinRpcMessage.otherAccount)
      // The protocol is in the params the confirmation shows (decode.ts): BIP-322 unless the request asks for the legacy form.
      const protocol = params.protocol ?? 'BIP322'
      return prepared({ ...params, protocol }, async () => ({
        signature: protocol === 'ECDSA' ? signMessageEcdsa(key, params.message) : signMessageBip322(key, params.message),
        address: key.address,
        protocol,
      }))
    }
    case 'signPsbt': {
      const params = parse(bitcoinMethodParams.signPsbt)
      const indexes = ownInputs(params.signInputs, key)
      const psbt = readPsbt(params.psbt, network.id)
      for (const index of indexes) checkInput(psbt, index, key)
      if (params.broadcast && psbt.data.inputs.some((input, index) => !indexes.includes(index) && !isFinal(input)))
        throw new ProviderRpcError(RpcErrorCode.InvalidParams, BitcoinRpcMessage.incomplete)
      return prepared(params, async () => {
        signPsbtInputs(psbt, indexes, key)
        // The user saw the fee (and any warning about it): bitcoinjs' own fee-rate ceiling is not a second opinion.
        return { psbt: psbt.toBase64(), ...(params.broadcast ? { txid: psbt.extractTransaction(true).getId() } : {}) }
      })
    }
    default:
      throw new ProviderRpcError(RpcErrorCode.UnsupportedMethod, RequestMessage.notSupported(request.method))
  }
}

/** The input indexes the request has this account sign, each once; an address of another account is refused. */
function ownInputs(signInputs: Record<string, number[]>, key: BitcoinNetworkKey): number[] {
  const addresses = Object.keys(signInputs)
  if (addresses.some((address) => address !== key.address))
    throw new ProviderRpcError(RpcErrorCode.Unauthorized, BitcoinRpcMessage.otherAccount)
  const indexes = [...new Set(signInputs[key.address] ?? [])].sort((a, b) => a - b)
  if (indexes.length === 0) throw new ProviderRpcError(RpcErrorCode.InvalidParams, BitcoinRpcMessage.nothingToSign)
  return indexes
}

function readPsbt(base64: string, networkId: string): Psbt {
  try {
    return Psbt.fromBase64(base64, { network: bitcoinParams(networkId)! })
  } catch {
    throw new ProviderRpcError(RpcErrorCode.InvalidParams, BitcoinRpcMessage.unreadable)
  }
}

type PsbtInput = Psbt['data']['inputs'][number]
const isFinal = (input: PsbtInput) => input.finalScriptWitness !== undefined || input.finalScriptSig !== undefined
const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, i) => byte === b[i])

function checkInput(psbt: Psbt, index: number, key: BitcoinNetworkKey): void {
  const input = psbt.data.inputs[index]
  const refuse = (code: RpcErrorCode, message: string) => new ProviderRpcError(code, message)
  if (!input) throw refuse(RpcErrorCode.InvalidParams, BitcoinRpcMessage.noInput(index))
  if (isFinal(input)) throw refuse(RpcErrorCode.InvalidParams, BitcoinRpcMessage.finalized(index))
  if (!input.witnessUtxo) throw refuse(RpcErrorCode.InvalidParams, BitcoinRpcMessage.noWitnessUtxo(index))
  if (!sameBytes(input.witnessUtxo.script, key.script)) throw refuse(RpcErrorCode.Unauthorized, BitcoinRpcMessage.notOwn(index))
  if (input.sighashType !== undefined && input.sighashType !== Transaction.SIGHASH_ALL)
    throw refuse(RpcErrorCode.InvalidParams, BitcoinRpcMessage.sighash(index, input.sighashType))
}
