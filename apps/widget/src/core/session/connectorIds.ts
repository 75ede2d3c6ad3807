/**
 * The host SDK's connector ids, read here only. A Wallet Standard wallet's connector is
 * `ws:<namespace>:<name>` since SDK 0.3.0 (names never hold ':', see the host SDK's connectorId): one
 * wallet object of the page serves each of its families through a connector of its own.
 */

/** The wallet behind a Wallet Standard connector id: `ws:solana:X` and `ws:bip122:X` are the same wallet. Undefined for any other connector. */
export const standardWalletOf = (connectorId: string): string | undefined => /^ws:[^:]+:(.+)$/.exec(connectorId)?.[1]

/**
 * SDK 0.2.0 named a Wallet Standard wallet's connector `ws:<name>` (Solana was its only family): an
 * old id is read as its Solana connector, so the first load after the upgrade still reconnects
 * silently (the list is saved back in the new form). It can go once no dapp still stores ids
 * written by SDK 0.2.0 (when 0.2.0 is no longer supported).
 */
export const currentConnectorId = (id: string): string => (/^ws:[^:]*$/.test(id) ? `ws:solana:${id.slice(3)}` : id)
