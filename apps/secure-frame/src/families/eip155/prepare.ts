import * as z from 'zod/mini'
import { signedFees, type SignedFees } from '@airlock/chains'
import { EVM_ADDRESS, ProviderRpcError, RpcErrorCode, type FrameChainId, type FrameRpcRequest } from '@airlock/protocol'
import { hashTypedData, type TransactionSerializable, type TypedDataDefinition } from 'viem'
import type { Simulation } from '../../display/simulation'
import { requestTools, RequestMessage, type PreparedRequest } from '../types'
import type { Eip155Account } from './derive'
import { personalSign, signTransaction, signTypedDataV4 } from './sign'
import type { Simulator } from './simulator'
import type { SmartAccounts } from './smart-account/state'

const hex = z.string().check(z.regex(/^0x[0-9a-fA-F]*$/))
const quantity = z.string().check(z.regex(/^0x[0-9a-fA-F]{1,64}$/))
const address = z.string().check(z.regex(EVM_ADDRESS))

const PersonalSignParams = z.tuple([z.string().check(z.maxLength(1_000_000)), address])
const TypedDataParams = z.tuple([address, z.union([z.string().check(z.maxLength(1_000_000)), z.record(z.string(), z.unknown())])])
/** What the widget sends after filling the dapp's transaction (see rpcRequest in the protocol). */
const FilledTransaction = z.object({
  from: address,
  to: z.optional(z.nullable(address)),
  value: z.optional(quantity),
  data: z.optional(hex),
  input: z.optional(hex),
  nonce: quantity,
  gas: quantity,
  gasPrice: z.optional(quantity),
  maxFeePerGas: z.optional(quantity),
  maxPriorityFeePerGas: z.optional(quantity),
  chainId: z.optional(quantity),
  /** Derived from the fee fields below; sent by JSON-RPC clients and accepted as such. */
  type: z.optional(z.enum(['0x0', '0x1', '0x2'])),
  accessList: z.optional(
    z
      .array(z.object({ address, storageKeys: z.array(z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/))).check(z.maxLength(1000)) }))
      .check(z.maxLength(1000)),
  ),
})
const SendTransactionParams = z.tuple([FilledTransaction])

export const RpcMessage = {
  otherAddress: 'The request names an address that is not this wallet',
  wrongChain: (requested: number, current: FrameChainId) =>
    `The request is for chain ${requested}, the wallet is on chain ${String(current)}`,
} as const

/** What eip155 requests are given by the frame (main.ts; fakes in tests). */
export interface Eip155Services {
  /** Asks the deployment's node what an eip155 transaction would do, before the user is asked (simulator.ts). */
  simulate?: Simulator
  /** The smart-account networks of the frame's config, the account's state on them and their relays (absent: none). */
  smartAccounts?: SmartAccounts
}

/**
 * Checks a confirmation request before the user is asked, and binds what will be signed. The checks
 * are what the key's holder owes regardless of the user: the request names this account, the chain
 * the wallet is on, and params that sign. A request bound to fail is refused here, not shown.
 */
