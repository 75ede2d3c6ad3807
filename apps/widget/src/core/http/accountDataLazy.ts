import type { AccountDataClient, AccountDataClientConfig } from './accountData'

/**
 * The account-data client, loaded on its first call: the Account view's token list and the
 * Activity list (both in lazy chunks) use it, so it stays out of the widget's first paint.
 */
export function createLazyAccountDataClient(config: AccountDataClientConfig): AccountDataClient {
  let client: Promise<AccountDataClient> | undefined
  const load = () => (client ??= import('./accountData').then((module) => module.createAccountDataClient(config)))
  return {
    balances: (...args) => load().then((loaded) => loaded.balances(...args)),
    history: (...args) => load().then((loaded) => loaded.history(...args)),
  }
}
