import type { Address, PrivateKeyAccount, PublicClient } from 'viem'
import type { Database } from '../../platform/db/database'
import type { Project } from '../../platform/projects/project'
import type { RpcUserOperation } from './rpc'
import type { Relayer } from './relayer'

/** What a relay method runs with: the request's chain and project, and the contracts of every backend. */
export interface RelayContext {
  db: Database
  now: () => number
  chainId: number
  client: PublicClient
  project: Project
  /** The EIP7702StatelessDeleGator implementation accounts delegate to. */
  delegator: Address
  entryPoint: Address
}

/** The built-in relay's keys and paymaster. */
export interface BuiltInRelay {
  relayer: Relayer
  paymasterSigner: PrivateKeyAccount
  /** The AirlockPaymaster (one address on every chain). */
  paymaster: Address
}

/** What the built-in relay's methods run with. */
export type BuiltInContext = RelayContext & BuiltInRelay

/**
 * Gas the relay fills in. The paymaster's validation is one ECDSA recovery (about 30,000 gas
 * measured); it has no postOp. The account's validation and the pre-verification gas are fixed and
 * generous rather than simulated (a devnet has no L1 data fee): they bound what a sponsorship
 * reserves, and the budget is settled to the gas actually paid.
 */
export const PAYMASTER_VERIFICATION_GAS = 100_000n
export const PAYMASTER_POST_OP_GAS = 0n
export const ACCOUNT_VERIFICATION_GAS = 200_000n
export const PRE_VERIFICATION_GAS = 60_000n
/** How long a paymaster approval (and the budget it reserves) is valid. */
export const APPROVAL_TTL_MS = 10 * 60_000

/**
 * The most an operation can cost: EntryPoint v0.8's required prefund, with `paymasterGas` (the
 * paymaster's verification and post-op limits) added.
 */
export function maxCostWei(op: RpcUserOperation, paymasterGas = PAYMASTER_VERIFICATION_GAS + PAYMASTER_POST_OP_GAS): bigint {
  return (op.callGasLimit + op.verificationGasLimit + op.preVerificationGas + paymasterGas) * op.maxFeePerGas
}

/** How long a sent operation's reservation holds the budget unless its receipt settles it first. */
export const SENT_TTL_MS = 60 * 60_000

/** The key of an operation's budget reservation: one live approval per account nonce and chain. */
export const operationKey = (chainId: number, op: { sender: string; nonce: bigint }) => `${chainId}:${op.sender.toLowerCase()}:${op.nonce}`

/** A chain's error without its upstream URL (viem's shortMessage names none). */
export function nodeFailure(error: unknown): string {
  const short = (error as { shortMessage?: unknown }).shortMessage
  return typeof short === 'string' ? short : 'the chain node failed'
}
