export type ChainNamespace = 'eip155' | 'solana' | 'polkadot' | 'bip122'

export const CHAIN_NAMESPACES: readonly ChainNamespace[] = ['eip155', 'solana', 'polkadot', 'bip122']

export type CaipNetworkId = `${ChainNamespace}:${string}`

export interface NativeCurrency {
  name: string
  symbol: string
  decimals: number
}

export interface BlockExplorer {
  name: string
  url: string
}

export interface RpcUrls {
  http: readonly string[]
  webSocket?: readonly string[]
}

/** A network definition (SPEC section 3). `id` is the chain id for eip155, the reference otherwise. */
export interface Network {
  id: number | string
  name: string
  network: string
  nativeCurrency: NativeCurrency
  rpcUrls: { default: RpcUrls; chainDefault?: RpcUrls }
  blockExplorers?: { default: BlockExplorer }
  testnet: boolean
  chainNamespace: ChainNamespace
  caipNetworkId: CaipNetworkId
  assets?: { imageId?: string; imageUrl?: string }
}

const ETH: NativeCurrency = { name: 'Ether', symbol: 'ETH', decimals: 18 }

function evm(
  id: number,
  name: string,
  network: string,
  rpc: string,
  explorer: BlockExplorer | undefined,
  testnet: boolean,
  nativeCurrency: NativeCurrency = ETH,
): Network {
  return {
    id,
    name,
    network,
    nativeCurrency,
    rpcUrls: { default: { http: [rpc] } },
    ...(explorer ? { blockExplorers: { default: explorer } } : {}),
    testnet,
    chainNamespace: 'eip155',
    caipNetworkId: `eip155:${id}`,
  }
}

export const mainnet = evm(1, 'Ethereum', 'mainnet', 'https://eth.merkle.io', { name: 'Etherscan', url: 'https://etherscan.io' }, false)
export const sepolia = evm(
  11155111,
  'Sepolia',
  'sepolia',
  'https://sepolia.drpc.org',
  { name: 'Etherscan', url: 'https://sepolia.etherscan.io' },
  true,
  {
    name: 'Sepolia Ether',
    symbol: 'ETH',
    decimals: 18,
  },
)
export const base = evm(8453, 'Base', 'base', 'https://mainnet.base.org', { name: 'Basescan', url: 'https://basescan.org' }, false)
export const optimism = evm(
  10,
  'OP Mainnet',
  'optimism',
  'https://mainnet.optimism.io',
  { name: 'Optimism Explorer', url: 'https://optimistic.etherscan.io' },
  false,
)
export const arbitrum = evm(
  42161,
  'Arbitrum One',
  'arbitrum',
  'https://arb1.arbitrum.io/rpc',
  { name: 'Arbiscan', url: 'https://arbiscan.io' },
  false,
)
export const polygon = evm(
  137,
  'Polygon',
  'polygon',
  'https://polygon-rpc.com',
  { name: 'PolygonScan', url: 'https://polygonscan.com' },
  false,
  {
    name: 'POL',
    symbol: 'POL',
    decimals: 18,
  },
)
export const monadTestnet = evm(
  10143,
  'Monad Testnet',
  'monad-testnet',
  'https://testnet-rpc.monad.xyz',
  { name: 'Monad Explorer', url: 'https://testnet.monadexplorer.com' },
  true,
  {
    name: 'Monad',
    symbol: 'MON',
    decimals: 18,
  },
)
// Local anvil chains of packages/devnet; wallets should reach them through the api RPC proxy.
export const airlockDevnet = evm(31337, 'Airlock Devnet', 'airlock-devnet', 'http://127.0.0.1:8545', undefined, true)
export const airlockDevnet2 = evm(31338, 'Airlock Devnet 2', 'airlock-devnet-2', 'http://127.0.0.1:8546', undefined, true)

function nonEvm(
  namespace: ChainNamespace,
  reference: string,
  name: string,
  network: string,
  currency: NativeCurrency,
  rpc: string,
  testnet: boolean,
): Network {
  return {
    id: reference,
    name,
    network,
    nativeCurrency: currency,
    rpcUrls: { default: { http: [rpc] } },
    testnet,
    chainNamespace: namespace,
    caipNetworkId: `${namespace}:${reference}`,
  }
}

const SOL: NativeCurrency = { name: 'Solana', symbol: 'SOL', decimals: 9 }
const BTC: NativeCurrency = { name: 'Bitcoin', symbol: 'BTC', decimals: 8 }

