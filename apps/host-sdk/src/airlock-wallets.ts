import { createAirlockBitcoinWallet } from './airlock-bitcoin-wallet'
import { createAirlockSolanaWallet } from './airlock-solana-wallet'
import type { Airlock } from './api'
import type { StandardWallet } from './standard'

/** Airlock's own wallets of the Wallet Standard, one per family a Standard app may ask for. */
export const createAirlockWallets = (airlock: Airlock, icon: string): StandardWallet[] => [
  createAirlockSolanaWallet(airlock, icon),
  createAirlockBitcoinWallet(airlock, icon),
]
