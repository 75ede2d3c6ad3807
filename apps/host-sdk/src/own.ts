/**
 * Every provider and wallet object Airlock itself puts in the page (its EIP-1193 provider, its
 * Wallet Standard wallet), of any instance, and the `register` of its own Wallet Standard app (the
 * discovery): discovery never lists Airlock as one of the page's wallets, and Airlock's wallet does
 * not take its own discovery for a dapp's app.
 */
export const ownWallets = new WeakSet<object>()
