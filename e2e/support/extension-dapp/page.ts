import { web3Accounts, web3Enable, web3FromSource } from '@polkadot/extension-dapp'

/**
 * The script of a dapp page written for @polkadot/extension-dapp (bundled by extensionDapp.ts, as
 * the dapp's bundler would): it loads with the page, and the test calls its functions as the
 * dapp's own buttons would.
 */
Object.assign(window, { extensionDapp: { web3Enable, web3Accounts, web3FromSource } })
