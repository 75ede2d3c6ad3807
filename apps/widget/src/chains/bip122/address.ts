import { parseBitcoinAddress } from '@airlock/chains/bip122'
import type { ParsedAddress } from '../types'
import { BITCOIN_NETWORK_IDS } from './networks'

/**
 * SPEC section 5 for bip122, through @airlock/chains' reading: on a network, that network's
 * addresses only (one of another network is refused, never converted). Without one, an address of
 * any Bitcoin network the widget knows; the refusal is the one for mainnet.
 */
export function parseAddressOn(input: string, caipNetworkId?: string): ParsedAddress {
  const on = (id: string): ParsedAddress => {
    const parsed = parseBitcoinAddress(input, id)
    return parsed.ok ? { ok: true, address: parsed.address } : parsed
  }
  if (caipNetworkId) return on(caipNetworkId)
  const results = BITCOIN_NETWORK_IDS.map(on)
  return results.find((result) => result.ok) ?? results[0]!
}

/** Exactly an address of some Bitcoin network, in its canonical form. */
export function isBitcoinAddress(value: string): boolean {
  const parsed = parseAddressOn(value)
  return parsed.ok && parsed.address === value
}
