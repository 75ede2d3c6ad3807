/**
 * The Substrate node methods the proxy forwards for a polkadot network: what @polkadot/api 16.5.6
 * asks over HTTP (measured against the devnet: on init chain_getBlockHash, state_getRuntimeVersion,
 * system_chain, system_properties, rpc_methods, state_getMetadata; a query state_queryStorageAt;
 * paymentInfo state_getStorage, chain_getHeader, chain_getFinalizedHead, state_call; signAndSend
 * author_submitExtrinsic), what extensions and explorers read, and the submission of an extrinsic
 * the user's wallet signed. Left out: whole-state scans (state_getKeys, state_getKeysPaged,
 * state_getPairs, state_queryStorage over a block range), whose cost is the node's, not the caller's.
 */
export const POLKADOT_PROXY_METHODS = [
  'author_pendingExtrinsics',
  'author_submitExtrinsic',
  'chain_getBlock',
  'chain_getBlockHash',
  'chain_getFinalizedHead',
  'chain_getHeader',
  'payment_queryFeeDetails',
  'payment_queryInfo',
  'rpc_methods',
  'state_call',
  'state_getMetadata',
  'state_getRuntimeVersion',
  'state_getStorage',
  'state_queryStorageAt',
  'system_accountNextIndex',
  'system_chain',
  'system_chainType',
  'system_health',
  'system_name',
  'system_properties',
  'system_version',
] as const

/**
 * Never forwarded, whatever a list says (capabilities/rpc/allowlist.ts refuses them for every
 * namespace): chopsticks' `dev_*` (set any account's storage, mine, time-travel), the node's own
 * keys (`author_insertKey`, `author_rotateKeys`, `author_hasKey`, `author_hasSessionKeys`), its
 * pool (`author_removeExtrinsic`), its peers and logs (`system_addReservedPeer` & co), its
 * off-chain storage, and subscriptions (the proxy is HTTP: nothing would ever deliver them).
 */
export const POLKADOT_FORBIDDEN_METHOD =
  /^(dev_|author_(insertKey|rotateKeys|hasKey|hasSessionKeys|removeExtrinsic)$|system_(add|remove|reset)|offchain_|[a-zA-Z0-9]+_(v\d+_)?(un)?(subscribe|follow|watch)|\w*AndWatch)/
