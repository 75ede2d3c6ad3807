import { ed25519 } from '@noble/curves/ed25519'
import { base58, base64, hex } from '@scure/base'
import { getTransactionDecoder, getTransactionEncoder, type SignatureBytes, type Transaction } from '@solana/kit'
import { ProviderRpcError } from './errors'
import { rpcCall } from './rpc'

/** How a signed transaction is sent (`sendTransaction`'s config, without the encoding). */
export type SolanaSendOptions = { skipPreflight?: boolean; preflightCommitment?: string; maxRetries?: number; minContextSlot?: number }

const transactions = { decoder: getTransactionDecoder(), encoder: getTransactionEncoder() }

/**
 * One devnet Solana key (ed25519 via @noble/curves) as the devnet's wallets use it: the browser's
 * Wallet Standard wallet (solana.ts) and the reference WalletConnect wallet. Whether to sign is
 * theirs to decide; this signs and sends.
 */
export function devnetSolanaKey(secretKey: string) {
  const seed = hex.decode(secretKey)
  const publicKey = ed25519.getPublicKey(seed)
  const address = base58.encode(publicKey)

  /** The transaction with this key's signature in its place, and that signature; -32602 when it is not a transaction this key signs. */
  function signTransaction(bytes: Uint8Array): { transaction: Uint8Array; signature: Uint8Array } {
    let transaction: Transaction
    try {
      transaction = transactions.decoder.decode(bytes)
    } catch (error) {
      throw new ProviderRpcError(-32602, `Not a Solana transaction: ${(error as Error).message}`)
    }
    if (!(address in transaction.signatures)) throw new ProviderRpcError(-32602, `${address} is not a signer of this transaction`)
    const signature = ed25519.sign(new Uint8Array(transaction.messageBytes), seed) as SignatureBytes
    const signatures = { ...transaction.signatures, [address]: signature }
    return { transaction: new Uint8Array(transactions.encoder.encode({ ...transaction, signatures })), signature }
  }

  return {
    address,
    publicKey,
    signMessage: (message: Uint8Array): Uint8Array => ed25519.sign(message, seed),
    signTransaction,
    /** Signs and sends to the cluster at `rpcUrl`; the signature (base58) the node answers. Node errors keep their code and message. */
    signAndSend(rpcUrl: string, bytes: Uint8Array, options: SolanaSendOptions = {}): Promise<string> {
      const { skipPreflight, preflightCommitment, maxRetries, minContextSlot } = options
      const config = { encoding: 'base64', skipPreflight, preflightCommitment, maxRetries, minContextSlot }
      return rpcCall<string>(rpcUrl, 'sendTransaction', [base64.encode(signTransaction(bytes).transaction), config])
    },
  }
}

export type DevnetSolanaKey = ReturnType<typeof devnetSolanaKey>
