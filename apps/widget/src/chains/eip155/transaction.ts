import { FeeMessage, feeFieldsProblem, toHexChainId } from '@airlock/chains'
import { EVM_ADDRESS, ProviderRpcError, RpcErrorCode } from '@airlock/protocol'

/**
 * eth_sendTransaction for the embedded wallet. The secure frame only signs (it has no chain
 * access), so the widget checks the dapp's transaction (SPEC section 5 "Chain checks"), fills what
 * the dapp left out (chain id, nonce, gas, fees) through the RPC proxy, and broadcasts the signed
 * transaction itself.
 */

export type Hex = `0x${string}`

/** The dapp's transaction after the checks: JSON-RPC field names, hex quantities. */
export interface TransactionRequest {
  from?: Hex | undefined
  to?: Hex | undefined
  value?: Hex | undefined
  data?: Hex | undefined
  gas?: Hex | undefined
  gasPrice?: Hex | undefined
  maxFeePerGas?: Hex | undefined
  maxPriorityFeePerGas?: Hex | undefined
  nonce?: Hex | undefined
  chainId?: Hex | undefined
  type?: Hex | undefined
  accessList?: readonly { address: Hex; storageKeys: readonly Hex[] }[] | undefined
}

/** What the frame signs: every field a signer needs, as the JSON-RPC transaction object spells it. */
export type FilledTransaction = {
  from: Hex
  to?: Hex
  value: Hex
  data?: Hex
  gas: Hex
  nonce: Hex
  chainId: Hex
  accessList?: readonly { address: Hex; storageKeys: readonly Hex[] }[]
} & ({ type: '0x2'; maxFeePerGas: Hex; maxPriorityFeePerGas: Hex } | { type: '0x0' | '0x1'; gasPrice: Hex })

/** Reads through the RPC proxy on the transaction's chain. */
export type ChainRpc = (method: string, params: unknown[]) => Promise<unknown>

/** viem's estimateGas users add a margin: 20 % on top of the node's estimate. */
export const GAS_LIMIT_MARGIN_PERCENT = 20n
/** viem's default: the max fee allows the base fee to grow 20 % before the transaction lands. */
export const BASE_FEE_MULTIPLIER_PERCENT = 120n

const QUANTITY = /^0x(0|[1-9a-fA-F][0-9a-fA-F]*)$/
const DATA = /^0x([0-9a-fA-F]{2})*$/
const STORAGE_KEY = /^0x[0-9a-fA-F]{64}$/
const QUANTITY_FIELDS = ['value', 'gas', 'gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas', 'nonce', 'chainId', 'type'] as const

const invalid = (message: string) => new ProviderRpcError(RpcErrorCode.InvalidParams, message)

/**
 * SPEC section 5's chain checks on the dapp's transaction: addresses, hex fields, gasPrice
 * together with EIP-1559 fees, a fee cap above 2^256-1, a tip above the fee cap; `from` must be
 * the connected account (4100 otherwise) and `chainId`, when given, the connected chain.
 */
export function checkTransactionRequest(params: unknown, account: Hex, chainId: number): TransactionRequest {
  const tx = Array.isArray(params) ? (params[0] as unknown) : undefined
  if (typeof tx !== 'object' || tx === null || Array.isArray(tx)) throw invalid('eth_sendTransaction takes one transaction object')
  const fields = tx as Record<string, unknown>
  const from = fields.from
  if (from !== undefined) {
    if (typeof from !== 'string' || !EVM_ADDRESS.test(from)) throw invalid('Address is invalid')
    if (from.toLowerCase() !== account.toLowerCase())
      throw new ProviderRpcError(RpcErrorCode.Unauthorized, 'The transaction is from an account that is not connected')
  }
  if (fields.to !== undefined && fields.to !== null && (typeof fields.to !== 'string' || !EVM_ADDRESS.test(fields.to)))
    throw invalid('Address is invalid')
  for (const field of QUANTITY_FIELDS) {
    const value = fields[field]
    if (value !== undefined && (typeof value !== 'string' || !QUANTITY.test(value))) throw invalid(`Invalid ${field}: a hex quantity`)
  }
  const data = fields.data ?? fields.input
  if (data !== undefined && (typeof data !== 'string' || !DATA.test(data))) throw invalid('Invalid data: hex bytes')
  if (fields.input !== undefined && fields.data !== undefined && fields.input !== fields.data)
    throw invalid('Both data and input are set, and they differ')
  const request = { ...(fields as TransactionRequest), data: data as Hex | undefined }
  if (request.to === null) delete request.to
  checkFees(request)
  if (request.chainId !== undefined && BigInt(request.chainId) !== BigInt(chainId))
    throw invalid(`The transaction is for chain ${BigInt(request.chainId)}, the wallet is on chain ${chainId}`)
  if (request.type !== undefined && !['0x0', '0x2'].includes(request.type))
    throw invalid('Unsupported transaction type: the embedded wallet sends legacy and EIP-1559 transactions')
  if (!request.to && (!request.data || request.data === '0x')) throw invalid('A transaction needs a recipient or contract code')
  if (request.accessList !== undefined) checkAccessList(request.accessList)
  return {
    ...pick(request),
    ...(request.accessList !== undefined ? { accessList: request.accessList } : {}),
  }
}

