import * as z from 'zod'
import type { OnrampAsset, OnrampCatalog, OnrampNetworkConfig } from './catalog'
import { CENTS, parseDecimal } from './money'
import { limitViolation, type PaymentMethod } from './quote'

/** Request parsing shared by the quote, URL generator and checkout: each failure is a 400 reason. */

export interface Reason {
  description: string
  field?: string
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; reason: Reason }

const ok = <T>(value: T): Parsed<T> => ({ ok: true, value })
const fail = (description: string, field?: string): Parsed<never> => ({ ok: false, reason: { description, ...(field ? { field } : {}) } })

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/
const CAIP10 = /^eip155:(\d{1,20}):(0x[0-9a-fA-F]{40})$/

/** An amount as JSON carries it: a decimal string, or a number written out without exponent. */
export const AmountInput = z.union([z.string().max(40), z.number().finite().nonnegative()])

export function amountText(value: string | number): string {
  return typeof value === 'number' ? value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 }) : value
}

/** A fiat amount: up to 2 decimals, within the payment method's limits. */
export function parseFiatAmount(value: string | number, currency: string, method: PaymentMethod, field = 'amount'): Parsed<bigint> {
  const parsed = parseDecimal(amountText(value), CENTS)
  if (!parsed.ok) {
    return parsed.reason === 'decimals'
      ? fail(`${field} has more than 2 decimal places`, field)
      : fail(`${field} must be a decimal number such as 100.00`, field)
  }
  const violation = limitViolation(parsed.units, method)
  if (violation) {
    const label = method === 'card' ? 'card' : 'bank account'
    return fail(`${field} must be between ${violation.min} and ${violation.max} ${currency} for ${label} payments`, field)
  }
  return ok(parsed.units)
}

/** A crypto amount in the asset's decimals, above zero. */
export function parseCryptoAmount(value: string | number, asset: OnrampAsset, field: string): Parsed<bigint> {
  const parsed = parseDecimal(amountText(value), asset.decimals)
  if (!parsed.ok) {
    return parsed.reason === 'decimals'
      ? fail(`${field} has more than ${asset.decimals} decimal places (${asset.symbol})`, field)
      : fail(`${field} must be a decimal number`, field)
  }
  if (parsed.units === 0n) return fail(`${field} must be above 0`, field)
  return ok(parsed.units)
}

/** A destination: an EVM address, or a CAIP-10 eip155 account (which names its chain). */
export function parseDestination(value: string): { address: string; chain?: string } | undefined {
  if (EVM_ADDRESS.test(value)) return { address: value.toLowerCase() }
  const caip = CAIP10.exec(value)
  return caip ? { address: caip[2]!.toLowerCase(), chain: `eip155:${caip[1]}` } : undefined
}

/**
 * The network a request means: a known slug, display name, chain id or CAIP-2; else (AppKit sends the
 * asset symbol as `network`, and Coinbase network names like 'ethereum' the sandbox does not have)
 * the first network that sells the asset.
 */
export function resolveNetwork(
  catalog: OnrampCatalog,
  symbol: string,
  candidates: readonly (string | undefined)[],
): OnrampNetworkConfig | undefined {
  for (const candidate of candidates) {
    if (!candidate) continue
    const network = catalog.network(candidate)
    if (network && catalog.asset(symbol, network.chain)) return network
  }
  return catalog.networks.find((n) => catalog.asset(symbol, n.chain))
}
