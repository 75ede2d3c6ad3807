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

/** Submits EntryPoint.handleOps and the type-4 transactions carrying users' EIP-7702 authorizations (keccak256("airlock devnet relayer")). */
export const DEVNET_RELAYER: DevnetAccount = Object.freeze({
  address: '0x204410957b21cFE0DDF9Aa07291F40361eeAA829',
  privateKey: '0xa773119e4e384cdd372c1c985c94d50a0a26256d675dbf7e889b54b2a153e834',
})

/** AirlockPaymaster's verifying signer; holds no ETH (keccak256("airlock devnet paymaster signer")). */
export const DEVNET_PAYMASTER_SIGNER: DevnetAccount = Object.freeze({
  address: '0x9774Da38EC6bc6717732c96fAFCB6b29f0f6e57D',
  privateKey: '0x6d24a700d1a75b01ac1b2abfe29f80d0ac4772b0e075d8cfd06a70fe6de07ebc',
})

/**
 * Addresses on every devnet chain. Tokens and Uniswap are CREATE addresses of DEVNET_DEPLOYER, nonces 0-5;
 * the smart-account contracts (after the EntryPoint, which anvil_setCode places) follow the pool seeding, nonces 14-23.
 */
export const DEVNET_CONTRACTS = Object.freeze({
  /** Canonical Multicall3 address, as on mainnet (viem's default). */
  multicall3: '0xcA11bde05977b3631167028862bE2a173976CA11',
  usdc: '0xCc624c75C7BA01A73E332aaae9daf8eC698D0c58',
  dai: '0xE481149120FF09958c38Cb236202741a1ffa28a3',
  weth: '0xc81d8F681f9857FFb9479C7dfae9858E7293Bee3',
  spam: '0x4A4992E84f8BcD02ca5a78D70C0bd7FeeE750b45',
  uniswapV2Factory: '0x1bFffF374225e01e254CC1fB714761f4BA478628',
  uniswapV2Router: '0xB9aB91835F6b5fBFbe5a7910edD3F9Ff308f4427',
  /** EntryPoint v0.8 at its canonical address (viem's entryPoint08Address). */
  entryPoint: '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108',
  /** Delegation Framework v1.3.0 (bytecode from @metamask/delegation-abis), owned by DEVNET_DEPLOYER. */
  delegationManager: '0x9D77212c7071C57874d62EC578cff4568178F176',
  /** EIP7702StatelessDeleGator(delegationManager, entryPoint): what users' EOAs delegate to. */
  eip7702Delegator: '0x7cBD3Fb637aB3C068bf8649Bf8f4da73d7C451ae',
  erc20PeriodTransferEnforcer: '0xBaA0F2d439faBCBcb3b2A727129D4D7519A6E76C',
  allowedCalldataEnforcer: '0xB6CD91Ab653f5bc05E3b9e0991177030F4b02344',
  allowedTargetsEnforcer: '0x6aA615C31b72c503b0CF7C8f0012776fB3A2f39F',
  allowedMethodsEnforcer: '0x5F5EA9590EA298adb5e17e65abF59F7a2dC55b21',
  timestampEnforcer: '0x91237A8AA7E54FD455D6E930098978d8Be033921',
  limitedCallsEnforcer: '0xdd145f6eDeAAA7B1a2dE4c5A66F7cAE6a54fC438',
  valueLteEnforcer: '0xcbECA64516efc39bEcCEf7C5aA9b15Fc18EDEAe7',
  /** AirlockPaymaster (verifying, signer DEVNET_PAYMASTER_SIGNER, owner DEVNET_DEPLOYER), with a deposit in the EntryPoint. */
  paymaster: '0xb5Bf46f7E48FF4497CA4bF1a7660e481851BD4cd',
} as const satisfies Record<string, Address>)

export type DevnetContracts = typeof DEVNET_CONTRACTS

/** The paymaster's EntryPoint deposit made at deploy time, and the relayer's balance on every chain. */
export const DEVNET_PAYMASTER_DEPOSIT = 100n * 10n ** 18n
export const DEVNET_RELAYER_BALANCE = 1000n * 10n ** 18n

/** keccak256 of UniswapV2Pair's creation code; the router's pairFor() has it built in (same as mainnet). */
export const UNISWAP_V2_INIT_CODE_HASH: Hex = '0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f'

/** The seeded Uniswap V2 pairs (CREATE2 addresses of the factory). */
export const DEVNET_PAIRS = Object.freeze({
  ethUsdc: '0xD6168d7CBcb552786C8Fb7A526E4660B6001AE51',
  ethDai: '0x5FF975ecA9dddD157d8F0a85FeB30367A721f7A9',
  usdcDai: '0x58147f3d9a4240612bdfcb2e1aE9C801DEe285A8',
} as const satisfies Record<string, Address>)
