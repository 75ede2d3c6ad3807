import {
  WALLETCONNECT_BIP122_EVENTS,
  WALLETCONNECT_BIP122_METHODS,
  walletConnectBip122Results,
  type BitcoinResult,
  type WalletConnectBip122Method,
} from '@airlock/protocol'
import type * as z from 'zod/mini'
import type { NetworkContext, ProposalNamespace, WalletConnectFamily, WalletSend } from '../types'
import { sessionAccounts } from '../walletConnectAccounts'
import { isBitcoinAddress } from './address'
import { isBip122 } from './networks'
import { addressEntries, checkParams, checkResult, connectionAddresses, unsupported } from './rpc'
import { checkedResult } from '../rpcChecks'

type AccountAddress = z.output<typeof walletConnectBip122Results.getAccountAddresses>[number]

/** getAccountAddresses' entries as sats-connect's: WalletConnect says `intention` where sats-connect says `purpose`. */
const entriesOf = (listed: readonly AccountAddress[]) =>
  addressEntries(
    listed.map(({ address, publicKey, intention }) => ({
      address,
      ...(publicKey ? { publicKey } : {}),
      purpose: intention === 'ordinal' ? ('ordinals' as const) : ('payment' as const),
    })),
  )

/**
 * Every requested Bitcoin network with WalletConnect's bip122 methods and its address event. The
 * rpcMap names the RPC proxy as for the other families; the widget reads the node itself (REST).
 */
function proposal({ requested, rpcUrl }: NetworkContext): ProposalNamespace | undefined {
  const chains = requested.filter(isBip122)
  if (chains.length === 0) return undefined
  return {
    chains,
    methods: [...WALLETCONNECT_BIP122_METHODS],
    events: [...WALLETCONNECT_BIP122_EVENTS],
    rpcMap: Object.fromEntries(chains.map((id) => [id.slice('bip122:'.length), rpcUrl(id)])),
  }
}

/** Bitcoin addresses are written in one canonical form (bech32 lower case, base58 as it is): compared exactly. */
function approves(accounts: readonly string[], caipNetworkId: string, address: string): boolean {
  return isBip122(caipNetworkId) && accounts.includes(`${caipNetworkId}:${address}`)
}

async function answer<M extends WalletConnectBip122Method>(send: WalletSend, method: M, params: unknown) {
  return checkedResult(walletConnectBip122Results, method, await send(method, params))
}

/**
 * Airlock's Bitcoin RPC in WalletConnect's bip122 methods: `account` is the session's address (the
 * connection's payment address), amounts are decimal strings, a PSBT's inputs a flat list.
 */
async function request(
  send: WalletSend,
  { address: account, method, params }: { caipNetworkId: string; address: string; method: string; params?: unknown },
): Promise<unknown> {
  switch (method) {
    case 'getAddresses': {
      const purposes = checkParams(method, params)?.purposes
      const intentions = purposes?.map((purpose) => (purpose === 'ordinals' ? 'ordinal' : 'payment'))
      const listed = await answer(send, 'getAccountAddresses', { account, ...(intentions ? { intentions } : {}) })
      return { addresses: entriesOf(listed) } satisfies BitcoinResult<'getAddresses'>
    }
    case 'signMessage': {
      const { address, message, protocol } = checkParams(method, params)
      const signed = await answer(send, 'signMessage', { account, message, address, protocol: protocol === 'ECDSA' ? 'ecdsa' : 'bip322' })
      return checkResult(method, { signature: signed.signature, address: signed.address, protocol: protocol ?? 'BIP322' })
    }
    case 'signPsbt': {
      const { psbt, signInputs, broadcast } = checkParams(method, params)
      const inputs = Object.entries(signInputs).flatMap(([address, indexes]) => indexes.map((index) => ({ address, index })))
      return checkResult(method, await answer(send, 'signPsbt', { account, psbt, signInputs: inputs, broadcast: broadcast ?? false }))
    }
    case 'sendTransfer': {
      const [recipient] = checkParams(method, params).recipients
      return answer(send, 'sendTransfer', { account, recipientAddress: recipient!.address, amount: String(recipient!.amount) })
    }
    default:
      throw unsupported(`A Bitcoin wallet does not support ${method.slice(0, 100)}`)
  }
}

/**
 * `bip122_addressesChanged` carries getAccountAddresses' entries: the connection's addresses as a page
 * wallet's are read (connectionAddresses: the payment address first, none without one).
 */
function addressesChanged(event: string, data: unknown): string[] | undefined {
  if (event !== 'bip122_addressesChanged') return undefined
  return connectionAddresses(entriesOf(walletConnectBip122Results.getAccountAddresses.safeParse(data).data ?? []))
}

export const bitcoinWalletConnect: WalletConnectFamily = {
  proposal,
  accounts: sessionAccounts('bip122', isBitcoinAddress),
  approves,
  request,
  addressesChanged,
}
