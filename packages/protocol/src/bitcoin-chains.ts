/**
 * The Wallet Standard's name of each Bitcoin network (CAIP-2 id to `bitcoin:<name>`), one list for
 * the widget (which speaks to Standard wallets) and the host SDK (whose own wallet is one). A module
 * of its own, so that only the code that reads it downloads it.
 */
export const BITCOIN_STANDARD_CHAINS: Readonly<Record<string, string>> = {
  'bip122:000000000019d6689c085ae165831e93': 'bitcoin:mainnet',
  'bip122:000000000933ea01ad0ee984209779ba': 'bitcoin:testnet',
  'bip122:00000000da84f2bafbbc53dee25a72ae': 'bitcoin:testnet4',
  'bip122:00000008819873e925422c1ff0f99f7c': 'bitcoin:signet',
  'bip122:0f9188f13cb7b2c71f2a335e3a4fc328': 'bitcoin:regtest',
}
