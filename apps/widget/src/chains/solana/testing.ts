import { ProviderRpcError, RpcErrorCode, WALLET_STANDARD_CALLS, walletStandardCallParams, type WalletStandardCall } from '@airlock/protocol'
import {
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  getTransactionEncoder,
  partiallySignTransaction,
  signBytes,
  type KeyPairSigner,
} from '@solana/kit'
import type { NodeRpc, PageCall, WalletSend } from '../types'
import { base58ToBytes, base64ToBytes, bytesToBase58 } from './bytes'

/**
 * Test parts for the Solana adapter (used by its tests only): a NodeRpc posting JSON-RPC to the
 * devnet, and wallets holding a real key that sign with @solana/kit and send to the devnet, as a
 * wallet does. They are the tests' wallets, not stand-ins for the adapter's code.
 */

/** JSON-RPC to the devnet at `url`, for `caipNetworkId` only (a read of another network is a bug). */
export function devnetRpc(url: string, caipNetworkId: string): NodeRpc & { calls: string[] } {
  const calls: string[] = []
  const rpc = async (network: string, method: string, params: unknown) => {
    if (network !== caipNetworkId) throw new Error(`read of ${network}, the devnet is ${caipNetworkId}`)
    calls.push(method)
    const response = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: calls.length, method, params }),
    })
    const body = (await response.json()) as { result?: unknown; error?: { code: number; message: string } }
    if (body.error) throw new ProviderRpcError(body.error.code, body.error.message)
    return body.result
  }
  return Object.assign(rpc, { calls })
}

/** Signs a wire transaction with the signer's key (a wallet signs only as its own account). */
async function sign(signer: KeyPairSigner, transaction: Uint8Array): Promise<Uint8Array> {
  const decoded = getTransactionDecoder().decode(transaction)
  if (!(signer.address in decoded.signatures))
    throw new ProviderRpcError(RpcErrorCode.InvalidParams, `${signer.address} does not sign this`)
  return new Uint8Array(getTransactionEncoder().encode(await partiallySignTransaction([signer.keyPair], decoded)))
}

interface SendOptions {
  skipPreflight?: boolean | undefined
}

/** Signs and sends to the node: the signature base58, as the node answers it. */
async function signAndSend(rpc: NodeRpc, caipNetworkId: string, signer: KeyPairSigner, transaction: Uint8Array, options: SendOptions = {}) {
  const signed = getTransactionDecoder().decode(await sign(signer, transaction))
  const wire = getBase64EncodedWireTransaction(signed)
  return (await rpc(caipNetworkId, 'sendTransaction', [
    wire,
    { encoding: 'base64', skipPreflight: options.skipPreflight ?? false },
  ])) as string
}

/** A WalletConnect-style wallet (the widget's Solana JSON-RPC) of one key; `asked` lists what it was asked. */
export function keyWallet(
  signer: KeyPairSigner,
  rpc: NodeRpc,
  caipNetworkId: string,
  options: SendOptions = {},
): WalletSend & { asked: string[] } {
  const asked: string[] = []
  const send = async (method: string, params?: unknown) => {
    asked.push(method)
    const input = params as { transaction: string; message: string; pubkey: string }
    switch (method) {
      case 'solana_signAndSendTransaction':
        return { signature: await signAndSend(rpc, caipNetworkId, signer, base64ToBytes(input.transaction), options) }
      case 'solana_signMessage':
        if (input.pubkey !== signer.address) throw new ProviderRpcError(RpcErrorCode.Unauthorized)
        return { signature: bytesToBase58(await signBytes(signer.keyPair.privateKey, base58ToBytes(input.message))) }
      default:
        throw new ProviderRpcError(RpcErrorCode.UnsupportedMethod)
    }
  }
  return Object.assign(send, { asked })
}

export interface StandardWalletOptions {
  /** The chains its account lists (Wallet Standard names). */
  chains?: readonly string[]
  /** Whether the site is already connected (a silent connect then answers the account). */
  connected?: boolean
}

/**
 * What the host relays to a Wallet Standard wallet of the page holding one key: the params checked
 * as the host checks them, an account named by its address, plain data back. `calls` records them.
 */
export function standardWallet(
  signer: KeyPairSigner,
  rpc: NodeRpc,
  caipNetworkId: string,
  options: StandardWalletOptions = {},
): PageCall & { calls: { method: string; params: unknown }[] } {
  const calls: { method: string; params: unknown }[] = []
  let connected = options.connected ?? false
  const account = () => ({
    address: signer.address,
    publicKey: base58ToBytes(signer.address),
    chains: [...(options.chains ?? ['solana:localnet'])],
    features: ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'],
  })
  const call = async (method: string, params?: unknown) => {
    calls.push({ method, params })
    if (!(WALLET_STANDARD_CALLS as readonly string[]).includes(method)) throw new ProviderRpcError(RpcErrorCode.UnsupportedMethod)
    if (!walletStandardCallParams[method as WalletStandardCall].safeParse(params).success)
      throw new ProviderRpcError(RpcErrorCode.InvalidParams, `Invalid params for ${method}`)
    const input = params as { silent?: boolean; account: string; message: Uint8Array; transaction: Uint8Array; options?: SendOptions }
    if (method === 'standard:connect') {
      connected ||= !input?.silent
      return { accounts: connected ? [account()] : [] }
    }
    if (method === 'standard:disconnect') return void (connected = false)
    if (!connected || input.account !== signer.address) throw new ProviderRpcError(RpcErrorCode.Unauthorized)
    switch (method) {
      case 'solana:signMessage':
        return { signedMessage: input.message, signature: new Uint8Array(await signBytes(signer.keyPair.privateKey, input.message)) }
      case 'solana:signTransaction':
        return { signedTransaction: await sign(signer, input.transaction) }
      default:
        return { signature: base58ToBytes(await signAndSend(rpc, caipNetworkId, signer, input.transaction, input.options)) }
    }
  }
  return Object.assign(call, { calls })
}
