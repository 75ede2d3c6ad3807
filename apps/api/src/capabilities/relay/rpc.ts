import { RpcErrorCode } from '@airlock/protocol'
import type { Address, Hex } from 'viem'
import * as z from 'zod'
import { JsonRpcId } from '../rpc/schema'
import { PolicyAddress } from './policy'

/**
 * The JSON-RPC of `POST /v1/relay/:chainId`: ERC-4337's bundler methods (ERC-7769), ERC-7677's
 * paymaster methods, each with a zod schema of its params.
 */

/**
 * Error codes: JSON-RPC 2.0's, and ERC-7769's for user operations (eips.ethereum.org/EIPS/eip-7769,
 * also docs.pimlico.io/references/bundler/bundler-error-codes): -32500 rejected by the EntryPoint's
 * validation (the AAxx reason in the message), -32501 rejected by the paymaster, -32521 reverted in
 * execution. ERC-7677 names no codes: a sponsorship the policy refuses is -32501 too, the paymaster
 * rejecting it.
 */
export const RelayErrorCode = {
  InvalidParams: RpcErrorCode.InvalidParams,
  MethodNotFound: RpcErrorCode.MethodNotFound,
  Internal: RpcErrorCode.InternalError,
  /** A refusal that is no user operation's: a chain without a relayer. */
  Refused: RpcErrorCode.InvalidInput,
  /** An external bundler or paymaster that cannot be reached or answers nonsense. */
  Unavailable: RpcErrorCode.ResourceUnavailable,
  RejectedByEntryPoint: -32500,
  RejectedByPaymaster: -32501,
  ExecutionReverted: -32521,
} as const

export class RelayError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message)
  }
}

export const RELAY_MAX_BODY_BYTES = 128 * 1024

export const RelayRequest = z.object({
  jsonrpc: z.literal('2.0'),
  id: JsonRpcId,
  method: z.string().min(1).max(100),
  params: z.array(z.unknown()).max(8).optional(),
})

const Quantity = z
  .string()
  .regex(/^0x[0-9a-fA-F]{1,64}$/, 'must be a 0x quantity of at most 256 bits')
  .transform((value) => BigInt(value))
const Uint128 = Quantity.refine((value) => value < 2n ** 128n, 'must fit in 128 bits')
const Bytes = (maxBytes: number) =>
  z
    .string()
    .max(2 + 2 * maxBytes)
    .regex(/^0x(?:[0-9a-fA-F]{2})*$/, 'must be 0x-prefixed hex bytes')
    .transform((value) => value as Hex)
const Hash = z
  .string()
  .regex(/^0x[0-9a-fA-F]{64}$/, 'must be a 32-byte 0x hash')
  .transform((value) => value.toLowerCase() as Hex)
const Address_ = PolicyAddress.transform((value) => value as Address)

/** EntryPoint v0.8's initCode marker of an EIP-7702 account, as viem writes it (0x7702) or padded to an address. */
const Eip7702Marker = z
  .string()
  .regex(/^0x7702(?:0{36})?$/, 'must be the EIP-7702 marker 0x7702: accounts are EOAs delegated with EIP-7702, no factory runs')
  .transform((value) => value as Hex)

/**
 * An EntryPoint v0.8 user operation as the RPC writes it (viem's RpcUserOperation<'0.8'>). Gas
 * fields may be missing or 0 when a paymaster stub or an estimate is asked for. Factories are
 * refused: accounts are EOAs delegated with EIP-7702; the one `factory` taken is EntryPoint v0.8's
 * 0x7702 marker (kept as sent: the account and the paymaster sign the initCode), with no factoryData.
 * The operation's own authorization (eip7702Auth) is kept unread here: the backend checks it (authorization.ts).
 */
export const RpcUserOperation = z
  .object({
    sender: Address_,
    nonce: Quantity,
    callData: Bytes(64 * 1024),
    callGasLimit: Uint128.default(0n),
    verificationGasLimit: Uint128.default(0n),
    preVerificationGas: Quantity.default(0n),
    maxFeePerGas: Uint128.default(0n),
    maxPriorityFeePerGas: Uint128.default(0n),
    paymaster: Address_.optional(),
    paymasterVerificationGasLimit: Uint128.optional(),
    paymasterPostOpGasLimit: Uint128.optional(),
    paymasterData: Bytes(1024).optional(),
    signature: Bytes(4096).default('0x'),
    factory: Eip7702Marker.nullish(),
    factoryData: z.literal('0x', 'an EIP-7702 account takes no factoryData').nullish(),
    eip7702Auth: z.unknown().optional(),
  })
  .transform(({ factory, factoryData: _d, eip7702Auth, ...op }): typeof op & { factory?: Hex; eip7702Auth?: unknown } => ({
    ...op,
    ...(factory ? { factory } : {}),
    ...(eip7702Auth === undefined || eip7702Auth === null ? {} : { eip7702Auth }),
  }))
export type RpcUserOperation = z.output<typeof RpcUserOperation>

/** ERC-7677's chain id param: a hex quantity. */
const HexChainId = z.string().regex(/^0x[0-9a-fA-F]{1,16}$/, 'must be a 0x chain id')

/** [userOp, entryPoint, chainId, context] (ERC-7677); context is the dapp's, unused here. */
export const PaymasterParams = z.tuple([RpcUserOperation, Address_, HexChainId, z.unknown().optional()])
/** [userOp, entryPoint] (ERC-4337 bundler RPC); a state override is not taken. */
export const UserOperationParams = z.tuple([RpcUserOperation, Address_])
export const HashParams = z.tuple([Hash])
export const NoParams = z.tuple([]).optional()

const Integer = z.union([z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER), Quantity.transform(Number)])
/** An operation's eip7702Auth as viem writes it (formatUserOperationRequest): hex quantities, yParity 0x00 or 0x01. */
export const Eip7702Auth = z.object({
  chainId: Integer,
  address: Address_,
  nonce: Integer,
  r: Hash,
  s: Hash,
  yParity: z
    .union([
      z.literal(0),
      z.literal(1),
      z
        .string()
        .regex(/^0x0*[01]$/)
        .transform(Number),
    ])
    .transform((value) => Number(value)),
})

/** What the relay reads of an ERC-4337 receipt to settle the budget: the operation (sender, nonce) and what it cost. */
export const ReceiptCost = z.object({ sender: Address_, nonce: Quantity, actualGasCost: Quantity })

/** The params as `schema` reads them, or a RelayError -32602 naming the first bad field. */
export function parseParams<S extends z.ZodType>(schema: S, params: unknown[] | undefined, method: string): z.output<S> {
  const parsed = schema.safeParse(params ?? [])
  if (parsed.success) return parsed.data
  const issue = parsed.error.issues[0]
  const where = issue?.path.length ? ` at params.${issue.path.join('.')}` : ''
  throw new RelayError(RelayErrorCode.InvalidParams, `Invalid params for ${method}${where}: ${issue?.message ?? 'invalid'}`)
}
