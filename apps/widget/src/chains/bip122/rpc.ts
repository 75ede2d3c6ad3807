import {
  BitcoinAddressEntry,
  bitcoinMethodParams,
  bitcoinMethodResults,
  ProviderRpcError,
  RpcErrorCode,
  type BitcoinMethod,
  type BitcoinParams,
  type BitcoinResult,
} from '@airlock/protocol'
import { checkedParams, checkedResult } from '../rpcChecks'

/**
 * Airlock's Bitcoin RPC (packages/protocol/src/bip122.ts, sats-connect's names and shapes), what
 * the widget and a dapp send every Bitcoin connector: params checked before a wallet sees them,
 * answers before the caller does.
 */

export const checkParams = <M extends BitcoinMethod>(method: M, params: unknown): BitcoinParams<M> =>
  checkedParams(bitcoinMethodParams, method, params)

export const checkResult = <M extends BitcoinMethod>(method: M, answer: unknown): BitcoinResult<M> =>
  checkedResult(bitcoinMethodResults, method, answer)

/** The entries a wallet lists that Airlock reads (a Stacks or Starknet entry of sats-connect is skipped). */
export function addressEntries(entries: unknown): BitcoinAddressEntry[] {
  if (!Array.isArray(entries)) return []
  return entries.flatMap((entry) => {
    const parsed = BitcoinAddressEntry.safeParse(entry)
    return parsed.success ? [parsed.data] : []
  })
}

/**
 * A connection's addresses out of a wallet's entries (SPEC: the account is the payment address,
 * ordinals addresses after it); none without a payment address.
 */
export function connectionAddresses(entries: readonly BitcoinAddressEntry[]): string[] {
  const payment = entries.find((entry) => entry.purpose === 'payment')
  if (!payment) return []
  return [...new Set([payment.address, ...entries.filter((entry) => entry.purpose === 'ordinals').map((entry) => entry.address)])]
}

export const unsupported = (what: string) => new ProviderRpcError(RpcErrorCode.UnsupportedMethod, what)

/** sats-connect's "method not supported" code, beside JSON-RPC's "not found" and EIP-1193's 4200. */
const SATS_CONNECT_NOT_SUPPORTED = -32001
const NOT_SUPPORTED: readonly unknown[] = [RpcErrorCode.UnsupportedMethod, RpcErrorCode.MethodNotFound, SATS_CONNECT_NOT_SUPPORTED]

/** Whether a wallet (or the host's allow-list) said it has no such method: nothing was asked of the user. */
export const isUnsupported = (error: unknown): boolean => NOT_SUPPORTED.includes((error as { code?: unknown } | undefined)?.code)
