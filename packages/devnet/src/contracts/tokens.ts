import { parseEther, parseUnits, type Address } from 'viem'
import { DEVNET_CONTRACTS, DEVNET_PAIRS } from './addresses'

export interface DevnetTokenInfo {
  address: Address
  symbol: string
  name: string
  decimals: number
  /** Inline SVG (data: URI): nothing on the devnet may reach the internet. */
  logoUri?: string
  /** An unsolicited airdrop a wallet should hide. */
  spam?: true
}

const logo = (color: string, letter: string) =>
  `data:image/svg+xml,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><circle cx="16" cy="16" r="16" fill="${color}"/>` +
      `<text x="16" y="21" font-family="sans-serif" font-size="14" font-weight="700" fill="#fff" text-anchor="middle">${letter}</text></svg>`,
  )}`

/** ERC-20 tokens on every devnet chain (same addresses on each). */
export const DEVNET_TOKENS: readonly DevnetTokenInfo[] = Object.freeze([
  { address: DEVNET_CONTRACTS.usdc, symbol: 'USDC', name: 'USD Coin', decimals: 6, logoUri: logo('#2775CA', '$') },
  { address: DEVNET_CONTRACTS.dai, symbol: 'DAI', name: 'Dai Stablecoin', decimals: 18, logoUri: logo('#F5AC37', 'D') },
  { address: DEVNET_CONTRACTS.weth, symbol: 'WETH', name: 'Wrapped Ether', decimals: 18, logoUri: logo('#627EEA', 'W') },
  { address: DEVNET_CONTRACTS.spam, symbol: 'SPAM', name: 'Free Airdrop Reward', decimals: 18, spam: true },
])

const usdc = (n: string) => parseUnits(n, 6)
const dai = (n: string) => parseUnits(n, 18)

/** A seeded Uniswap V2 pool; ETH is WETH in the pair. */
export interface DevnetPool {
  pair: Address
  tokenA: Address
  amountA: bigint
  tokenB: Address
  amountB: bigint
}

export interface DevnetSeed {
  /** Held by each of devnet accounts 0-8. */
  account: { usdc: bigint; dai: bigint }
  /** Held by DEVNET_TREASURY (account 9). */
  treasury: { usdc: bigint; dai: bigint }
  /** SPAM airdropped to each of devnet accounts 0-9. */
  spamAirdrop: bigint
  /** Initial reserves: 1 ETH = 3000 USDC = 3000 DAI, 1 USDC = 1 DAI. */
  pools: readonly DevnetPool[]
}

/** What deployDevnetContracts() mints and pools; balances are those of a fresh chain. */
export const DEVNET_SEED: Readonly<DevnetSeed> = Object.freeze({
  account: { usdc: usdc('10000'), dai: dai('10000') },
  treasury: { usdc: usdc('10000000'), dai: dai('10000000') },
  spamAirdrop: parseEther('1000'),
  pools: [
    {
      pair: DEVNET_PAIRS.ethUsdc,
      tokenA: DEVNET_CONTRACTS.weth,
      amountA: parseEther('1000'),
      tokenB: DEVNET_CONTRACTS.usdc,
      amountB: usdc('3000000'),
    },
    {
      pair: DEVNET_PAIRS.ethDai,
      tokenA: DEVNET_CONTRACTS.weth,
      amountA: parseEther('1000'),
      tokenB: DEVNET_CONTRACTS.dai,
      amountB: dai('3000000'),
    },
    {
      pair: DEVNET_PAIRS.usdcDai,
      tokenA: DEVNET_CONTRACTS.usdc,
      amountA: usdc('1000000'),
      tokenB: DEVNET_CONTRACTS.dai,
      amountB: dai('1000000'),
    },
  ],
})
