import type { ChainAdapter } from '../types'
import { eip155PageWallet } from './pageWallet'
import { switchEip155Chain } from './switchChain'
import {
  EIP155_SEND_TEXTS,
  eip155NativeBalance,
  parseEip155Address,
  quoteEip155TransferFee,
  sendEip155Transfer,
  signEip155Message,
  waitForEip155Transaction,
} from './transfers'
import { eip155WalletConnect } from './walletConnect'
import { sendEip155Call } from './walletTransaction'

/** The eip155 family: EVM wallets and networks. */
export const eip155Adapter: ChainAdapter = {
  namespace: 'eip155',
  isAddress: (address) => address.startsWith('0x') && parseEip155Address(address).ok,
  parseAddress: parseEip155Address,
  sendTexts: EIP155_SEND_TEXTS,
  switchNetwork: switchEip155Chain,
  pageWallet: eip155PageWallet,
  walletConnect: eip155WalletConnect,
  embedded: () => import('./embedded').then((module) => module.eip155Embedded),
  batches: () => import('./batches').then((module) => module.eip155Batches),
  checkTransfer: async () => undefined,
  quoteTransferFee: quoteEip155TransferFee,
  sendTransfer: sendEip155Transfer,
  sendCall: sendEip155Call,
  waitForTransaction: waitForEip155Transaction,
  nativeBalance: eip155NativeBalance,
  signMessage: signEip155Message,
}
