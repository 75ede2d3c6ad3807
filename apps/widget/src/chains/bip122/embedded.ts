import { parseBitcoinAddress, signedTransactionHex } from '@airlock/chains/bip122'
import { ProviderRpcError, RpcErrorCode, type BitcoinResult } from '@airlock/protocol'
import type { EmbeddedRequest, EmbeddedSigning, EmbeddedWallet } from '../types'
import { isBip122 } from './networks'
import { broadcast } from './node'
import { checkParams, checkResult, unsupported } from './rpc'
import { otherAccountError } from '../rpcChecks'

/**
 * Airlock's Bitcoin RPC (protocol bip122.ts) to the embedded wallet: its BIP-84 account on the
 * connection's network (FrameUser.addresses.bip122). The addresses come from the connection; a
 * message or a PSBT is checked here, then shown and signed by the secure frame (which checks it
 * again: an input that does not spend this account's output is refused there). The frame reaches
 * no Bitcoin node: a PSBT asked with `broadcast` (which the frame signs only when that makes it
 * complete, and answers with its txid) is broadcast here through the API, as the Send form's are.
 */

async function bitcoinEmbeddedRequest(
  wallet: EmbeddedWallet,
  { caipNetworkId, address, method, params }: EmbeddedRequest,
): Promise<unknown> {
  if (!isBip122(caipNetworkId) || !parseBitcoinAddress(address, caipNetworkId).ok)
    throw new ProviderRpcError(RpcErrorCode.Disconnected, 'The embedded wallet is not connected')
  switch (method) {
    case 'getAddresses': {
      // One account: the payment address (native segwit); the embedded wallet holds no ordinals one.
      const purposes = checkParams(method, params)?.purposes
      const listed = purposes === undefined || purposes.includes('payment')
      return {
        addresses: listed ? [{ address, purpose: 'payment', addressType: 'p2wpkh' }] : [],
      } satisfies BitcoinResult<'getAddresses'>
    }
    case 'signMessage':
      return wallet.confirm(
        () => {
          const checked = checkParams(method, params)
          if (checked.address !== address) throw otherAccountError()
          // BIP-322 unless the dapp asks for the legacy form (ECDSA, "Bitcoin Signed Message"): the frame shows which and signs it.
          return { ...checked, protocol: checked.protocol ?? ('BIP322' as const) }
        },
        async (checked, frame) => {
          const signed = checkResult(method, await frame(checked))
          if (signed.address !== address)
            throw new ProviderRpcError(RpcErrorCode.InternalError, 'The secure frame signed with another address')
          if (signed.protocol !== checked.protocol)
            throw new ProviderRpcError(RpcErrorCode.InternalError, 'The secure frame signed the message in another form than asked')
          return signed
        },
      )
    case 'signPsbt':
      return wallet.confirm(
        () => {
          const checked = checkParams(method, params)
          if (Object.keys(checked.signInputs).some((signer) => signer !== address)) throw otherAccountError()
          return checked
        },
        async (checked, frame) => {
          const signed = checkResult(method, await frame(checked))
          return checked.broadcast ? broadcastSigned(wallet, caipNetworkId, signed) : { psbt: signed.psbt }
        },
      )
    case 'sendTransfer':
      throw unsupported('The embedded wallet does not send transfers itself: sign a PSBT')
    default:
      throw unsupported(`The embedded wallet does not support ${method.slice(0, 100)} on Bitcoin`)
  }
}

/** The transaction of a PSBT the frame signed whole, broadcast through the API; the node's txid must be the one the frame signed. */
async function broadcastSigned(
  wallet: EmbeddedWallet,
  caipNetworkId: string,
  signed: BitcoinResult<'signPsbt'>,
): Promise<BitcoinResult<'signPsbt'>> {
  const malformed = (why: string) =>
    new ProviderRpcError(RpcErrorCode.InternalError, `The secure frame returned a PSBT that cannot be sent: ${why}`)
  let hex: string
  try {
    hex = signedTransactionHex(signed.psbt, caipNetworkId)
  } catch (error) {
    throw malformed((error as Error).message)
  }
  const txid = await broadcast(wallet.node, caipNetworkId, hex)
  if (signed.txid !== undefined && signed.txid !== txid) throw malformed(`the node names it ${txid}, the frame ${signed.txid}`)
  return { psbt: signed.psbt, txid }
}

/** What the secure frame signs on bip122 (its families/bip122): messages (BIP-322 or the legacy ECDSA form) and PSBTs. */
export const bitcoinEmbedded: EmbeddedSigning = {
  signingMethods: new Set(['signMessage', 'signPsbt']),
  request: bitcoinEmbeddedRequest,
}