export const solana = nonEvm(
  'solana',
  '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  'Solana',
  'solana-mainnet',
  SOL,
  'https://api.mainnet-beta.solana.com',
  false,
)
export const solanaDevnet = nonEvm(
  'solana',
  'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  'Solana Devnet',
  'solana-devnet',
  SOL,
  'https://api.devnet.solana.com',
  true,
)
export const solanaTestnet = nonEvm(
  'solana',
  '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
  'Solana Testnet',
  'solana-testnet',
  SOL,
  'https://api.testnet.solana.com',
  true,
)
/**
 * The Solana devnet cluster of packages/devnet (litesvm behind a JSON-RPC server). Its genesis
 * hash is fixed, base58 of sha256('airlock solana devnet'), so its CAIP-2 id is stable.
 */
export const SOLANA_LOCALNET_GENESIS_HASH = '5txxptpv1W9LM5n8vt4uSbVwmTy4Zn4zL74TVUAhLStt'
export const solanaLocalnet = nonEvm(
  'solana',
  SOLANA_LOCALNET_GENESIS_HASH.slice(0, 32),
  'Airlock Solana Devnet',
  'airlock-solana-devnet',
  SOL,
  'http://127.0.0.1:4411',
  true,
)
export const bitcoin = nonEvm('bip122', '000000000019d6689c085ae165831e93', 'Bitcoin', 'bitcoin', BTC, 'https://mempool.space/api', false)
export const bitcoinTestnet = nonEvm(
  'bip122',
  '000000000933ea01ad0ee984209779ba',
  'Bitcoin Testnet',
  'bitcoin-testnet',
  BTC,
  'https://mempool.space/testnet/api',
  true,
)
export const bitcoinTestnet4 = nonEvm(
  'bip122',
  '00000000da84f2bafbbc53dee25a72ae',
  'Bitcoin Testnet4',
  'bitcoin-testnet4',
  BTC,
  'https://mempool.space/testnet4/api',
  true,
)
export const bitcoinSignet = nonEvm(
  'bip122',
  '00000008819873e925422c1ff0f99f7c',
  'Bitcoin Signet',
  'bitcoin-signet',
  BTC,
  'https://mempool.space/signet/api',
  true,
)
/**
 * The regtest chain of packages/devnet's Bitcoin devnet (an esplora REST server, not JSON-RPC: a
 * bip122 network's `rpcUrls` is its esplora API). Regtest's genesis block is fixed, so is its id.
 */
export const bitcoinRegtest = nonEvm(
  'bip122',
  '0f9188f13cb7b2c71f2a335e3a4fc328',
  'Airlock Bitcoin Devnet',
  'airlock-bitcoin-devnet',
  BTC,
  'http://127.0.0.1:4413',
  true,
)

const DOT: NativeCurrency = { name: 'Polkadot', symbol: 'DOT', decimals: 10 }
const KSM: NativeCurrency = { name: 'Kusama', symbol: 'KSM', decimals: 12 }

/*
 * Polkadot networks: the CAIP-2 reference is the first 32 hex characters of the genesis hash.
 * The hashes, decimals and SS58 prefixes are what @substrate/connect-known-chains 1.10.3's chain
 * specs say (networks.test.ts derives each genesis hash from its spec's genesis state root):
 * Polkadot and its Asset Hub DOT/10/0, Kusama and its Asset Hub KSM/12/2.
 *
 * Asset Hub first: the 2025 Asset Hub migration moved balances (with staking and governance) from
 * the relay chains to their Asset Hubs, Kusama's on 7 October 2025 and Polkadot's on 4 November
 * 2025 (Nova Wallet's Asset Hub Migration FAQ, docs.novawallet.io; the Polkadot forum's "Asset Hub
 * Migration 2025" thread): transfers happen on Asset Hub and a relay account reads empty, so
 * POLKADOT_DEFAULT_NETWORKS names the Asset Hubs. The relay chains stay listed for dapps that ask
 * for them. The specs themselves say nothing about the migration.
 */
