import type { AccountDataClient, AccountDataClientConfig } from './accountData'

/**
 * The account-data client, loaded on its first call: only the embedded wallet's Account tabs and
 * the ApproveTransaction view use it, so its parsers stay out of the widget's first paint.
 */
export function createLazyAccountDataClient(config: AccountDataClientConfig): AccountDataClient {
  let client: Promise<AccountDataClient> | undefined
  const load = () => (client ??= import('./accountData').then((module) => module.createAccountDataClient(config)))
  return {
    balances: (...args) => load().then((loaded) => loaded.balances(...args)),
    history: (...args) => load().then((loaded) => loaded.history(...args)),
  }
}
