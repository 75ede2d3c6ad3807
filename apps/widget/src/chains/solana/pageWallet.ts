import { parseCaipNetworkId, solana } from '@airlock/chains'
import {
  ProviderRpcError,
  RpcErrorCode,
  solanaMethodParams,
  WalletStandardAccounts,
  walletStandardCallResults,
  type ConnectorDescription,
  type SolanaMethod,
  type SolanaParams,
  type WalletStandardAccount,
  type WalletStandardCall,
  type WalletStandardResult,
} from '@airlock/protocol'
import type { ConnectedNamespace } from '../../core/session/session'
import type { NetworkContext, PageCall, PageWallet } from '../types'
import { isSolanaAddress } from './address'
import { base58ToBytes, base64ToBytes, bytesToBase58, bytesToBase64 } from './bytes'
import { clusterOf, standardChainOf } from './clusters'

/**
 * A Wallet Standard wallet of the dapp page (Phantom, Solflare, ...), spoken to through the host's
 * relay of a fixed set of features with plain-data params (packages/protocol/src/wallet-standard.ts).
 * The widget speaks WalletConnect's solana_* JSON-RPC to every Solana wallet: `request` translates
 * each method to its feature, and the answer back, base58/base64 to bytes and bytes to text.
 */

async function callFeature<M extends WalletStandardCall>(call: PageCall, method: M, params?: unknown): Promise<WalletStandardResult<M>> {
  const result = walletStandardCallResults[method].safeParse(await call(method, params))
  if (!result.success) throw new ProviderRpcError(RpcErrorCode.InternalError, `The wallet answered ${method} with a malformed result`)
  return result.data as WalletStandardResult<M>
}

function checkParams<M extends SolanaMethod>(method: M, params: unknown): SolanaParams<M> {
  const result = solanaMethodParams[method].safeParse(params)
  if (!result.success) throw new ProviderRpcError(RpcErrorCode.InvalidParams, `Invalid params for ${method}`)
  return result.data as SolanaParams<M>
}

/** An account the wallet holds on Solana, whose address is its public key in base58. */
const isSolanaAccount = (account: WalletStandardAccount) =>
  account.chains.some((chain) => chain.startsWith('solana:')) &&
  isSolanaAddress(account.address) &&
  bytesToBase58(account.publicKey) === account.address

const solanaAddresses = (accounts: readonly WalletStandardAccount[]) => [
  ...new Set(accounts.filter(isSolanaAccount).map((account) => account.address)),
]

/**
 * The first requested Solana network among the wallet's chains (its description's, then its
 * accounts'), else the wallet's first known cluster. A wallet listing no cluster the widget knows
 * gets the first requested one: a Solana transaction names no cluster, the connection picks it.
 */
function networkOf(walletChains: readonly string[], networks: NetworkContext): string {
  const listed = walletChains.map(clusterOf).filter((id) => id !== undefined)
  const requested = networks.requested.filter((id) => parseCaipNetworkId(id)?.namespace === 'solana')
  return requested.find((id) => listed.includes(id)) ?? listed[0] ?? requested[0] ?? solana.caipNetworkId
}

async function connected(
  call: PageCall,
  description: ConnectorDescription,
  networks: NetworkContext,
  silent: boolean,
): Promise<ConnectedNamespace | undefined> {
  const { accounts } = await callFeature(call, 'standard:connect', silent ? { silent: true } : undefined)
  const held = accounts.filter(isSolanaAccount)
  if (held.length === 0) return undefined
  const chains = [...(description.chains ?? []), ...held.flatMap((account) => account.chains)]
  return { namespace: 'solana', addresses: solanaAddresses(held), caipNetworkId: networkOf(chains, networks) }
}

/** The Wallet Standard chain a signing call names: the host does not fill it, and a wallet may sign for its default otherwise. */
function chainOf(caipNetworkId: string): string {
  const chain = standardChainOf(caipNetworkId)
  if (!chain) throw new ProviderRpcError(RpcErrorCode.ChainDisconnected, `Unsupported chain ${caipNetworkId.slice(0, 100)}`)
  return chain
}

/**
 * The fee payer's signature of a signed wire transaction: the signatures come first, after their
 * count (a compact-u16; one byte, since a transaction of at most 1232 bytes holds fewer than 128).
 */
export function firstSignature(transaction: Uint8Array): string {
  const count = transaction[0] ?? 0
  const signature = transaction.subarray(1, 65)
  if (count === 0 || count >= 0x80 || transaction.length < 1 + 64 * count)
    throw new ProviderRpcError(RpcErrorCode.InternalError, 'The wallet returned a malformed transaction')
  if (signature.every((byte) => byte === 0))
    throw new ProviderRpcError(RpcErrorCode.InternalError, 'The wallet returned an unsigned transaction')
  return bytesToBase58(signature)
}

export const solanaPageWallet: PageWallet = {
  async connect(call, description, networks) {
    const accounts = await connected(call, description, networks, false)
    if (!accounts) throw new ProviderRpcError(RpcErrorCode.Unauthorized, 'The wallet returned no Solana account')
    return accounts
  },
  // silent: the wallet answers with the accounts it still grants this site, without a prompt.
  reconnect: (call, description, networks) => connected(call, description, networks, true),

  async request(call, { caipNetworkId, address, method, params }) {
    switch (method) {
      case 'solana_signMessage': {
        // The pubkey the dapp names signs; the host refuses (4100) an account the wallet did not connect.
        const { message, pubkey } = checkParams(method, params)
        const { signature } = await callFeature(call, 'solana:signMessage', { account: pubkey, message: base58ToBytes(message) })
        return { signature: bytesToBase58(signature) }
      }
      case 'solana_signTransaction': {
        const { transaction } = checkParams(method, params)
        const { signedTransaction } = await callFeature(call, 'solana:signTransaction', {
          account: address,
          transaction: base64ToBytes(transaction),
          chain: chainOf(caipNetworkId),
        })
        return { signature: firstSignature(signedTransaction), transaction: bytesToBase64(signedTransaction) }
      }
      case 'solana_signAndSendTransaction': {
        const { transaction, sendOptions } = checkParams(method, params)
        const { signature } = await callFeature(call, 'solana:signAndSendTransaction', {
          account: address,
          transaction: base64ToBytes(transaction),
          chain: chainOf(caipNetworkId),
          ...(sendOptions ? { options: sendOptions } : {}),
        })
        return { signature: bytesToBase58(signature) }
      }
      default:
        throw new ProviderRpcError(RpcErrorCode.UnsupportedMethod, `A Solana wallet does not support ${method.slice(0, 100)}`)
    }
  },
  // Best-effort and not awaited, as for eip155: standard:disconnect is optional, and a hung wallet
  // must not keep the dapp connected.
  async disconnect(call) {
    call('standard:disconnect').catch(() => {})
  },
  readEvent(event, data) {
    if (event !== 'accountsChanged') return undefined
    const accounts = WalletStandardAccounts.safeParse(data)
    if (!accounts.success) return undefined
    const addresses = solanaAddresses(accounts.data)
    return addresses.length === 0 ? { disconnected: true } : { addresses }
  },
}
