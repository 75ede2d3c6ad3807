import { installDevnetWallet, type WalletWindow } from '@airlock/devnet/wallet/install'
import { ProviderRpcError, RpcErrorCode } from '@airlock/protocol'
import type { NodeRpc, PageCall } from '../types'

/**
 * Test parts for the bip122 adapter (its tests only): a NodeRpc whose REST goes straight to the
 * devnet's esplora, the devnet's browser Bitcoin wallet installed in a bare window, and the host's
 * side of the page boundary for each shape (what apps/host-sdk relays: account addresses mapped to
 * the wallet's account objects, sats-connect's JSON-RPC answers unwrapped), recording the calls.
 */

/** esplora at `url` for `caipNetworkId` only (a read of another network is a bug); `paths` lists what was read. */
export function devnetRest(url: string, caipNetworkId: string): NodeRpc & { paths: string[] } {
  const paths: string[] = []
  const rpc = async () => {
    throw new Error('bip122 reads no JSON-RPC')
  }
  const rest = async (network: string, path: string, body?: string) => {
    if (network !== caipNetworkId) throw new Error(`read of ${network}, the devnet is ${caipNetworkId}`)
    paths.push(body === undefined ? path : `POST ${path}`)
    const response = await fetch(`${url}/${path}`, body === undefined ? {} : { method: 'POST', body })
    const text = await response.text()
    if (!response.ok) throw new ProviderRpcError(RpcErrorCode.ResourceUnavailable, text, { status: response.status })
    return text
  }
  return Object.assign(rpc, { rest, paths })
}

type Feature = Record<string, (input: unknown) => Promise<unknown>>
interface Account {
  address: string
  publicKey: Uint8Array
  chains: readonly string[]
  features: readonly string[]
}

export interface Recorded {
  method: string
  params?: unknown
}

/** The devnet wallet of `families`, against the esplora at `esplora`, in a window of its own. */
export function devnetBitcoinPage(esplora: string) {
  const win = Object.assign(new EventTarget(), {
    __AIRLOCK_DEVNET_WALLET__: { families: ['bip122' as const], bitcoinEsplora: esplora },
  }) as WalletWindow
  installDevnetWallet(win)
  const bitcoin = win.__devnetBitcoinWallet!
  const calls: Recorded[] = []

  /** The host's relay of a Standard wallet's bitcoin:* features (wallet-standard-relay.ts). */
  const standard: PageCall = async (method, params) => {
    calls.push({ method, params })
    const wallet = bitcoin.wallet as unknown as { features: Record<string, Feature>; accounts: readonly Account[] }
    const name = method.slice(method.indexOf(':') + 1)
    const feature = wallet.features[method]
    if (!feature?.[name]) throw new ProviderRpcError(RpcErrorCode.UnsupportedMethod, `This wallet does not support ${method}`)
    const toAccount = (address: unknown) => {
      const account = wallet.accounts.find((known) => known.address === address)
      if (!account) throw new ProviderRpcError(RpcErrorCode.Unauthorized, `Account ${String(address)} is not connected`)
      return account
    }
    let input = params as { account?: unknown; inputsToSign?: { account: unknown }[] } | undefined
    if (input?.account !== undefined) input = { ...input, account: toAccount(input.account) }
    if (input?.inputsToSign)
      input = { ...input, inputsToSign: input.inputsToSign.map((sign) => ({ ...sign, account: toAccount(sign.account) })) }
    const output = await feature[name](input)
    return Array.isArray(output) ? output[0] : output
  }

  /** The host's relay of a sats-connect provider (sats-connect.ts): the result, or the error thrown with its code. */
  const satsConnect: PageCall = async (method, params) => {
    calls.push({ method, params })
    const response = (await bitcoin.provider.request(method, params as Record<string, unknown>)) as {
      result?: unknown
      error?: { code: number; message: string }
    }
    if (response.error) throw new ProviderRpcError(response.error.code, response.error.message)
    return response.result
  }

  return { bitcoin, standard, satsConnect, calls }
}