function checkFees(tx: TransactionRequest): void {
  const problem = feeFieldsProblem(tx)
  if (problem) throw invalid(problem)
}

function checkAccessList(list: unknown): void {
  const ok =
    Array.isArray(list) &&
    list.length <= 1000 &&
    list.every(
      (entry: unknown) =>
        typeof entry === 'object' &&
        entry !== null &&
        EVM_ADDRESS.test(String((entry as { address?: unknown }).address)) &&
        Array.isArray((entry as { storageKeys?: unknown }).storageKeys) &&
        ((entry as { storageKeys: unknown[] }).storageKeys as unknown[]).every((key) => typeof key === 'string' && STORAGE_KEY.test(key)),
    )
  if (!ok) throw invalid('Invalid accessList')
}

/** Only the known fields travel on: a dapp's extra keys never reach the signer. */
function pick(tx: TransactionRequest): TransactionRequest {
  const out: TransactionRequest = {}
  for (const key of ['from', 'to', 'data', ...QUANTITY_FIELDS] as const) if (tx[key] !== undefined) out[key] = tx[key]
  return out
}

const hex = (value: bigint): Hex => `0x${value.toString(16)}`

function quantity(value: unknown, what: string): bigint {
  if (typeof value !== 'string' || !QUANTITY.test(value))
    throw new ProviderRpcError(RpcErrorCode.InternalError, `Malformed ${what} from the node`)
  return BigInt(value)
}

/**
 * Completes `tx` for `account` on `chainId`: nonce from the pending block, gas from eth_estimateGas
 * plus GAS_LIMIT_MARGIN_PERCENT, and fees: EIP-1559 when the chain has a base fee (the tip from
 * eth_maxPriorityFeePerGas, or the gas price above the base fee), a legacy gas price otherwise or
 * when the dapp gave one. What the dapp set is kept.
 */
export async function fillTransaction(tx: TransactionRequest, account: Hex, chainId: number, rpc: ChainRpc): Promise<FilledTransaction> {
  const base = {
    from: account,
    ...(tx.to ? { to: tx.to } : {}),
    value: tx.value ?? '0x0',
    ...(tx.data && tx.data !== '0x' ? { data: tx.data } : {}),
    ...(tx.accessList ? { accessList: tx.accessList } : {}),
  } satisfies Partial<FilledTransaction>
  const legacy = tx.gasPrice !== undefined || tx.type === '0x0'
  const [nonce, gas, block] = await Promise.all([
    tx.nonce !== undefined ? BigInt(tx.nonce) : rpc('eth_getTransactionCount', [account, 'pending']).then((n) => quantity(n, 'nonce')),
    tx.gas !== undefined
      ? BigInt(tx.gas)
      : rpc('eth_estimateGas', [base]).then((g) => (quantity(g, 'gas estimate') * (100n + GAS_LIMIT_MARGIN_PERCENT)) / 100n),
    legacy ? undefined : rpc('eth_getBlockByNumber', ['latest', false]),
  ])
  const common = { ...base, gas: hex(gas), nonce: hex(nonce), chainId: toHexChainId(chainId) }
  const baseFee = (block as { baseFeePerGas?: unknown } | null | undefined)?.baseFeePerGas
  if (legacy || baseFee === undefined || baseFee === null) {
    if (!legacy && (tx.maxFeePerGas !== undefined || tx.maxPriorityFeePerGas !== undefined || tx.type === '0x2'))
      throw invalid('This chain does not support EIP-1559 fees')
    const gasPrice = tx.gasPrice !== undefined ? BigInt(tx.gasPrice) : quantity(await rpc('eth_gasPrice', []), 'gas price')
    // A gas price with an access list is an EIP-2930 transaction: the type says what will be signed.
    return { ...common, type: tx.accessList ? '0x1' : '0x0', gasPrice: hex(gasPrice) }
  }
  const baseFeePerGas = quantity(baseFee, 'base fee')
  const tip = tx.maxPriorityFeePerGas !== undefined ? BigInt(tx.maxPriorityFeePerGas) : await suggestedTip(rpc, baseFeePerGas)
  const maxFee = tx.maxFeePerGas !== undefined ? BigInt(tx.maxFeePerGas) : (baseFeePerGas * BASE_FEE_MULTIPLIER_PERCENT) / 100n + tip
  if (tip > maxFee) throw invalid(FeeMessage.tipAboveCap)
  return { ...common, type: '0x2', maxFeePerGas: hex(maxFee), maxPriorityFeePerGas: hex(tip) }
}

async function suggestedTip(rpc: ChainRpc, baseFee: bigint): Promise<bigint> {
  try {
    return quantity(await rpc('eth_maxPriorityFeePerGas', []), 'priority fee')
  } catch {
    const gasPrice = quantity(await rpc('eth_gasPrice', []), 'gas price')
    return gasPrice > baseFee ? gasPrice - baseFee : 0n
  }
}

/** SPEC section 5: a transaction hash is 0x and 64 hex digits. */
export const TRANSACTION_HASH = /^0x[0-9a-fA-F]{64}$/
/** A signed transaction from the frame: 0x and hex bytes. */
export const SIGNED_TRANSACTION = /^0x([0-9a-fA-F]{2})+$/
/** SPEC section 5: a signature is 0x and 62 or more hex digits. */
export const SIGNATURE = /^0x[0-9a-fA-F]{62,}$/
