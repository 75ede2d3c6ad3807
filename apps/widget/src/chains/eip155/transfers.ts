import { ProviderRpcError, RpcErrorCode } from '@airlock/protocol'
import { getAddress, stringToHex } from 'viem'
import type { FeeQuote, NodeRpc, ParsedAddress, Transfer, WalletSend } from '../types'
import { ASSUMED_GAS_LIMIT } from './gas'
import { SIGNATURE } from './transaction'
import { buildSendCall } from './transfer'
import { sendEip155Call } from './walletTransaction'
import { pollUntil } from '../../core/async'

/** The Send form's transfers on eip155 networks (ChainAdapter): native sends with empty data, ERC-20 transfer(to, amount). */

export const EIP155_SEND_TEXTS = {
  invalid: 'Please enter a valid amount and receiver address',
  failed: 'Something went wrong',
} as const

export const AddressError = {
  invalid: 'Enter a valid address',
  checksum: 'Address checksum is invalid: check the address',
} as const

const HEX40 = /^(0x)?[0-9a-fA-F]{40}$/
const QUANTITY = /^0x[0-9a-fA-F]+$/
const hex = (value: bigint) => `0x${value.toString(16)}`

/**
 * SPEC section 5: 40 hex digits, optional 0x. A mixed-case address must carry a valid EIP-55
 * checksum: a wrong one usually means a mistyped character, and money sent there is lost.
 */
export function parseEip155Address(input: string): ParsedAddress {
  const value = input.trim()
  if (!HEX40.test(value)) return { ok: false, error: AddressError.invalid }
  const digits = value.slice(value.length - 40)
  const checksummed = getAddress(`0x${digits.toLowerCase()}`)
  const mixedCase = digits !== digits.toLowerCase() && digits !== digits.toUpperCase()
  if (mixedCase && checksummed.slice(2) !== digits) return { ok: false, error: AddressError.checksum, typo: true }
  return { ok: true, address: checksummed }
}

interface GasDetail {
  gas: bigint
  gasPrice: bigint
}

/**
 * eth_gasPrice and eth_estimateGas through the RPC proxy. The estimate is for a non-zero amount (a
 * first transfer to an empty balance costs more than one of 0); when it fails, SPEC section 9's
 * assumed 150000 gas. No gas price, no quote (SPEC section 8: a gas price failure leaves it unknown).
 */
export async function quoteEip155TransferFee(rpc: NodeRpc, transfer: Transfer): Promise<FeeQuote | undefined> {
  const gasPrice = await rpc(transfer.caipNetworkId, 'eth_gasPrice', []).then(
    (result) => (typeof result === 'string' && QUANTITY.test(result) ? BigInt(result) : undefined),
    () => undefined,
  )
  if (gasPrice === undefined) return undefined
  const call = buildSendCall(transfer.token ?? {}, transfer.to as `0x${string}`, transfer.token ? transfer.amount || 1n : 0n)
  const estimate = await rpc(transfer.caipNetworkId, 'eth_estimateGas', [
    { from: transfer.from, to: call.to, value: hex(call.value), ...(call.data ? { data: call.data } : {}) },
  ]).catch(() => undefined)
  const gas = typeof estimate === 'string' && QUANTITY.test(estimate) ? BigInt(estimate) : ASSUMED_GAS_LIMIT
  const detail: GasDetail = { gas, gasPrice }
  return { amount: gas * gasPrice, detail }
}

/**
 * eth_sendTransaction from the account. A native send carries the quoted gas and gas price, so
 * that a Max send leaves exactly the fee; a token send lets the wallet price it.
 */
export function sendEip155Transfer(_rpc: NodeRpc, send: WalletSend, transfer: Transfer, fee: FeeQuote | undefined): Promise<string> {
  const call = buildSendCall(transfer.token ?? {}, transfer.to as `0x${string}`, transfer.amount)
  const gas = fee?.detail as GasDetail | undefined
  return sendEip155Call(send, { from: transfer.from, ...call, fee: transfer.token ? undefined : gas })
}

/** Polls the receipt until the transaction is mined; a reverted one is 'failed'; not mined within `timeoutMs` throws. */
export async function waitForEip155Transaction(
  rpc: NodeRpc,
  caipNetworkId: string,
  hash: string,
  { timeoutMs = 120_000, intervalMs = 1_000 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<'success' | 'failed'> {
  return pollUntil(
    async () => {
      const receipt = (await rpc(caipNetworkId, 'eth_getTransactionReceipt', [hash]).catch(() => null)) as {
        status?: unknown
        blockNumber?: unknown
      } | null
      if (receipt && typeof receipt.blockNumber === 'string' && typeof receipt.status === 'string')
        return receipt.status === '0x1' ? 'success' : 'failed'
      return undefined
    },
    { timeoutMs, intervalMs },
    () => new ProviderRpcError(RpcErrorCode.InternalError, `Transaction ${hash} was not mined in time`),
  )
}

/** personal_sign of the UTF-8 message, in hex, by `address`. */
export async function signEip155Message(send: WalletSend, address: string, message: string): Promise<string> {
  const signature = await send('personal_sign', [stringToHex(message), address])
  if (typeof signature !== 'string' || !SIGNATURE.test(signature))
    throw new ProviderRpcError(RpcErrorCode.InternalError, 'The wallet returned a malformed signature')
  return signature
}

/** eth_getBalance at the latest block. */
export async function eip155NativeBalance(rpc: NodeRpc, caipNetworkId: string, address: string): Promise<bigint> {
  const result = await rpc(caipNetworkId, 'eth_getBalance', [address, 'latest'])
  if (typeof result !== 'string' || !QUANTITY.test(result)) throw new ProviderRpcError(RpcErrorCode.InternalError, 'Malformed balance')
  return BigInt(result)
}