export const polkadotAssetHub = nonEvm(
  'polkadot',
  '68d56f15f85d3136970ec16946040bc1',
  'Polkadot Asset Hub',
  'polkadot-asset-hub',
  DOT,
  'https://polkadot-asset-hub-rpc.polkadot.io',
  false,
)
export const polkadot = nonEvm(
  'polkadot',
  '91b171bb158e2d3848fa23a9f1c25182',
  'Polkadot',
  'polkadot',
  DOT,
  'https://rpc.polkadot.io',
  false,
)
export const kusamaAssetHub = nonEvm(
  'polkadot',
  '48239ef607d7928874027a43a6768920',
  'Kusama Asset Hub',
  'kusama-asset-hub',
  KSM,
  'https://kusama-asset-hub-rpc.polkadot.io',
  false,
)
export const kusama = nonEvm(
  'polkadot',
  'b0a8d493285c2df73290dfb7e61f870f',
  'Kusama',
  'kusama',
  KSM,
  'https://kusama-rpc.polkadot.io',
  false,
)
/**
 * packages/devnet's Polkadot devnet: chopsticks from the Rococo Asset Hub raw genesis. chopsticks
 * reports block 0 of a raw genesis as 0x4545…45, so the id is fixed. Its token is ROC with 12
 * decimals (system_properties).
 */
export const polkadotDevnet = nonEvm(
  'polkadot',
  '45454545454545454545454545454545',
  'Airlock Polkadot Devnet',
  'airlock-polkadot-devnet',
  { name: 'Rococo', symbol: 'ROC', decimals: 12 },
  'http://127.0.0.1:4414',
  true,
)

/**
 * SS58 address prefix per Polkadot network (addresses are shown and checked in this format). The
 * devnet's chain spec sets none, but its runtime (statemine's) declares System.SS58Prefix 2, which
 * @polkadot/api applies; a network not listed here uses the generic 42. Plain literals, no
 * Object.freeze call, so that a bundle that reads none of these (the widget's first load) drops them.
 */
export const POLKADOT_SS58_PREFIXES: Readonly<Record<string, number>> = {
  [polkadotAssetHub.caipNetworkId]: 0,
  [polkadot.caipNetworkId]: 0,
  [kusamaAssetHub.caipNetworkId]: 2,
  [kusama.caipNetworkId]: 2,
  [polkadotDevnet.caipNetworkId]: 2,
}
/** The generic Substrate SS58 prefix. */
export const GENERIC_SS58_PREFIX = 42

/**
 * The SS58 prefix of a polkadot network (42 when it is not one Airlock knows). An own key only: the
 * id comes from dapps and wallets, and `__proto__` or `constructor` would read Object's.
 */
export function ss58PrefixOf(caipNetworkId: string): number {
  return Object.hasOwn(POLKADOT_SS58_PREFIXES, caipNetworkId) ? POLKADOT_SS58_PREFIXES[caipNetworkId]! : GENERIC_SS58_PREFIX
}

/** Where balances live after the Asset Hub migration: the network to default to on Polkadot and Kusama. */
export const POLKADOT_DEFAULT_NETWORKS: Readonly<{ polkadot: Network; kusama: Network }> = {
  polkadot: polkadotAssetHub,
  kusama: kusamaAssetHub,
}

export const networks: readonly Network[] = [
  mainnet,
  sepolia,
  base,
  optimism,
  arbitrum,
  polygon,
  monadTestnet,
  airlockDevnet,
  airlockDevnet2,
  solana,
  solanaDevnet,
  solanaTestnet,
  solanaLocalnet,
  bitcoin,
  bitcoinTestnet,
  bitcoinTestnet4,
  bitcoinSignet,
  bitcoinRegtest,
  polkadotAssetHub,
  polkadot,
  kusamaAssetHub,
  kusama,
  polkadotDevnet,
]

const byCaipNetworkId = new Map<string, Network>(networks.map((network) => [network.caipNetworkId, network]))

export function getNetwork(caipNetworkId: string): Network | undefined {
  return byCaipNetworkId.get(caipNetworkId)
}

export function getEvmNetwork(chainId: number): Network | undefined {
  return byCaipNetworkId.get(`eip155:${chainId}`)
}

/**
 * SPEC section 9: the networks with swaps, plus the Airlock devnets (whose Uniswap V2 the api
 * quotes). Everywhere else the Swap button is hidden.
 */
export const SWAP_CHAIN_IDS: readonly number[] = [1, 42161, 10, 324, 8453, 56, 137, 100, 43114, 250, 8217, 1313161554, 31337, 31338]

export function isSwapNetwork(caipNetworkId: string): boolean {
  const [namespace, reference] = caipNetworkId.split(':')
  return namespace === 'eip155' && SWAP_CHAIN_IDS.includes(Number(reference))
}