export function prepareRequest(
  account: Eip155Account,
  request: FrameRpcRequest,
  chainId: FrameChainId,
  simulate?: (transaction: Record<string, unknown>) => Promise<Simulation>,
): PreparedRequest {
  const ours = (value: string) => {
    if (value.toLowerCase() !== account.address.toLowerCase())
      throw new ProviderRpcError(RpcErrorCode.Unauthorized, RpcMessage.otherAddress)
  }
  const sameChain = (requested: number) => {
    if (typeof chainId === 'number' && requested !== chainId)
      throw new ProviderRpcError(RpcErrorCode.InvalidParams, RpcMessage.wrongChain(requested, chainId))
  }
  const { parse, prepared } = requestTools(request, { chainId: typeof chainId === 'number' ? chainId : undefined, from: account.address })
  switch (request.method) {
    case 'personal_sign': {
      const params = parse(PersonalSignParams)
      ours(params[1])
      return prepared(params, () => personalSign(account, params[0]))
    }
    case 'eth_signTypedData_v4': {
      const params = parse(TypedDataParams)
      const [from, typedData] = params
      ours(from)
      let definition: TypedDataDefinition
      try {
        definition = (typeof typedData === 'string' ? JSON.parse(typedData) : typedData) as TypedDataDefinition
        // Types that do not hash would fail after the user said yes: refuse them now.
        hashTypedData(definition)
      } catch (error) {
        throw new ProviderRpcError(
          RpcErrorCode.InvalidParams,
          error instanceof SyntaxError || !(error instanceof Error)
            ? RequestMessage.badParams(request.method)
            : error.message.split('\n')[0]!,
        )
      }
      const domainChain = (definition.domain as { chainId?: unknown } | undefined)?.chainId
      if (domainChain !== undefined) sameChain(Number(domainChain))
      return prepared(params, () => signTypedDataV4(account, definition))
    }
    case 'eth_sendTransaction': {
      const [tx] = parse(SendTransactionParams)
      ours(tx.from)
      const txChain = tx.chainId !== undefined ? Number(BigInt(tx.chainId)) : typeof chainId === 'number' ? chainId : NaN
      if (!Number.isSafeInteger(txChain)) throw new ProviderRpcError(RpcErrorCode.InvalidParams, RequestMessage.badParams(request.method))
      sameChain(txChain)
      const transaction = buildTransaction(tx, txChain)
      // One object: the prompt decodes `shown`, written from the transaction that is signed (and the node simulates).
      const shown = shownTransaction(tx.from, transaction)
      return { ...prepared([shown], () => signTransaction(account, transaction)), ...(simulate ? { simulate: () => simulate(shown) } : {}) }
    }
    default:
      throw new ProviderRpcError(RpcErrorCode.UnsupportedMethod, RequestMessage.notSupported(request.method))
  }
}

type FilledTransaction = z.output<typeof FilledTransaction>
type AccessList = { address: `0x${string}`; storageKeys: `0x${string}`[] }[]

/**
 * The transaction the frame will sign, built once from the widget's fields: the fees of one kind
 * and complete (SPEC section 5; `signedFees`), the declared type the one the fields make. Mixed or
 * contradictory fields are refused before the user is asked.
 */
function buildTransaction(tx: FilledTransaction, chainId: number): TransactionSerializable {
  const accessList = tx.accessList as AccessList | undefined
  let fees: SignedFees
  try {
    fees = signedFees({ ...tx, hasAccessList: accessList !== undefined })
  } catch (error) {
    throw new ProviderRpcError(RpcErrorCode.InvalidParams, (error as Error).message)
  }
  const base = {
    chainId,
    nonce: Number(BigInt(tx.nonce)),
    gas: BigInt(tx.gas),
    ...(tx.to ? { to: tx.to as `0x${string}` } : {}),
    ...(tx.value ? { value: BigInt(tx.value) } : {}),
    ...((tx.data ?? tx.input) ? { data: (tx.data ?? tx.input) as `0x${string}` } : {}),
  }
  switch (fees.type) {
    case '0x2':
      return {
        ...base,
        type: 'eip1559',
        maxFeePerGas: fees.maxFeePerGas,
        maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
        ...(accessList ? { accessList } : {}),
      }
    case '0x1':
      return { ...base, type: 'eip2930', gasPrice: fees.gasPrice, accessList: accessList ?? [] }
    case '0x0':
      return { ...base, type: 'legacy', gasPrice: fees.gasPrice }
  }
}

const TYPES = { legacy: '0x0', eip2930: '0x1', eip1559: '0x2' } as const
const quantityOf = (value: bigint | number) => `0x${value.toString(16)}`

/** The signed transaction as JSON-RPC spells it: every field that is signed, and nothing else. */
export function shownTransaction(from: string, transaction: TransactionSerializable): Record<string, unknown> {
  const type = TYPES[transaction.type as keyof typeof TYPES]
  return {
    from,
    ...(transaction.to ? { to: transaction.to } : {}),
    value: quantityOf(transaction.value ?? 0n),
    ...(transaction.data ? { data: transaction.data } : {}),
    nonce: quantityOf(transaction.nonce ?? 0),
    gas: quantityOf(transaction.gas ?? 0n),
    chainId: quantityOf(transaction.chainId ?? 0),
    type,
    ...(type === '0x2'
      ? {
          maxFeePerGas: quantityOf(transaction.maxFeePerGas ?? 0n),
          maxPriorityFeePerGas: quantityOf(transaction.maxPriorityFeePerGas ?? 0n),
        }
      : { gasPrice: quantityOf(transaction.gasPrice ?? 0n) }),
    ...(transaction.accessList ? { accessList: transaction.accessList } : {}),
  }
}
