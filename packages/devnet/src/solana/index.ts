export {
  SOLANA_DEVNET_USDC_DECIMALS,
  SOLANA_DEVNET_USDC_MINT,
  SOLANA_DEVNET_USDC_MINT_SECRET,
  solanaDevnetAccounts,
  type SolanaDevnetAccount,
} from './accounts'
