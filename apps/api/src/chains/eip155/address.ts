import { getAddress, type Address } from 'viem'

/**
 * Account ids as the name, identity and session routes take them: a plain EVM address (SPEC
 * section 5: 40 hex digits, optional 0x) or a CAIP-10 eip155 account (`eip155:31337:0xabc...`).
 */
export interface AccountId {
  /** Checksummed. */
  address: Address
  /** CAIP-2 chain id when the input named one (CAIP-10), e.g. `eip155:31337`. */
  caipNetworkId?: `eip155:${number}`
  chainId?: number
}

const EVM_ADDRESS = /^(?:0x)?[0-9a-fA-F]{40}$/
const CAIP10_EIP155 = /^eip155:([1-9][0-9]{0,9}):((?:0x)?[0-9a-fA-F]{40})$/

/** Highest EVM chain id a coin type can carry (ENSIP-11 keeps the top bit for the flag). */
export const MAX_EVM_CHAIN_ID = 0x7fffffff

/** A plain EVM address, checksummed; undefined when malformed. Mixed case with a bad checksum is accepted. */
export function parseEvmAddress(value: string): Address | undefined {
  if (!EVM_ADDRESS.test(value)) return undefined
  const hex = value.startsWith('0x') ? value.slice(2) : value
  return getAddress(`0x${hex.toLowerCase()}`)
}

/** A plain EVM address or a CAIP-10 eip155 account; undefined when neither. */
export function parseAccountId(value: string): AccountId | undefined {
  const plain = parseEvmAddress(value)
  if (plain) return { address: plain }
  const match = CAIP10_EIP155.exec(value)
  if (!match) return undefined
  const chainId = Number(match[1])
  if (chainId > MAX_EVM_CHAIN_ID) return undefined
  return { address: parseEvmAddress(match[2]!)!, caipNetworkId: `eip155:${chainId}`, chainId }
}

/** `eip155:<chainId>:<address>` */
export function toCaip10(chainId: number, address: Address): string {
  return `eip155:${chainId}:${address}`
}
