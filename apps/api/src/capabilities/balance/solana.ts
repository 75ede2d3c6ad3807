import { formatUnits } from 'viem'
import { FAMILIES } from '../../chains/families'
import type { SolanaRpc } from '../../chains/solana/rpc'
import { BalanceResult } from '../../chains/solana/schemas'
import { SOL, solanaTokenInfo, tokenHoldings } from '../../chains/solana/tokens'
import type { ApiDeps } from '../deps'
import { formatCaip10 } from '../prices/caip'
import { tokenIconUrl } from '../prices/dex-config'
import type { BalanceFamily } from './family'
import { usdValue, type BalanceItem } from './format'

/**
 * An owner's balances on a cluster: SOL (native: no `address`), then its SPL tokens, known
 * mints first (USDC priced at 1), then any other mint under its own address, unpriced. Zero
 * balances are left out, as on EVM chains.
 */
export async function solanaBalances(rpc: SolanaRpc, caip2: string, owner: string, apiOrigin: string): Promise<BalanceItem[]> {
  const [balance, holdings] = await Promise.all([
    rpc.call('getBalance', [owner, { commitment: 'confirmed' }], BalanceResult),
    tokenHoldings(rpc, owner),
  ])
  const items: BalanceItem[] = []
  if (balance.value > 0) {
    const numeric = formatUnits(BigInt(balance.value), SOL.decimals)
    items.push({
      name: SOL.name,
      symbol: SOL.symbol,
      chainId: caip2,
      value: usdValue(numeric, SOL.price),
      price: SOL.price,
      quantity: { decimals: String(SOL.decimals), numeric },
      iconUrl: tokenIconUrl(apiOrigin, SOL.symbol),
    })
  }
  const tokens = [...holdings]
    .filter(([, held]) => held.amount > 0n)
    .map(([mint, held]) => ({ mint, held, info: solanaTokenInfo(caip2, mint) }))
    .sort((a, b) => Number(b.info.known) - Number(a.info.known) || a.mint.localeCompare(b.mint))
  for (const { mint, held, info } of tokens) {
    const numeric = formatUnits(held.amount, held.decimals)
    items.push({
      name: info.name,
      symbol: info.symbol,
      chainId: caip2,
      address: formatCaip10(caip2, mint),
      value: usdValue(numeric, info.price),
      price: info.price,
      quantity: { decimals: String(held.decimals), numeric },
      // Known tokens have an image; an unknown mint has none to show.
      iconUrl: info.known ? tokenIconUrl(apiOrigin, info.symbol) : '',
    })
  }
  return items
}

/** The Solana side of the balance route: base58 addresses (case matters), SOL and SPL tokens from the cluster's node. */
export function solanaBalanceFamily(deps: ApiDeps): BalanceFamily {
  return {
    parse: FAMILIES.solana.parseAddress,
    invalid: 'Invalid address: expected a Solana address (base58 of a 32-byte public key)',
    read: (caip2, address) => {
      const rpc = deps.chains.family('solana').client(caip2)
      return rpc && solanaBalances(rpc, caip2, address, deps.apiOrigin)
    },
  }
}
