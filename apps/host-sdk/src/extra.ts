/**
 * The parts of the SDK that only some pages need, loaded when one does (load-extra.ts): Airlock's
 * own wallets of the Wallet Standard (Solana and Bitcoin) (pages with a Wallet Standard app), the relay of the
 * widget's calls to the page's Wallet Standard wallets (at the first such call), the sats-connect
 * providers of `window.btc_providers` and the Polkadot extensions of `window.injectedWeb3` (pages
 * that have some: their descriptions and relays), Airlock's own Polkadot extension (at its
 * `enable`: injected-web3.ts), and the boot alert (pages the widget origin refuses). They keep the one-line sdk.js within its size budget.
 */
export { createAirlockWallets } from './airlock-wallets'
export { createBootAlert } from './boot-alert'
export { relayStandardRequest } from './wallet-standard-relay'
export { polkadotConnectors } from './polkadot-extensions'
export { satsConnectConnectors } from './sats-connect'
export { enableAirlockPolkadot } from './airlock-polkadot-extension'
