import { parseAbi, type Address, type PublicClient } from 'viem'
import { FAMILIES } from '../../chains/families'
import type { ApiDeps } from '../deps'
import { isNativeAddress, NATIVE_TOKEN_ADDRESS } from '../prices/caip'
import { DEFAULT_NATIVE, type ChainDexConfig, type DexConfig, type ResolvedToken } from '../prices/dex-config'
import { throwIfBatchFailed } from '../prices/multicall'
import type { PriceSource } from '../prices/price-source'
import type { BalanceFamily } from './family'
import { toBalanceItems, type BalanceItem } from './format'

/** Multicall3's getEthBalance and ERC-20 balanceOf: one ABI so that one batch holds both. */
const balanceAbi = parseAbi([
  'function getEthBalance(address addr) view returns (uint256 balance)',
  'function balanceOf(address account) view returns (uint256)',
])

/**
 * Native plus the chain's known tokens, read in ONE Multicall3 batch (getEthBalance + balanceOf),
 * priced from the chain's pools. Zero balances and spam tokens are left out.
 */
export async function evmBalances(
  input: { caip2: string; client: PublicClient; user: Address; apiOrigin: string },
  dex: DexConfig,
  source: PriceSource,
): Promise<BalanceItem[]> {
  const { caip2, client, user } = input
  const config: ChainDexConfig | undefined = dex[caip2]
  const nativeCurrency = config?.native ?? client.chain?.nativeCurrency ?? DEFAULT_NATIVE
  const multicall3 = client.chain?.contracts?.multicall3?.address
  if (!multicall3) throw new Error(`${caip2} has no Multicall3 address configured`)
  const native: ResolvedToken = { ...nativeCurrency, address: NATIVE_TOKEN_ADDRESS, native: true }
  const tokens: ResolvedToken[] = (config?.tokens ?? [])
    .filter((t) => !t.spam)
    .map((t) => ({ address: t.address, name: t.name, symbol: t.symbol, decimals: t.decimals, native: false }))

  const results = await client.multicall({
    allowFailure: true,
    // One batch whatever the size: the token list is short and one eth_call is one round trip.
    batchSize: 0,
    multicallAddress: multicall3,
    contracts: [
      { address: multicall3, functionName: 'getEthBalance' },
      ...tokens.map((t) => ({ address: t.address, functionName: 'balanceOf' })),
    ].map(({ address, functionName }) => ({
      address,
      abi: balanceAbi,
      functionName: functionName as 'balanceOf' | 'getEthBalance',
      args: [user] as const,
    })),
  })
  throwIfBatchFailed(results)
  const holdings = [native, ...tokens].flatMap((token, i) => {
    const result = results[i]
    return result?.status === 'success' ? [{ token, amount: result.result }] : []
  })
  const held = holdings.filter((h) => h.amount > 0n).map((h) => h.token.address)
  const prices = held.length > 0 && config ? await source.prices(caip2, held) : new Map<string, number>()
  return toBalanceItems({ caip2, apiOrigin: input.apiOrigin, holdings, prices })
}

/** The EVM side of the balance route: checksummed addresses (not the native marker), read in one Multicall3 batch per chain. */
export function evmBalanceFamily(deps: ApiDeps, dex: DexConfig, source: PriceSource): BalanceFamily {
  return {
    parse: (value) => {
      const user = FAMILIES.eip155.parseAddress(value)
      return user && !isNativeAddress(user) ? user : undefined
    },
    invalid: 'Invalid address: expected an EVM address (0x and 40 hex digits)',
    read: (caip2, address) => {
      const client = deps.chains.client(caip2)
      return client && evmBalances({ caip2, client, user: address as Address, apiOrigin: deps.apiOrigin }, dex, source)
    },
  }
}
