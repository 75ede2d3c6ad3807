import { getAddress, isAddress, type Address, type Hex, type LocalAccount, type SignedAuthorization } from 'viem'

/** An EIP-7702 delegated account's code: this prefix, then the implementation's address. */
export const DELEGATION_CODE_PREFIX = '0xef0100'

export interface AuthorizationRequest {
  chainId: number
  /** The implementation the EOA delegates to (e.g. the EIP7702StatelessDeleGator). */
  contractAddress: Address
  /** The EOA's current transaction count (the authorization consumes it). */
  nonce: number
}

/**
 * Signs an EIP-7702 authorization bound to one chain. Chain id 0 would let anyone replay the delegation on
 * every chain, so it is refused, as is any id that is not a positive integer.
 */
export async function signAuthorizationWithChainId(
  account: Required<Pick<LocalAccount, 'signAuthorization'>>,
  { chainId, contractAddress, nonce }: AuthorizationRequest,
): Promise<SignedAuthorization> {
  if (!Number.isSafeInteger(chainId) || chainId <= 0) {
    throw new Error('An EIP-7702 authorization must name its chain: chain id 0 is valid on every chain')
  }
  if (!isAddress(contractAddress, { strict: false })) throw new Error(`Not an address to delegate to: ${String(contractAddress)}`)
  if (!Number.isSafeInteger(nonce) || nonce < 0) throw new Error(`An authorization nonce is a non-negative integer, got ${nonce}`)
  return account.signAuthorization({ chainId, address: getAddress(contractAddress), nonce })
}

/** Whether `code` (eth_getCode of an EOA) is a delegation to `implementation`. */
export function isDelegatedTo(code: Hex | undefined, implementation: Address): boolean {
  return code?.toLowerCase() === `${DELEGATION_CODE_PREFIX}${implementation.slice(2).toLowerCase()}`
}
