import { decodeSs58, parsePolkadotAddress } from '@airlock/chains/polkadot'

/**
 * Polkadot accounts in the API. An SS58 address is a 32-byte account id written with a prefix; the
 * prefix names no network for sure (Polkadot's Asset Hub and relay chain both use 0), and the same
 * account exists on every network. So:
 * - a bare address is kept as written (its prefix is how its owner's wallet shows it, and base58
 *   gives each prefix and id one text): the balance and history routes read it on every network;
 * - a CAIP-10 account `polkadot:<ref>:<address>` is written in that network's SS58 form (prefix 0
 *   for Polkadot, 2 for Kusama and the devnet, 42 for a network Airlock does not list), whatever
 *   prefix it came with: the CAIP-2 id names the network, so there is one spelling per account on
 *   it, the one its wallets and explorers show, and sign-in messages carry that same form.
 * Parsing is @airlock/chains/polkadot's, the widget's and the frame's.
 */

/** A bare SS58 address of a 32-byte account, as written, or undefined. */
export function parsePolkadotAccountAddress(value: string): string | undefined {
  return decodeSs58(value) ? value : undefined
}

/** Whether `address` is written in network `caipNetworkId`'s SS58 form. */
export function isAddressOn(address: string, caipNetworkId: string): boolean {
  const parsed = parsePolkadotAddress(address, caipNetworkId)
  return parsed.ok && parsed.address === address
}

const CAIP10_POLKADOT = /^(polkadot:[0-9a-f]{32}):([1-9A-HJ-NP-Za-km-z]{35,49})$/

/** A bare address, or a CAIP-10 account `polkadot:<ref>:<address>` written in its network's form. */
export function parsePolkadotAccount(value: string): { address: string; chain?: string } | undefined {
  const bare = parsePolkadotAccountAddress(value)
  if (bare) return { address: bare }
  const match = CAIP10_POLKADOT.exec(value)
  const parsed = match && parsePolkadotAddress(match[2]!, match[1]!)
  return parsed?.ok ? { address: parsed.address, chain: match![1]! } : undefined
}
