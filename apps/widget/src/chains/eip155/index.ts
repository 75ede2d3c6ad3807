import { isEvmAddress } from '@airlock/chains'
import type { ChainAdapter } from '../types'
import { eip155PageWallet } from './pageWallet'
import { switchEip155Chain } from './switchChain'
import { eip155WalletConnect } from './walletConnect'

/** The eip155 family: EVM wallets and networks. */
export const eip155Adapter: ChainAdapter = {
  namespace: 'eip155',
  isAddress: (address) => address.startsWith('0x') && isEvmAddress(address),
  switchNetwork: switchEip155Chain,
  pageWallet: eip155PageWallet,
  walletConnect: eip155WalletConnect,
}
