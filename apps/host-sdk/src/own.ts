/**
 * Every provider and wallet object Airlock itself puts in the page (its EIP-1193 provider, its
 * Wallet Standard wallet), of any instance: discovery never lists Airlock as one of the page's wallets.
 */
export const ownWallets = new WeakSet<object>()
