import type { ChainAdapter } from '../types'
import { isSolanaAddress, parseSolanaAddress } from './address'
import { switchSolanaNetwork } from './clusters'
import { lamportsOf } from './node'
import { solanaPageWallet } from './pageWallet'
import {
  checkSolanaTransfer,
  quoteSolanaTransferFee,
  SOLANA_SEND_TEXTS,
  sendSolanaCall,
  sendSolanaTransfer,
  signSolanaMessage,
  waitForSolanaTransaction,
} from './transfers'
import { solanaWalletConnect } from './walletConnect'

/** The solana family: Wallet Standard and WalletConnect wallets, SOL and SPL token transfers. */
export const solanaAdapter: ChainAdapter = {
  namespace: 'solana',
  isAddress: isSolanaAddress,
  parseAddress: parseSolanaAddress,
  sendTexts: SOLANA_SEND_TEXTS,
  switchNetwork: switchSolanaNetwork,
  pageWallet: solanaPageWallet,
  walletConnect: solanaWalletConnect,
  embedded: () => import('./embedded').then((module) => module.solanaEmbedded),
  checkTransfer: checkSolanaTransfer,
  quoteTransferFee: quoteSolanaTransferFee,
  sendTransfer: sendSolanaTransfer,
  sendCall: sendSolanaCall,
  waitForTransaction: waitForSolanaTransaction,
  nativeBalance: lamportsOf,
  signMessage: signSolanaMessage,
}
