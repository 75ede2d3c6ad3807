import { bytesToHex, parseBitcoinAddress } from '@airlock/chains/bip122'
import {
  BITCOIN_PURPOSES,
  BitcoinStandardAccounts,
  isBitcoinMethod,
  ProviderRpcError,
  RpcErrorCode,
  walletStandardCallResults,
  type BitcoinAddressEntry,
  type BitcoinMethod,
  type BitcoinResult,
  type ConnectorDescription,
  type WalletStandardCall,
  type WalletStandardResult,
} from '@airlock/protocol'
import * as z from 'zod/mini'
import type { ConnectedNamespace } from '../../core/session/session'
import type { NetworkContext, PageCall, PageWallet, PageWalletChange } from '../types'
import { base64ToBytes, bytesToBase64 } from './bytes'
import { BITCOIN_NETWORK_IDS, networkOfName, pickNetwork, standardChainOf } from './networks'
import { addressEntries, checkParams, checkResult, connectionAddresses, isUnsupported, unsupported } from './rpc'
import { checkedResult } from '../rpcChecks'

/**
 * A Bitcoin wallet of the dapp page, in either shape the host relays: a Wallet Standard wallet with
 * `bitcoin:*` features (connector `ws:bip122:<name>`) or a sats-connect provider of
 * `window.btc_providers` (connector `sats-connect:<id>`). The widget speaks Airlock's Bitcoin RPC
 * (sats-connect's names) to both: a sats-connect wallet gets it as it is, checked both ways; a
 * Standard one has each method translated to its feature, base64 to bytes and back.
 */

const isSatsConnect = (description: ConnectorDescription) => description.id.startsWith('sats-connect:')
const ALL_PURPOSES = [...BITCOIN_PURPOSES]
/**
 * The Standard marks no purpose: a taproot account beside another is the ordinals one, as wallets
 * give them (payment P2WPKH or P2SH, ordinals P2TR).
 */
const isTaproot = (address: string) => /^(bc|tb|bcrt)1p/i.test(address)

async function callFeature<M extends WalletStandardCall>(call: PageCall, method: M, params?: unknown): Promise<WalletStandardResult<M>> {
  return checkedResult(walletStandardCallResults, method, await call(method, params))
}

/** The Bitcoin networks an address can be of (`bcrt1…`: regtest; `tb1…`: testnet, testnet4 and signet). */
const networksOfAddress = (address: string) => BITCOIN_NETWORK_IDS.filter((id) => parseBitcoinAddress(address, id).ok)

/** A Standard wallet's accounts as sats-connect's entries (purposes by isTaproot). */
async function standardEntries(call: PageCall, purposes: readonly string[]): Promise<{ entries: BitcoinAddressEntry[]; chains: string[] }> {
  const { accounts } = await callFeature(call, 'bitcoin:connect', { purposes })
  // A lone taproot account is the payment one, unless only ordinals were asked.
  const taprootIsOrdinals = accounts.some((account) => !isTaproot(account.address)) || !purposes.includes('payment')
  const entries = accounts.map((account): BitcoinAddressEntry => ({
    address: account.address,
    publicKey: bytesToHex(account.publicKey),
    purpose: taprootIsOrdinals && isTaproot(account.address) ? 'ordinals' : 'payment',
  }))
  return { entries: entries.filter((entry) => purposes.includes(entry.purpose)), chains: accounts.flatMap((account) => account.chains) }
}

/**
 * sats-connect's later names of Airlock's Bitcoin RPC (`bitcoin_<method>V2`, sats-connect-core's
 * networks refactor): the same params and results, but getAddresses' network is `networks`.
 */
const SATS_CONNECT_V2: Readonly<Record<BitcoinMethod, string>> = {
  getAddresses: 'bitcoin_getAddressesV2',
  signMessage: 'bitcoin_signMessageV2',
  signPsbt: 'bitcoin_signPsbtV2',
  sendTransfer: 'bitcoin_sendTransferV2',
}

/** A sats-connect answer's network: `network.bitcoin.name` (`Regtest`), or since its networks refactor `networks.bitcoin.mode` (`regtest`). */
const SatsConnectNetworks = z.object({
  network: z.optional(z.object({ bitcoin: z.optional(z.object({ name: z.string().check(z.maxLength(40)) })) })),
  networks: z.optional(z.object({ bitcoin: z.optional(z.object({ mode: z.string().check(z.maxLength(40)) })) })),
})
function satsConnectNetworkOf(answer: unknown): string | undefined {
  const { data } = SatsConnectNetworks.safeParse(answer)
  const name = data?.network?.bitcoin?.name ?? data?.networks?.bitcoin?.mode
  return name === undefined ? undefined : networkOfName(name)
}

