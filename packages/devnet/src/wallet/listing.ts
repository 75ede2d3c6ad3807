import { bitcoin, mainnet, polkadot, solana } from '@airlock/chains'
import { DEVNET_WALLET_ICON } from './icon'

/** Its key in `window.injectedWeb3`, as `polkadot-js`, `talisman` or `subwallet-js` are theirs. */
export const DEVNET_POLKADOT_EXTENSION_KEY = 'airlock-devnet'
export const DEVNET_WALLET_NAME = 'Devnet Wallet'
export const DEVNET_WALLET_RDNS = 'dev.airlock.devnetwallet'

/**
 * The devnet wallet as the API's wallet registry lists a wallet (apps/api/data/wallets.json's
 * fields, its icon as a data: URI). `npm start` and the tests add it to the registry: a Polkadot
 * extension tells the page nothing but its `injectedWeb3` key, and the modal names it from the
 * registry, so the devnet wallet's Polkadot extension is one wallet with its other families, as
 * SubWallet's or Talisman's is. Never in the production registry.
 */
export const DEVNET_WALLET_LISTING = {
  name: DEVNET_WALLET_NAME,
  rdns: DEVNET_WALLET_RDNS,
  homepage: 'https://airlock.dev/devnet',
  icon: DEVNET_WALLET_ICON,
  // A family's main network, not the devnet's chains: a chain no registry wallet lists matches every
  // wallet of its family (explorer/query.ts chainMatcher), which a devnet chain listed here would end.
  chains: [mainnet, solana, bitcoin, polkadot].map((network) => network.caipNetworkId),
  injected: [
    { namespace: 'eip155', injected_id: 'isDevnetWallet' },
    { namespace: 'polkadot', injected_id: DEVNET_POLKADOT_EXTENSION_KEY },
  ],
} as const
