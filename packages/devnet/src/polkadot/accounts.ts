/**
 * The Polkadot devnet's constants and funded test accounts, without loading @polkadot/* (a page or a
 * test that only needs an address imports this file alone; keys.ts signs).
 *
 * Accounts are sr25519, derived as polkadot-js derives `<mnemonic>//i` (hard junction i) from anvil's
 * mnemonic (DEVNET_MNEMONIC), so one phrase opens every family's devnet accounts. `address` is the
 * SS58 form for the devnet's prefix (POLKADOT_DEVNET_SS58_PREFIX), `publicKey` the 32-byte key, hex.
 * accounts.test.ts derives them again.
 */

/**
 * What chopsticks answers for block 0 when it runs from a raw genesis (its genesis provider has no
 * real block 0, so it reports this fixed hash): the CAIP-2 reference is its first 32 hex characters.
 */
export const POLKADOT_DEVNET_GENESIS_HASH = '0x4545454545454545454545454545454545454545454545454545454545454545'
/** CAIP-2 id of the Polkadot devnet. */
export const POLKADOT_DEVNET_CAIP_NETWORK_ID = 'polkadot:45454545454545454545454545454545'
/**
 * The devnet's SS58 prefix. Its chain spec sets none (system_properties has no ss58Format), but the
 * runtime's System.SS58Prefix constant is 2 (the runtime is statemine's) and @polkadot/api's
 * registry takes that: addresses on the devnet read as Kusama's do.
 */
export const POLKADOT_DEVNET_SS58_PREFIX = 2
/** The devnet token: system_properties says ROC with 12 decimals. */
export const POLKADOT_DEVNET_TOKEN = Object.freeze({ symbol: 'ROC', decimals: 12 })
/** What each devnet account holds at start, in planck (10,000 ROC). */
export const POLKADOT_DEVNET_FUNDING = 10_000n * 10n ** 12n

export interface PolkadotDevnetAccount {
  /** The polkadot-js derivation appended to DEVNET_MNEMONIC: `//0` … `//9`. */
  derivation: string
  /** SS58 with POLKADOT_DEVNET_SS58_PREFIX. */
  address: string
  /** The sr25519 public key, 0x-prefixed hex. */
  publicKey: string
}

const account = (derivation: string, address: string, publicKey: string): PolkadotDevnetAccount =>
  Object.freeze({ derivation, address, publicKey })

/** Ten sr25519 accounts, `DEVNET_MNEMONIC//i`, each funded with POLKADOT_DEVNET_FUNDING. */
export const polkadotDevnetAccounts: readonly PolkadotDevnetAccount[] = Object.freeze([
  account('//0', 'HLHi23GPLQMCbE3qwMskZyoSiHunuSesDSeGCJ2u9sVKhG2', '0xd279a3af8cc9fafb5953287407e19baf06ddacdbf6151ba11bf8aceb0cfa8121'),
  account('//1', 'EZivPuPYdJw54TaVseCETDExXqvTcm7YqMpAYhA58sBAVao', '0x58040151a5dc1ecf0a0edd181c69c4413b6a651f0b7f8e981211de66162e2729'),
  account('//2', 'H4PD5bfryapR9KMfoEkQJhgbgEHKdmKSjLUviZWmF71ViUP', '0xc6583b2bf02696b3f2e4fd1d8ba40072c0df4d985267501739d57fe814ad2b04'),
  account('//3', 'GccEzS557ddCBAuGR7jbPorPuGStx5nteSyAoQ9zmL8hRH1', '0xb2afb9332b57c6c54d4a3730e9d55782854b09e9aee0d2d05151941576a7b742'),
  account('//4', 'H4khjauqsG4VEV8Q2B1UyGuubN5U7TtRj6jgta1kNQnnLBN', '0xc6a096290f9881b177de9f9bb2787feff31eedb80e2e152cdedcad61eb052a5b'),
  account('//5', 'HNQLpdp52L1umNqaRZNwiyG29szko2q6AbsntskK9123V6R', '0xd41676ccbfbe3eff2cc0034901ddc773c79b0c5dbaa7cbaed15102c46b49d62c'),
  account('//6', 'J1GrKbhwCT8bKripZZjR1KivxrDwN8fA6VVNyHMBp8Ny5Ny', '0xf0355364bf6a65f9439212f569cb17ec619878645f22efa2146a51208453c442'),
  account('//7', 'Dr1RzfBem7qfePK4MHxE9qdUw3HgB8VywEzhC5RtRVnpYss', '0x383346e2da3f17720fffa177b0c3b7dbe8eab22bb76cde2b8079aab86f622a59'),
  account('//8', 'HqLez4q9DBjNribMxrX9WrsLZXSWCf2NhoW1SJSuN7LFv1R', '0xe8a1adce68c59664ac5b5ea7457f0b0ef540b6d2bc0c04e38ad643ae39048510'),
  account('//9', 'DM7wbhEoLYERiaTLeiobtUetCf3mPSMdut8sGKfizmqkgST', '0x222b1380b007d9c9ba554b22dc91210085524d3e3f5a5f5c3a1b0bec38edc323'),
])
