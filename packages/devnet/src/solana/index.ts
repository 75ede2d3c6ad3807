export {
  SOLANA_DEVNET_USDC_DECIMALS,
  SOLANA_DEVNET_USDC_MINT,
  SOLANA_DEVNET_USDC_MINT_SECRET,
  solanaDevnetAccounts,
  type SolanaDevnetAccount,
} from './accounts'
export { startSolanaDevnet, MAX_REQUEST_BYTES, type SolanaDevnet, type StartSolanaDevnetOptions } from './server'
export {
  newSolanaKey,
  sendInstructions,
  signInstructions,
  solanaDevnetSigner,
  transferSol,
  transferUsdc,
  type SolanaEndpoints,
} from './client'
