import { ProviderRpcError, RpcErrorCode, solanaMethodParams, type FrameRpcRequest, type SolanaSendOptions } from '@airlock/protocol'
import { base58 } from '@scure/base'
import { requestTools, RequestMessage, type PreparedRequest } from '../types'
import type { SolanaCluster } from './cluster'
import type { SolanaAccount } from './derive'
import {
  decodeWireTransaction,
  isTransactionMessageFor,
  missingSigners,
  transactionId,
  withSignature,
  WireError,
  type WireTransaction,
} from './wire'

export const SolanaRpcMessage = {
  otherAccount: 'The request names an account that is not this wallet',
  notSigner: 'The transaction does not need this wallet’s signature: its fee payer and signers are other accounts',
  transactionAsMessage:
    'The message is a Solana transaction this wallet would sign: send it with solana_signTransaction, which shows what it does',
  missingSignatures: (count: number) =>
    `The transaction still needs ${count} other signature${count === 1 ? '' : 's'}: sign it with solana_signTransaction, and send it once it is complete`,
  malformedAnswer: 'The network answered a signature that is not this transaction’s',
} as const

/** Sends a signed transaction (base64) to a cluster; resolves with the node's answer (the signature). */
export type SolanaSend = (transaction: string, sendOptions: SolanaSendOptions | undefined) => Promise<string>

/**
 * Checks a Solana confirmation request before the user is asked, and binds what will be signed, as
 * prepareRequest does for eip155: params that parse, a message or transaction that this account
 * signs (a required signer, the fee payer or another), a transaction that deserializes (legacy or
 * v0). solana_signTransaction may sign part of a transaction that others sign too; a transaction
 * the frame sends itself must be complete once it has signed. `params` is what the user is shown.
 */
export function prepareSolanaRequest(
  account: SolanaAccount,
  request: FrameRpcRequest,
  cluster: SolanaCluster,
  send: SolanaSend,
): PreparedRequest {
  const { parse, prepared } = requestTools(request, { chainId: cluster, from: account.address })
  switch (request.method) {
    case 'solana_signMessage': {
      const params = parse(solanaMethodParams.solana_signMessage)
      if (params.pubkey !== account.address) throw new ProviderRpcError(RpcErrorCode.Unauthorized, SolanaRpcMessage.otherAccount)
      const bytes = base58.decode(params.message)
      if (isTransactionMessageFor(bytes, account.address))
        throw new ProviderRpcError(RpcErrorCode.InvalidParams, SolanaRpcMessage.transactionAsMessage)
      return prepared(params, async () => ({ signature: base58.encode(account.signBytes(bytes)) }))
    }
    case 'solana_signTransaction': {
      const params = parse(solanaMethodParams.solana_signTransaction)
      const wire = ourTransaction(params.transaction, account)
      return prepared(params, async () => {
        const signature = account.signBytes(wire.messageBytes)
        return { signature: base58.encode(signature), transaction: withSignature(wire, account.address, signature) }
      })
    }
    case 'solana_signAndSendTransaction': {
      const params = parse(solanaMethodParams.solana_signAndSendTransaction)
      const wire = ourTransaction(params.transaction, account)
      const missing = missingSigners(wire, account.address)
      if (missing.length > 0) throw new ProviderRpcError(RpcErrorCode.InvalidParams, SolanaRpcMessage.missingSignatures(missing.length))
      return prepared(params, async () => {
        const signature = account.signBytes(wire.messageBytes)
        const id = transactionId(wire, { signer: account.address, signature })
        const answer = await send(withSignature(wire, account.address, signature), params.sendOptions)
        if (answer !== id) throw new ProviderRpcError(RpcErrorCode.InternalError, SolanaRpcMessage.malformedAnswer)
        return { signature: id }
      })
    }
    default:
      throw new ProviderRpcError(RpcErrorCode.UnsupportedMethod, RequestMessage.notSupported(request.method))
  }
}

/** The transaction, refused unless it deserializes and this account is one of its required signers. */
function ourTransaction(text: string, account: SolanaAccount): WireTransaction {
  let wire: WireTransaction
  try {
    wire = decodeWireTransaction(text)
  } catch (error) {
    if (error instanceof WireError) throw new ProviderRpcError(RpcErrorCode.InvalidParams, error.message)
    throw error
  }
  if (!wire.signers.includes(account.address)) throw new ProviderRpcError(RpcErrorCode.Unauthorized, SolanaRpcMessage.notSigner)
  return wire
}