/** Calls `method`, then each next name while the wallet (or the host's allow-list) has no such method. */
async function firstSupported(call: PageCall, [method, ...others]: readonly string[], params: unknown): Promise<unknown> {
  try {
    return await call(method!, params)
  } catch (error) {
    if (others.length === 0 || !isUnsupported(error)) throw error
    return firstSupported(call, others, params)
  }
}

/** sats-connect's wallet_connect, else getAddresses, else its V2 name (the wallet answers the names it has); its network when it says. */
async function satsConnectEntries(
  call: PageCall,
  purposes: readonly string[],
): Promise<{ entries: BitcoinAddressEntry[]; chains: string[] }> {
  const answer = (await call('wallet_connect', { addresses: purposes }).catch((error: unknown) => {
    if (!isUnsupported(error)) throw error
    return firstSupported(call, ['getAddresses', SATS_CONNECT_V2.getAddresses], { purposes })
  })) as { addresses?: unknown } | undefined
  const network = satsConnectNetworkOf(answer)
  return {
    entries: addressEntries(answer?.addresses).filter((entry) => purposes.includes(entry.purpose)),
    chains: network ? [network] : [],
  }
}

const entriesOf = (call: PageCall, description: ConnectorDescription, purposes: readonly string[]) =>
  isSatsConnect(description) ? satsConnectEntries(call, purposes) : standardEntries(call, purposes)

/**
 * SPEC: a bip122 connection's account is the payment address; ordinals addresses are listed after
 * it. The network: the first requested one the wallet names (its description, its accounts, its
 * sats-connect network), else one the payment address belongs to.
 */
async function connected(
  call: PageCall,
  description: ConnectorDescription,
  networks: NetworkContext,
): Promise<ConnectedNamespace | undefined> {
  const { entries, chains } = await entriesOf(call, description, ALL_PURPOSES)
  const payment = entries.find((entry) => entry.purpose === 'payment')
  if (!payment) return undefined
  const named = [...(description.chains ?? []), ...chains].flatMap((chain) => networkOfName(chain) ?? [])
  const caipNetworkId = pickNetwork(named.length > 0 ? named : networksOfAddress(payment.address), networks)
  const onNetwork = entries.filter((entry) => parseBitcoinAddress(entry.address, caipNetworkId).ok)
  return { namespace: 'bip122', addresses: connectionAddresses([payment, ...onNetwork]), caipNetworkId }
}

/** The Standard chain a signing call names: the host does not fill it, and a wallet may sign for its default otherwise. */
function chainOf(caipNetworkId: string): string {
  const chain = standardChainOf(caipNetworkId)
  if (!chain) throw new ProviderRpcError(RpcErrorCode.ChainDisconnected, `Unsupported chain ${caipNetworkId.slice(0, 100)}`)
  return chain
}

/** Airlock's Bitcoin RPC to a Standard wallet's features. */
async function standardRequest(call: PageCall, caipNetworkId: string, method: BitcoinMethod, params: unknown): Promise<unknown> {
  switch (method) {
    case 'getAddresses': {
      const purposes = checkParams(method, params)?.purposes ?? ALL_PURPOSES
      return { addresses: (await standardEntries(call, purposes)).entries } satisfies BitcoinResult<'getAddresses'>
    }
    case 'signMessage': {
      const { address, message, protocol } = checkParams(method, params)
      // The Standard's bitcoin:signMessage signs BIP-322 (simple); it takes no protocol.
      if (protocol === 'ECDSA') throw unsupported('This wallet signs BIP-322 messages only')
      const { signature } = await callFeature(call, 'bitcoin:signMessage', { account: address, message: new TextEncoder().encode(message) })
      return { signature: bytesToBase64(signature), address, protocol: 'BIP322' } satisfies BitcoinResult<'signMessage'>
    }
    case 'signPsbt': {
      const { psbt, signInputs, broadcast } = checkParams(method, params)
      // bitcoin:signTransaction only signs; the widget broadcasts through the API (transfers.ts).
      if (broadcast) throw unsupported('This wallet signs PSBTs without broadcasting them: ask with broadcast false')
      const inputsToSign = Object.entries(signInputs).map(([account, signingIndexes]) => ({ account, signingIndexes }))
      const { signedPsbt } = await callFeature(call, 'bitcoin:signTransaction', {
        psbt: base64ToBytes(psbt),
        inputsToSign,
        chain: chainOf(caipNetworkId),
      })
      return { psbt: bytesToBase64(signedPsbt) } satisfies BitcoinResult<'signPsbt'>
    }
    case 'sendTransfer':
      throw unsupported('This wallet does not send transfers itself: sign a PSBT')
  }
}

