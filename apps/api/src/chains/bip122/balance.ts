import { getNetwork } from '@airlock/chains'
import type { BalanceItem } from '@airlock/protocol'
import { formatUnits } from 'viem'
import type { ChainRegistry } from '../registry'
import { isAddressOn, parseBitcoinAddress } from './address'
import { AddressInfo, type Esplora } from './esplora'

const BTC_DECIMALS = 8

/**
 * An address's BTC on one network, in the balance route's shape: the confirmed balance as the
 * native entry, and what the mempool adds or takes (negative while a spend waits) as a second
 * native entry named "(pending)", so that the two add up to what the wallet will hold. Zero
 * entries are left out. No price source knows BTC: price and value are 0, and there is no image.
 */
export async function bitcoinBalances(esplora: Esplora, caip2: string, address: string): Promise<BalanceItem[]> {
  const { chain_stats: chain, mempool_stats: mempool } = await esplora.get(`/address/${address}`, AddressInfo)
  const name = getNetwork(caip2)?.nativeCurrency.name ?? 'Bitcoin'
  const entry = (label: string, sats: bigint): BalanceItem[] =>
    sats === 0n
      ? []
      : [
          {
            name: label,
            symbol: 'BTC',
            chainId: caip2,
            value: 0,
            price: 0,
            quantity: { decimals: String(BTC_DECIMALS), numeric: formatUnits(sats, BTC_DECIMALS) },
            iconUrl: '',
          },
        ]
  return [
    ...entry(name, BigInt(chain.funded_txo_sum - chain.spent_txo_sum)),
    ...entry(`${name} (pending)`, BigInt(mempool.funded_txo_sum - mempool.spent_txo_sum)),
  ]
}

/** The bip122 side of the balance route (balance/routes.ts): an address of another network reads as empty, with no request. */
export function bip122Balance(chains: ChainRegistry) {
  return {
    parse: parseBitcoinAddress,
    invalid: 'Invalid address: expected a Bitcoin address (bech32 bc1…, tb1…, bcrt1…; base58 1…, 3…, m…, n…, 2…)',
    read(caip2: string, address: string): Promise<BalanceItem[]> | undefined {
      const esplora = chains.family('bip122').client(caip2)
      if (!esplora) return undefined
      return isAddressOn(address, caip2) ? bitcoinBalances(esplora, caip2, address) : Promise.resolve([])
    },
  }
}
