import { parseChainId, toHexChainId } from '@airlock/chains'
import {
  CALLS_STATUS,
  EIP5792_VERSION,
  Hash32,
  HexUint256,
  WalletCallLog,
  WalletGetCallsStatusParams,
  WalletGetCapabilitiesParams,
  WalletShowCallsStatusParams,
  type WalletGetCallsStatusResult,
  type ChainCapabilities,
  type WalletGetCapabilitiesResult,
  ProviderRpcError,
  readParams,
  RpcErrorCode,
  WALLET_CALLS_MAX,
  WalletSendCallsParams,
  WalletSendCallsResult,
  type WalletSendCallsRequest,
} from '@airlock/protocol'
import * as z from 'zod/mini'
import type { EmbeddedBatch, EmbeddedWallet, FrameSign } from '../types'
import { otherAccountError, otherChainError } from '../rpcChecks'

/**
 * EIP-5792's error codes this wallet answers (2.0.0, as viem 2.57's errors/rpc.ts names them);
 * 5700, a capability it lacks, is the frame's to say, as it reads the capabilities.
 */
export const Eip5792ErrorCode = {
  UnsupportedChainId: 5710,
  DuplicateId: 5720,
  UnknownBundleId: 5730,
  BundleTooLarge: 5740,
  /** The account cannot run the batch atomically, and the dapp requires it. */
  AtomicityNotSupported: 5760,
} as const

export const CallsMessage = {
  tooLarge: `A batch holds at most ${WALLET_CALLS_MAX} calls`,
  duplicateId: (id: string) => `A batch with id "${id}" was already sent`,
  noSmartAccount: (chainId: number) => `Smart accounts are not available on chain ${chainId}: wallet_sendCalls needs one`,
  eoaAtomic: 'The account is an EOA: switch to the smart account in the Account view to send calls atomically',
  eoa: 'wallet_sendCalls needs the smart account: switch to it in the Account view',
  malformedId: 'The secure frame returned a malformed batch id',
  unknownId: 'Unknown bundle id',
  malformedReceipt: 'The relay returned a malformed user operation receipt',
} as const

/**
 * wallet_sendCalls [{version, from?, chainId, atomicRequired, calls}], checked before the user is
 * asked: the embedded account sends batches from its smart account only (the EOA delegated with
 * EIP-7702, which runs them atomically), on the frame's smart-account networks.
 */
export function checkSendCalls(wallet: EmbeddedWallet, params: unknown, from: string, chainId: number): WalletSendCallsRequest {
  const calls = Array.isArray(params) ? (params[0] as { calls?: unknown } | undefined)?.calls : undefined
  if (Array.isArray(calls) && calls.length > WALLET_CALLS_MAX)
    throw new ProviderRpcError(Eip5792ErrorCode.BundleTooLarge, CallsMessage.tooLarge)
  const [batch] = parsed(WalletSendCallsParams, 'wallet_sendCalls', params)
  if (batch.from !== undefined && batch.from.toLowerCase() !== from.toLowerCase()) throw otherAccountError()
  const requested = parseChainId(batch.chainId)
  if (requested !== chainId) throw otherChainError(batch.chainId, chainId)
  if (batch.id !== undefined && wallet.smartAccounts.batches.get(batch.id))
    throw new ProviderRpcError(Eip5792ErrorCode.DuplicateId, CallsMessage.duplicateId(batch.id))
  const smart = wallet.smartAccounts.state()
  if (!smart.networks.includes(chainId))
    throw new ProviderRpcError(Eip5792ErrorCode.UnsupportedChainId, CallsMessage.noSmartAccount(chainId))
  if (smart.preferred !== 'smartAccount')
    throw batch.atomicRequired
      ? new ProviderRpcError(Eip5792ErrorCode.AtomicityNotSupported, CallsMessage.eoaAtomic)
      : new ProviderRpcError(RpcErrorCode.UnsupportedMethod, CallsMessage.eoa)
  return batch
}

/**
 * The frame's turn: it builds, shows and signs the user operation from the params as the dapp
 * sent them, submits it to the relay and answers its hash as the id. A dapp that named the batch
 * gets its own id back (EIP-5792), remembered beside the hash for wallet_getCallsStatus.
 */
export async function sendCallsInFrame(
  wallet: EmbeddedWallet,
  batch: WalletSendCallsRequest,
  params: unknown,
  chainId: number,
  frame: FrameSign,
): Promise<WalletSendCallsResult> {
  const answer = WalletSendCallsResult.safeParse(await frame(params, chainId))
  if (!answer.success || !Hash32.safeParse(answer.data.id).success)
    throw new ProviderRpcError(RpcErrorCode.InternalError, CallsMessage.malformedId)
  const id = batch.id ?? answer.data.id
  wallet.smartAccounts.batches.add(id, { userOpHash: answer.data.id, chainId })
  return { ...answer.data, id }
}

