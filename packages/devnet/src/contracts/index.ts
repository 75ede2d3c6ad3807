export { uniswapV2RouterAbi, uniswapV2PairAbi, uniswapV2FactoryAbi, weth9Abi, devnetTokenAbi, erc20Abi, multicall3Abi } from './abis'
export {
  DEVNET_CONTRACTS,
  DEVNET_DEPLOYER,
  DEVNET_PAIRS,
  DEVNET_PAYMASTER_DEPOSIT,
  DEVNET_PAYMASTER_SIGNER,
  DEVNET_RELAYER,
  DEVNET_RELAYER_BALANCE,
  DEVNET_TREASURY,
  UNISWAP_V2_INIT_CODE_HASH,
  type DevnetContracts,
} from './addresses'
export { DEVNET_SEED, DEVNET_TOKENS, type DevnetPool, type DevnetSeed, type DevnetTokenInfo } from './tokens'
export { deployDevnetContracts } from './deploy'
