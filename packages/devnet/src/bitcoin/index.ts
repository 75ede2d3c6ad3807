export {
  BITCOIN_DEVNET_P2TR_FUNDING,
  BITCOIN_DEVNET_P2WPKH_FUNDING,
  BITCOIN_REGTEST_CAIP_NETWORK_ID,
  BITCOIN_REGTEST_GENESIS_HASH,
  bitcoinDevnetAccounts,
  bitcoinDevnetTaprootAccounts,
  type BitcoinDevnetAccount,
  type BitcoinDevnetAccountType,
} from './accounts'
export {
  BITCOIN_DEVNET_FEE_ESTIMATES,
  MAX_REQUEST_BYTES,
  startBitcoinDevnet,
  type BitcoinDevnet,
  type StartBitcoinDevnetOptions,
} from './server'
export {
  bitcoinDevnetSigner,
  broadcastTransaction,
  fetchUtxos,
  selectUtxos,
  sendBitcoin,
  signTransfer,
  type EsploraUtxo,
  type TransferOptions,
} from './client'