/** sats-connect's codes for a user's no and a site it has not granted, as EIP-1193 says them (4001, 4100). */
const SATS_CONNECT_CODES: ReadonlyMap<unknown, number> = new Map([
  [-32000, RpcErrorCode.UserRejected],
  [-32002, RpcErrorCode.Unauthorized],
])

/**
 * Airlock's Bitcoin RPC as it is to a sats-connect provider: its first names, which sats-connect
 * documents and wallets of both eras answer, then the V2 name where the wallet (or its WBIP004
 * entry's `methods`) has no such method; the answer checked either way.
 */
async function satsConnectRequest(call: PageCall, method: BitcoinMethod, params: unknown): Promise<unknown> {
  const checked = checkParams(method, params)
  const answer = await firstSupported(call, [method, SATS_CONNECT_V2[method]], checked).catch((error: unknown) => {
    const code = SATS_CONNECT_CODES.get((error as { code?: unknown } | undefined)?.code)
    throw code === undefined ? error : new ProviderRpcError(code, (error as Error).message)
  })
  if (method !== 'getAddresses') return checkResult(method, answer)
  const purposes = (checked as { purposes?: string[] } | undefined)?.purposes ?? ALL_PURPOSES
  return {
    addresses: addressEntries((answer as { addresses?: unknown } | undefined)?.addresses).filter((e) => purposes.includes(e.purpose)),
  }
}

/** A Standard wallet's accounts (its standard:events change): payment ones first, taproot after. */
function standardAccountsChange(data: unknown): PageWalletChange | undefined {
  const accounts = BitcoinStandardAccounts.safeParse(data)
  if (!accounts.success) return undefined
  if (accounts.data.length === 0) return { disconnected: true }
  const addresses = accounts.data.map((account) => account.address)
  return { addresses: [...new Set([...addresses.filter((a) => !isTaproot(a)), ...addresses.filter(isTaproot)])] }
}

/**
 * sats-connect's events as the host relays them (sats-connect.ts): accountChange as accountsChanged
 * with the new account's addresses, which the wallet gives only when this site may read that
 * account, so none is a disconnection; networkChange as chainChanged, the network (and the
 * addresses there when it gives them); disconnect.
 */
function satsConnectChange(event: 'accountsChanged' | 'chainChanged', data: unknown): PageWalletChange | undefined {
  if (typeof data !== 'object' || data === null) return undefined
  const addresses = connectionAddresses(addressEntries((data as { addresses?: unknown }).addresses))
  if (event === 'accountsChanged') return addresses.length > 0 ? { addresses } : { disconnected: true }
  // networkChange names its network as an answer does: `bitcoin.name`, or `networks.bitcoin.mode`.
  const { bitcoin, networks } = data as { bitcoin?: unknown; networks?: unknown }
  const caipNetworkId = satsConnectNetworkOf({ network: { bitcoin }, networks })
  // A network the widget does not know says nothing it could use.
  if (!caipNetworkId) return undefined
  return addresses.length > 0 ? { caipNetworkId, addresses } : { caipNetworkId }
}

export const bitcoinPageWallet: PageWallet = {
  async connect(call, description, networks) {
    const accounts = await connected(call, description, networks)
    if (!accounts) throw new ProviderRpcError(RpcErrorCode.Unauthorized, 'The wallet returned no Bitcoin payment address')
    return accounts
  },
  // Neither shape has a silent connect the host relays: a wallet that granted this site answers its
  // connect again without asking, one that did not is refused by the user or prompts, and reconnect fails.
  reconnect: (call, description, networks) => connected(call, description, networks),

  async request(call, { caipNetworkId, method, params, description }) {
    if (!isBitcoinMethod(method)) throw unsupported(`A Bitcoin wallet does not support ${method.slice(0, 100)}`)
    return isSatsConnect(description) ? satsConnectRequest(call, method, params) : standardRequest(call, caipNetworkId, method, params)
  },
  // Best-effort and not awaited: disconnecting is optional in both shapes, and a hung wallet must not keep the dapp connected.
  async disconnect(call, description) {
    call(isSatsConnect(description) ? 'wallet_disconnect' : 'standard:disconnect').catch(() => {})
  },
  readEvent(event, data) {
    switch (event) {
      case 'accountsChanged':
        // A Standard wallet's change is its accounts (an array), a sats-connect event an object.
        return Array.isArray(data) ? standardAccountsChange(data) : satsConnectChange(event, data)
      case 'chainChanged':
        return satsConnectChange(event, data)
      case 'disconnect':
        return { disconnected: true }
      default:
        return undefined
    }
  },
}