/**
 * wallet_getCapabilities [address?, chainIds?]: per chain asked (else per smart-account network),
 * what a batch gets there. The smart account runs a batch atomically and the API's paymaster pays
 * its gas: `atomic` is 'supported' once the account is delegated, 'ready' before (its first batch
 * delegates it). The widget learns the delegation for the active chain only (the frame reads the
 * account's code there): on another smart-account network it says 'ready', which holds either way,
 * since the frame adds the delegation to a batch only when the account lacks it. From the EOA, or
 * on a chain without smart accounts: atomic 'unsupported', as wallet_sendCalls refuses there.
 */
export async function getCapabilities(
  wallet: EmbeddedWallet,
  params: unknown,
  from: string,
  chainId: number,
): Promise<WalletGetCapabilitiesResult> {
  const [account, chainIds] = parsed(WalletGetCapabilitiesParams, 'wallet_getCapabilities', params) ?? []
  if (account && account.toLowerCase() !== from.toLowerCase()) throw otherAccountError()
  const { networks, preferred } = wallet.smartAccounts.state()
  const smart = preferred === 'smartAccount' ? networks : []
  const asked = chainIds?.map((hex) => [hex, parseChainId(hex)] as const) ?? smart.map((id) => [toHexChainId(id), id] as const)
  const deployedHere = smart.includes(chainId) && asked.some(([, id]) => id === chainId) && (await wallet.smartAccounts.deployed())
  const capabilities = (id: number | undefined): ChainCapabilities =>
    id !== undefined && smart.includes(id)
      ? { atomic: { status: id === chainId && deployedHere ? 'supported' : 'ready' }, paymasterService: { supported: true } }
      : { atomic: { status: 'unsupported' } }
  return Object.fromEntries(asked.map(([hex, id]) => [hex, capabilities(id)]))
}

/**
 * ERC-4337's eth_getUserOperationReceipt, as far as a batch's status needs it: null until the
 * operation is mined (or for one the relay did not send); `logs` are the operation's own.
 */
const UserOperationReceipt = z.nullable(
  z.object({
    userOpHash: Hash32,
    success: z.boolean(),
    logs: z.array(WalletCallLog).check(z.maxLength(10_000)),
    receipt: z.object({ transactionHash: Hash32, blockHash: Hash32, blockNumber: HexUint256, gasUsed: HexUint256 }),
  }),
)

/**
 * wallet_getCallsStatus [id] (EIP-5792 2.0.0): the batch is one user operation, so it is atomic;
 * the relay's receipt says where it stands. No receipt yet is 100 (pending): the relay answers
 * null until the operation is mined, and for one it never sent, so an unknown hash stays pending.
 * Mined: 200 with its receipt, or 500 when the calls reverted (the paymaster paid the gas).
 */
export async function getCallsStatus(wallet: EmbeddedWallet, params: unknown, chainId: number): Promise<WalletGetCallsStatusResult> {
  const [id] = parsed(WalletGetCallsStatusParams, 'wallet_getCallsStatus', params)
  const batch = batchOf(wallet, id, chainId)
  const answer = UserOperationReceipt.safeParse(
    await wallet.smartAccounts.relay(batch.chainId, 'eth_getUserOperationReceipt', [batch.userOpHash]),
  )
  if (!answer.success || (answer.data && answer.data.userOpHash.toLowerCase() !== batch.userOpHash.toLowerCase()))
    throw new ProviderRpcError(RpcErrorCode.InternalError, CallsMessage.malformedReceipt)
  const status = { version: EIP5792_VERSION, id, chainId: toHexChainId(batch.chainId), atomic: true }
  const mined = answer.data
  if (!mined) return { ...status, status: CALLS_STATUS.pending }
  const { transactionHash, blockHash, blockNumber, gasUsed } = mined.receipt
  return {
    ...status,
    status: mined.success ? CALLS_STATUS.confirmed : CALLS_STATUS.reverted,
    receipts: [{ logs: mined.logs, status: mined.success ? '0x1' : '0x0', blockHash, blockNumber, gasUsed, transactionHash }],
  }
}

/** wallet_showCallsStatus [id]: the account's activity, where the batch's transfers show; null. */
export function showCallsStatus(wallet: EmbeddedWallet, params: unknown, chainId: number): null {
  const [id] = parsed(WalletShowCallsStatusParams, 'wallet_showCallsStatus', params)
  batchOf(wallet, id, chainId)
  wallet.smartAccounts.showActivity()
  return null
}

/**
 * The batch an id names: one sent in this session, else (after a reload) a user operation's hash
 * on the active chain; anything else is no batch of this wallet (5730).
 */
function batchOf(wallet: EmbeddedWallet, id: string, chainId: number): EmbeddedBatch {
  const sent = wallet.smartAccounts.batches.get(id)
  if (sent) return sent
  if (Hash32.safeParse(id).success) return { userOpHash: id, chainId }
  throw new ProviderRpcError(Eip5792ErrorCode.UnknownBundleId, CallsMessage.unknownId)
}

/** `params` as `schema` reads them; -32602 naming where and why otherwise. */
export function parsed<T extends z.ZodMiniType>(schema: T, method: string, params: unknown): z.output<T> {
  const read = readParams(schema, method, params)
  if (!read.ok) throw new ProviderRpcError(RpcErrorCode.InvalidParams, read.problem)
  return read.value
}
