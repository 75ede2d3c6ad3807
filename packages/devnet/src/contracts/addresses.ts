import type { Address, Hex } from 'viem'
import { devnetAccounts, type DevnetAccount } from '../accounts'

/**
 * Deploys every devnet contract, in a fixed order from nonce 0, so the addresses below are the same on
 * every chain and every start. A dedicated key (keccak256("airlock devnet deployer")) keeps the test
 * accounts' nonces and histories untouched.
 */
export const DEVNET_DEPLOYER: DevnetAccount = Object.freeze({
  address: '0xe880FE9d1093F906D1b9A257ad1619ca11954865',
  privateKey: '0xb89ea120de4952e889f85774d494a69dc9cc850d816886e609e6d29c6ec1c103',
})

/** Devnet account 9: holds the USDC and DAI the on-ramp sandbox pays out, and may mint more. */
export const DEVNET_TREASURY: DevnetAccount = devnetAccounts[9]!

/** Addresses on every devnet chain; tokens and Uniswap are CREATE addresses of DEVNET_DEPLOYER, nonces 0-5. */
export const DEVNET_CONTRACTS = Object.freeze({
  /** Canonical Multicall3 address, as on mainnet (viem's default). */
  multicall3: '0xcA11bde05977b3631167028862bE2a173976CA11',
  usdc: '0xCc624c75C7BA01A73E332aaae9daf8eC698D0c58',
  dai: '0xE481149120FF09958c38Cb236202741a1ffa28a3',
  weth: '0xc81d8F681f9857FFb9479C7dfae9858E7293Bee3',
  spam: '0x4A4992E84f8BcD02ca5a78D70C0bd7FeeE750b45',
  uniswapV2Factory: '0x1bFffF374225e01e254CC1fB714761f4BA478628',
  uniswapV2Router: '0xB9aB91835F6b5fBFbe5a7910edD3F9Ff308f4427',
} as const satisfies Record<string, Address>)

export type DevnetContracts = typeof DEVNET_CONTRACTS

/** keccak256 of UniswapV2Pair's creation code; the router's pairFor() has it built in (same as mainnet). */
export const UNISWAP_V2_INIT_CODE_HASH: Hex = '0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f'

/** The seeded Uniswap V2 pairs (CREATE2 addresses of the factory). */
export const DEVNET_PAIRS = Object.freeze({
  ethUsdc: '0xD6168d7CBcb552786C8Fb7A526E4660B6001AE51',
  ethDai: '0x5FF975ecA9dddD157d8F0a85FeB30367A721f7A9',
  usdcDai: '0x58147f3d9a4240612bdfcb2e1aE9C801DEe285A8',
} as const satisfies Record<string, Address>)
