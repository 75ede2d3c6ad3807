import { CHAIN_NAMESPACES, type ChainNamespace } from './networks'

const EVM_ADDRESS = /^(0x)?[0-9a-fA-F]{40}$/
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
const CAIP_REFERENCE = /^[-_a-zA-Z0-9]{1,32}$/
const CAIP_ACCOUNT = /^[-.%a-zA-Z0-9]{1,128}$/

/** EVM address: 40 hex digits, optional 0x (SPEC section 5). Checksums are not enforced. */
export function isEvmAddress(value: string): boolean {
  return EVM_ADDRESS.test(value)
}

export function isSolanaAddress(value: string): boolean {
  return SOLANA_ADDRESS.test(value)
}

export function isChainNamespace(value: string): value is ChainNamespace {
  return (CHAIN_NAMESPACES as readonly string[]).includes(value)
}

export interface ParsedCaipNetworkId {
  namespace: ChainNamespace
  reference: string
}

/** CAIP-2 network id: 2 colon-separated parts with a known namespace. */
export function parseCaipNetworkId(value: string): ParsedCaipNetworkId | undefined {
  const parts = value.split(':')
  if (parts.length !== 2) return undefined
  const [namespace, reference] = parts as [string, string]
  if (!isChainNamespace(namespace) || !CAIP_REFERENCE.test(reference)) return undefined
  return { namespace, reference }
}

export interface ParsedCaipAddress extends ParsedCaipNetworkId {
  caipNetworkId: `${ChainNamespace}:${string}`
  address: string
}

/** CAIP-10 account id: 3 colon-separated parts with a known namespace. */
export function parseCaipAddress(value: string): ParsedCaipAddress | undefined {
  const parts = value.split(':')
  if (parts.length !== 3) return undefined
  const [namespace, reference, address] = parts as [string, string, string]
  if (!isChainNamespace(namespace) || !CAIP_REFERENCE.test(reference) || !CAIP_ACCOUNT.test(address)) return undefined
  return { namespace, reference, caipNetworkId: `${namespace}:${reference}`, address }
}

/**
 * What a Receive QR code holds: a BIP-21 `bitcoin:` URI for a Bitcoin address (what Bitcoin
 * wallets' scanners expect), the plain address for the other families.
 */
export function receiveUri(caipNetworkId: string, address: string): string {
  return caipNetworkId.startsWith('bip122:') ? `bitcoin:${address}` : address
}

export function toCaipAddress(caipNetworkId: string, address: string): string {
  return `${caipNetworkId}:${address}`
}

/** `0x1234…abcd`: the first `head` characters (0x included) and the last `tail`. */
export function shortAddress(address: string, head = 6, tail = 4): string {
  if (address.length <= head + tail + 1) return address
  return `${address.slice(0, head)}…${address.slice(-tail)}`
}

/** Chain ids arrive as hex strings (EIP-1193), decimal strings or numbers; anything else is undefined. */
export function parseChainId(value: unknown): number | undefined {
  let id: number
  if (typeof value === 'number') id = value
  else if (typeof value === 'string' && /^0x[0-9a-fA-F]{1,16}$/.test(value)) id = Number.parseInt(value.slice(2), 16)
  else if (typeof value === 'string' && /^[0-9]{1,16}$/.test(value)) id = Number(value)
  else return undefined
  return Number.isSafeInteger(id) && id > 0 ? id : undefined
}

export function toHexChainId(chainId: number): `0x${string}` {
  return `0x${chainId.toString(16)}`
}
