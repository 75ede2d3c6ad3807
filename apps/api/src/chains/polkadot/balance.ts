import { getNetwork } from '@airlock/chains'
import type { BalanceItem } from '@airlock/protocol'
import type { ApiPromise } from '@polkadot/api'
import { formatUnits } from 'viem'
import type { ChainRegistry } from '../registry'
import { AccountInfo, spendable, type Spendable } from './account'
import { parsePolkadotAccountAddress } from './address'

/** The native token of a network: Airlock's catalog first, else what the node's properties say. */
export function nativeToken(api: ApiPromise, caip2: string): { name: string; symbol: string; decimals: number } {
  const known = getNetwork(caip2)?.nativeCurrency
  if (known) return known
  const symbol = api.registry.chainTokens[0] ?? 'UNIT'
  return { name: symbol, symbol, decimals: api.registry.chainDecimals[0] ?? 12 }
}

/** The runtime's `balances.existentialDeposit` constant, in planck. */
export function existentialDeposit(api: ApiPromise): bigint {
  const constant = api.consts['balances']?.['existentialDeposit']
  if (!constant) throw new Error('the runtime has no balances.existentialDeposit constant')
  return BigInt(constant.toString())
}

/** `System.Account(address)` and the existential deposit, read with the network's metadata. */
export async function readSpendable(api: ApiPromise, address: string): Promise<Spendable & { existentialDeposit: bigint }> {
  const account = api.query['system']?.['account']
  if (!account) throw new Error('the runtime has no System.Account storage')
  const info = AccountInfo.parse((await account(address)).toJSON())
  const ed = existentialDeposit(api)
  return { ...spendable(info, ed), existentialDeposit: ed }
}

/**
 * An account's native balance on one network, in the balance route's shape: `quantity` is its
 * total (free + reserved), `breakdown` the parts and what it may transfer (account.ts). An account
 * holding nothing is left out, as other families leave out zero balances. No price source knows
 * DOT or KSM: price and value are 0.
 */
export async function polkadotBalances(api: ApiPromise, caip2: string, address: string): Promise<BalanceItem[]> {
  const balance = await readSpendable(api, address)
  const total = balance.free + balance.reserved
  if (total === 0n) return []
  const token = nativeToken(api, caip2)
  const units = (planck: bigint) => formatUnits(planck, token.decimals)
  return [
    {
      name: token.name,
      symbol: token.symbol,
      chainId: caip2,
      value: 0,
      price: 0,
      quantity: { decimals: String(token.decimals), numeric: units(total) },
      iconUrl: '',
      breakdown: {
        free: units(balance.free),
        reserved: units(balance.reserved),
        frozen: units(balance.frozen),
        transferable: units(balance.transferable),
        transferableKeepAlive: units(balance.transferableKeepAlive),
        existentialDeposit: units(balance.existentialDeposit),
      },
    },
  ]
}

/** The polkadot side of the balance route (balance/routes.ts): an account is the same on every network, whatever prefix it is written with. */
export function polkadotBalance(chains: ChainRegistry) {
  return {
    parse: parsePolkadotAccountAddress,
    invalid: 'Invalid address: expected a Polkadot address (SS58)',
    read(caip2: string, address: string): Promise<BalanceItem[]> | undefined {
      return chains
        .family('polkadot')
        .api(caip2)
        ?.then((api) => polkadotBalances(api, caip2, address))
    },
  }
}
