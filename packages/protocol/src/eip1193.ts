/**
 * The EIP-1193 methods Airlock relays. Anything else answers 4200: an allowlist, because a
 * dapp-chosen method name reaches a wallet and, for reads, our RPC proxy.
 */
export const readOnlyMethods = [
  'eth_blockNumber',
  'eth_call',
  'eth_chainId',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getBlockReceipts',
  'eth_getBlockTransactionCountByHash',
  'eth_getBlockTransactionCountByNumber',
  'eth_getCode',
  'eth_getLogs',
  'eth_getProof',
  'eth_getStorageAt',
  'eth_getTransactionByBlockHashAndIndex',
  'eth_getTransactionByBlockNumberAndIndex',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_getUncleCountByBlockHash',
  'eth_getUncleCountByBlockNumber',
  'eth_maxPriorityFeePerGas',
  'eth_protocolVersion',
  'eth_sendRawTransaction',
  'eth_simulateV1',
  'eth_syncing',
  'net_listening',
  'net_version',
  'web3_clientVersion',
] as const

export const accountMethods = ['eth_accounts', 'eth_requestAccounts'] as const

export const walletMethods = [
  'personal_sign',
  'eth_sign',
  'eth_signTypedData',
  'eth_signTypedData_v3',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'eth_signTransaction',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'wallet_watchAsset',
  'wallet_requestPermissions',
  'wallet_getPermissions',
  'wallet_revokePermissions',
  'wallet_getCapabilities',
  'wallet_sendCalls',
  'wallet_getCallsStatus',
  'wallet_showCallsStatus',
  'wallet_grantPermissions',
  // ERC-7715's current names (wallet_grantPermissions / wallet_revokePermissions are its first draft's)
  'wallet_requestExecutionPermissions',
  'wallet_revokeExecutionPermission',
  'wallet_getGrantedExecutionPermissions',
  'wallet_getSupportedExecutionPermissions',
] as const

export type ReadOnlyMethod = (typeof readOnlyMethods)[number]
export type Eip1193Method = ReadOnlyMethod | (typeof accountMethods)[number] | (typeof walletMethods)[number]

const supported = new Set<string>([...readOnlyMethods, ...accountMethods, ...walletMethods])
const readOnly = new Set<string>(readOnlyMethods)

export function isSupportedMethod(method: string): method is Eip1193Method {
  return supported.has(method)
}

export function isReadOnlyMethod(method: string): method is ReadOnlyMethod {
  return readOnly.has(method)
}

export type ProviderEventName = 'accountsChanged' | 'chainChanged' | 'connect' | 'disconnect' | 'message'
