import { encodeFunctionData, erc20Abi } from 'viem'

/** SPEC section 7: a native send carries empty data; an ERC-20 send is the token's transfer(to, amount). */

export interface SendTokenRef {
  /** CAIP-10 (`eip155:31337:0x…`) or a plain address of the ERC-20 contract; absent for the native token. */
  address?: string | undefined
}

export interface SendCall {
  to: `0x${string}`
  data?: `0x${string}` | undefined
  value: bigint
}

/** The plain 0x address of a CAIP-10 token address (or of a plain one). */
export function tokenContract(address: string): `0x${string}` {
  return address.split(':').at(-1) as `0x${string}`
}

export function buildSendCall(token: SendTokenRef, receiver: `0x${string}`, amount: bigint): SendCall {
  if (!token.address) return { to: receiver, value: amount }
  return {
    to: tokenContract(token.address),
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [receiver, amount] }),
    value: 0n,
  }
}
