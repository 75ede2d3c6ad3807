import type { ChainAdapter } from '../types'
import { isPolkadotAddress, parseAddressOn } from './address'
import { switchPolkadotNetwork } from './networks'
import { freeBalanceOf } from './node'
import { polkadotPageWallet } from './pageWallet'
import {
  checkPolkadotTransfer,
  POLKADOT_SEND_TEXTS,
  quotePolkadotTransferFee,
  sendPolkadotCall,
  sendPolkadotTransfer,
  signPolkadotMessage,
  waitForPolkadotTransaction,
} from './transfers'
import { polkadotWalletConnect } from './walletConnect'

/** The polkadot family: injectedWeb3 extensions and WalletConnect wallets, transfers built by the data API. */
export const polkadotAdapter: ChainAdapter = {
  namespace: 'polkadot',
  isAddress: isPolkadotAddress,
  parseAddress: parseAddressOn,
  addressOn: (address, caipNetworkId) => {
    const parsed = parseAddressOn(address, caipNetworkId)
    return parsed.ok ? parsed.address : address
  },
  sendTexts: POLKADOT_SEND_TEXTS,
  switchNetwork: switchPolkadotNetwork,
  pageWallet: polkadotPageWallet,
  walletConnect: polkadotWalletConnect,
  embedded: () => import('./embedded').then((module) => module.polkadotEmbedded),
  checkTransfer: checkPolkadotTransfer,
  quoteTransferFee: quotePolkadotTransferFee,
  sendTransfer: sendPolkadotTransfer,
  sendCall: sendPolkadotCall,
  waitForTransaction: waitForPolkadotTransaction,
  nativeBalance: freeBalanceOf,
  signMessage: signPolkadotMessage,
}
