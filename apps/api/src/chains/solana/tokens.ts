import { solanaLocalnet } from '@airlock/chains'
import { SOLANA_DEVNET_USDC_MINT } from '@airlock/devnet/solana/accounts'
import type { SolanaRpc } from './rpc'
import { ParsedTokenAccountData, TokenAccountsResult } from './schemas'

/** What the data API shows for a token: its name, symbol and USD price (0 = unknown). */
export interface SolanaTokenInfo {
  name: string
  symbol: string
  price: number
}

export const SOL: SolanaTokenInfo & { decimals: number } = { name: 'Solana', symbol: 'SOL', decimals: 9, price: 0 }

const USDC: SolanaTokenInfo = { name: 'USD Coin', symbol: 'USDC', price: 1 }

/**
 * The SPL tokens the API knows by mint, per cluster: the dollar stablecoins, priced at 1. Any
 * other mint is listed under its own address, unpriced: a token's on-chain name is whatever its
 * creator wrote, so it is never trusted to claim a known symbol.
 */
const KNOWN: Readonly<Record<string, Readonly<Record<string, SolanaTokenInfo>>>> = {
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': {
    EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v: USDC,
    Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB: { name: 'Tether USD', symbol: 'USDT', price: 1 },
  },
  // Circle's USDC on the public devnet.
  'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1': { '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU': USDC },
  [solanaLocalnet.caipNetworkId]: { [SOLANA_DEVNET_USDC_MINT]: USDC },
}

/** The token a mint is on a cluster: known, or named after its mint (`7pNM…SACw`) and unpriced. */
export function solanaTokenInfo(caipNetworkId: string, mint: string): SolanaTokenInfo & { known: boolean } {
  const known = Object.hasOwn(KNOWN, caipNetworkId) && Object.hasOwn(KNOWN[caipNetworkId]!, mint) ? KNOWN[caipNetworkId]![mint] : undefined
  if (known) return { ...known, known: true }
  return { name: mint, symbol: `${mint.slice(0, 4)}…${mint.slice(-4)}`, price: 0, known: false }
}

export const TOKEN_PROGRAMS = ['TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA', 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb'] as const

/** The owner's SPL token holdings (both token programs), summed per mint: a wallet may hold a mint in several accounts. */
export async function tokenHoldings(
  rpc: SolanaRpc,
  owner: string,
): Promise<Map<string, { amount: bigint; decimals: number; accounts: string[] }>> {
  const lists = await Promise.all(
    TOKEN_PROGRAMS.map((programId) =>
      rpc.call('getTokenAccountsByOwner', [owner, { programId }, { encoding: 'jsonParsed', commitment: 'confirmed' }], TokenAccountsResult),
    ),
  )
  const holdings = new Map<string, { amount: bigint; decimals: number; accounts: string[] }>()
  for (const { pubkey, account } of lists.flatMap((list) => list.value)) {
    const data = ParsedTokenAccountData.safeParse(account.data)
    // An account the node could not parse (or owned by someone else) is not a holding we can read.
    if (!data.success || data.data.parsed.info.owner !== owner) continue
    const { mint, tokenAmount } = data.data.parsed.info
    const held = holdings.get(mint) ?? { amount: 0n, decimals: tokenAmount.decimals, accounts: [] }
    held.amount += BigInt(tokenAmount.amount)
    held.accounts.push(pubkey)
    holdings.set(mint, held)
  }
  return holdings
}
