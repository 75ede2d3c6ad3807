import type { ChainAdapter } from '../types'
import { isBitcoinAddress, parseAddressOn } from './address'
import { switchBitcoinNetwork } from './networks'
import { balanceOf } from './node'
import { bitcoinPageWallet } from './pageWallet'
import {
  BITCOIN_SEND_TEXTS,
  checkBitcoinTransfer,
  quoteBitcoinTransferFee,
  sendBitcoinCall,
  sendBitcoinTransfer,
  signBitcoinMessage,
  waitForBitcoinTransaction,
} from './transfers'
import { bitcoinWalletConnect } from './walletConnect'

/** The bip122 family: Wallet Standard, sats-connect and WalletConnect wallets, BTC transfers as PSBTs built here. */
export const bip122Adapter: ChainAdapter = {
  namespace: 'bip122',
  isAddress: isBitcoinAddress,
  parseAddress: parseAddressOn,
  sendTexts: BITCOIN_SEND_TEXTS,
  switchNetwork: switchBitcoinNetwork,
  pageWallet: bitcoinPageWallet,
  walletConnect: bitcoinWalletConnect,
  embedded: () => import('./embedded').then((module) => module.bitcoinEmbedded),
  checkTransfer: checkBitcoinTransfer,
  quoteTransferFee: quoteBitcoinTransferFee,
  sendTransfer: sendBitcoinTransfer,
  sendCall: sendBitcoinCall,
  waitForTransaction: waitForBitcoinTransaction,
  nativeBalance: balanceOf,
  signMessage: signBitcoinMessage,
}
