import { ProviderRpcError, RpcErrorCode } from '@airlock/protocol'
import { isBlockhash, type Blockhash } from '@solana/kit'
import * as z from 'zod/mini'
import type { NodeRpc } from '../types'

/**
 * The Solana node's JSON-RPC through the data API's RPC proxy, each answer checked. A node writes
 * u64s as JSON numbers; reads are at 'confirmed', what a wallet builds on.
 */

const u64 = z.number().check(
  z.minimum(0),
  z.refine((n) => Number.isInteger(n)),
)
const withContext = <T extends z.ZodMiniType>(value: T) => z.object({ value })
const COMMITMENT = { commitment: 'confirmed' } as const

const AccountInfo = z.nullable(z.object({ owner: z.string(), lamports: u64, space: z.optional(u64) }))
const schemas = {
  getLatestBlockhash: withContext(
    z.object({ blockhash: z.string().check(z.refine((text) => isBlockhash(text))), lastValidBlockHeight: u64 }),
  ),
  getMultipleAccounts: withContext(z.array(AccountInfo)),
  getMinimumBalanceForRentExemption: u64,
  getBalance: withContext(u64),
  getFeeForMessage: withContext(z.nullable(u64)),
  getSignatureStatuses: withContext(
    z.array(
      z.nullable(
        z.object({
          err: z.unknown(),
          confirmationStatus: z.optional(z.nullable(z.enum(['processed', 'confirmed', 'finalized']))),
        }),
      ),
    ),
  ),
}
type Method = keyof typeof schemas

async function read<M extends Method>(
  rpc: NodeRpc,
  caipNetworkId: string,
  method: M,
  params: unknown[],
): Promise<z.output<(typeof schemas)[M]>> {
  const result = schemas[method].safeParse(await rpc(caipNetworkId, method, params))
  if (!result.success) throw new ProviderRpcError(RpcErrorCode.InternalError, `The Solana node answered ${method} with a malformed result`)
  return result.data as z.output<(typeof schemas)[M]>
}

export interface BlockhashLifetime {
  blockhash: Blockhash
  lastValidBlockHeight: bigint
}

export async function latestBlockhash(rpc: NodeRpc, caipNetworkId: string): Promise<BlockhashLifetime> {
  const { value } = await read(rpc, caipNetworkId, 'getLatestBlockhash', [COMMITMENT])
  return { blockhash: value.blockhash as Blockhash, lastValidBlockHeight: BigInt(value.lastValidBlockHeight) }
}

export interface AccountFacts {
  /** The program that owns it (the System program for a wallet). */
  owner: string
  lamports: bigint
  /** Its data size, when the node says. */
  space?: bigint | undefined
}

/** Accounts by address, null for one that does not exist; their data is not fetched (a zero-length slice). */
export async function accountsOf(rpc: NodeRpc, caipNetworkId: string, addresses: readonly string[]): Promise<(AccountFacts | null)[]> {
  const { value } = await read(rpc, caipNetworkId, 'getMultipleAccounts', [
    addresses,
    { ...COMMITMENT, encoding: 'base64', dataSlice: { offset: 0, length: 0 } },
  ])
  if (value.length !== addresses.length)
    throw new ProviderRpcError(RpcErrorCode.InternalError, 'The Solana node answered getMultipleAccounts with a malformed result')
  return value.map(
    (account) =>
      account && {
        owner: account.owner,
        lamports: BigInt(account.lamports),
        space: account.space === undefined ? undefined : BigInt(account.space),
      },
  )
}

/** An account's lamports (0 for one that does not exist). */
export async function lamportsOf(rpc: NodeRpc, caipNetworkId: string, address: string): Promise<bigint> {
  return BigInt((await read(rpc, caipNetworkId, 'getBalance', [address, COMMITMENT])).value)
}

/** The lamports an account of `size` data bytes must hold to exist (0: a wallet). */
export async function rentExemptMinimum(rpc: NodeRpc, caipNetworkId: string, size: number): Promise<bigint> {
  return BigInt(await read(rpc, caipNetworkId, 'getMinimumBalanceForRentExemption', [size]))
}

/** What the cluster charges for a message (base64); undefined once its blockhash expired. */
export async function feeForMessage(rpc: NodeRpc, caipNetworkId: string, message: string): Promise<bigint | undefined> {
  const { value } = await read(rpc, caipNetworkId, 'getFeeForMessage', [message, COMMITMENT])
  return value === null ? undefined : BigInt(value)
}

export interface SignatureStatus {
  /** The transaction error; null when it succeeded. */
  err: unknown
  confirmationStatus?: 'processed' | 'confirmed' | 'finalized' | null | undefined
}

/** A transaction's status; null while the node has not seen it. */
export async function signatureStatus(rpc: NodeRpc, caipNetworkId: string, signature: string): Promise<SignatureStatus | null> {
  const { value } = await read(rpc, caipNetworkId, 'getSignatureStatuses', [[signature], { searchTransactionHistory: true }])
  return value[0] ?? null
}
