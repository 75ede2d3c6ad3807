import { bitcoinRegtest } from '@airlock/chains'
import { planBitcoinTransfer, transferPsbt } from '@airlock/chains/bip122'
import { WALLETCONNECT_BIP122_EVENTS, WALLETCONNECT_BIP122_METHODS, walletConnectBip122Params } from '@airlock/protocol'
import { Psbt } from 'bitcoinjs-lib'
import type * as z from 'zod/mini'
import { bitcoinDevnetAccounts, bitcoinDevnetTaprootAccounts } from '../bitcoin/accounts'
import { broadcastTransaction, fetchUtxos } from '../bitcoin/client'
import { REGTEST } from '../bitcoin/ecc'
import { devnetBitcoinKey } from '../wallet/bitcoin-key'
import { rpcError } from '../wallet/errors'
import type { FamilyNamespace } from './solana'

/**
 * The reference wallet's Bitcoin side (WalletConnect's bip122 namespace): the devnet's second
 * payment (P2WPKH) and ordinals (taproot) accounts (the page wallets use the first), on the chains
 * it has an esplora API for (`bip122:<genesis hash>` -> url). The payment address is the session's
 * account, as WalletConnect's Bitcoin RPC defines it.
 */
export function referenceBitcoin(esploraUrls: Readonly<Record<string, string>>) {
  const payment = devnetBitcoinKey(bitcoinDevnetAccounts[1]!)
  const ordinals = devnetBitcoinKey(bitcoinDevnetTaprootAccounts[1]!)
  const chains = new Map(Object.entries(esploraUrls))
  const keys = new Map([payment, ordinals].map((key) => [key.address, key]))

  const parse = <T>(schema: z.ZodMiniType<T>, params: unknown): T => {
    const parsed = schema.safeParse(params)
    if (!parsed.success) throw rpcError(-32602)
    return parsed.data
  }
  const own = (account: string) => {
    if (account !== payment.address) throw rpcError(4100)
  }
  const esplora = (chainId: string) => {
    const url = chains.get(chainId)
    if (!url) throw rpcError(4901, `The wallet has no esplora API for ${chainId}.`)
    return url
  }

  return {
    address: payment.address,
    knownChains: (): string[] => [...chains.keys()],
    namespace(requested: readonly string[]): FamilyNamespace | undefined {
      const approved = requested.filter((chain) => chains.has(chain))
      if (approved.length === 0) return undefined
      return {
        chains: approved,
        methods: [...WALLETCONNECT_BIP122_METHODS],
        events: [...WALLETCONNECT_BIP122_EVENTS],
        accounts: approved.map((chain) => `${chain}:${payment.address}`),
      }
    },
    async execute(chainId: string, method: string, params: unknown): Promise<unknown> {
      switch (method) {
        case 'getAccountAddresses': {
          const { account, intentions } = parse(walletConnectBip122Params.getAccountAddresses, params)
          own(account)
          const all = [
            { address: payment.address, publicKey: payment.publicKey, path: "m/84'/1'/0'/0/1", intention: 'payment' as const },
            { address: ordinals.address, publicKey: ordinals.publicKey.slice(2), path: "m/86'/1'/0'/0/1", intention: 'ordinal' as const },
          ]
          return intentions ? all.filter((entry) => intentions.includes(entry.intention)) : all
        }
        case 'signMessage': {
          const { account, message, address, protocol } = parse(walletConnectBip122Params.signMessage, params)
          own(account)
          const key = keys.get(address ?? account)
          if (!key) throw rpcError(4100)
          return { address: key.address, signature: key.signMessage(message, protocol === 'ecdsa' ? 'ECDSA' : 'BIP322') }
        }
        case 'signPsbt': {
          const { account, psbt: base64, signInputs, broadcast } = parse(walletConnectBip122Params.signPsbt, params)
          own(account)
          const psbt = Psbt.fromBase64(base64, { network: REGTEST })
          for (const { address, index } of signInputs) {
            const key = keys.get(address)
            if (!key) throw rpcError(4100)
            key.signPsbt(psbt, [index])
          }
          return {
            psbt: psbt.toBase64(),
            ...(broadcast ? { txid: await broadcastTransaction(esplora(chainId), psbt.extractTransaction().toHex()) } : {}),
          }
        }
        case 'sendTransfer': {
          const { account, recipientAddress, amount } = parse(walletConnectBip122Params.sendTransfer, params)
          own(account)
          const url = esplora(chainId)
          const utxos = (await fetchUtxos(url, payment.address)).map((utxo) => ({ ...utxo, value: BigInt(utxo.value) }))
          const request = {
            caipNetworkId: bitcoinRegtest.caipNetworkId,
            from: payment.address,
            to: recipientAddress,
            amount: BigInt(amount),
            feeRate: 2,
            utxos,
          }
          const psbt = Psbt.fromBase64(transferPsbt(request, planBitcoinTransfer(request)), { network: REGTEST })
          payment.signPsbt(
            psbt,
            psbt.txInputs.map((_, index) => index),
          )
          return { txid: await broadcastTransaction(url, psbt.extractTransaction().toHex()) }
        }
        default:
          throw rpcError(4200)
      }
    },
  }
}
