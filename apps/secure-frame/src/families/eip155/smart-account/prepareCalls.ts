import {
  buildUserOperation,
  decodeExecute,
  ENTRY_POINT_08,
  signAuthorizationWithChainId,
  signDelegatedUserOperation,
  withAuthorization,
  type Call,
  type UserOperation08,
} from '@airlock/chains/eip155'
import { ProviderRpcError, RpcErrorCode, WalletSendCallsParams, type FrameRpcRequest } from '@airlock/protocol'
import { encodeFunctionData, numberToHex, type Address, type Hex, type SignedAuthorization } from 'viem'
import { entryPoint08Abi, formatUserOperationRequest } from 'viem/account-abstraction'
import * as z from 'zod/mini'
import type { ProxyAnswer } from '../../../chain/proxy'
import type { SmartAccountNetwork } from '../../../server/client'
import { requestTools, type PrepareContext, type PreparedRequest } from '../../types'
import type { Eip155Account } from '../derive'
import { RpcMessage, type Eip155Services } from '../prepare'
import { GasEstimate, Hash, PaymasterFields, relayFailure, type Relay } from './relay'
import type { SmartAccounts } from './state'

export const CallsMessage = {
  unavailable: (chainId: unknown) => `Smart accounts are not available on chain ${String(chainId)}: wallet_sendCalls needs one`,
  noProject: 'wallet_sendCalls needs the dapp’s project to reach the relay',
  capability: (name: string) => `The capability ${name} is not supported by this wallet`,
  entryPoint: (entryPoint: string) =>
    `The network's EntryPoint ${entryPoint} is not v0.8's (${ENTRY_POINT_08}): this wallet signs v0.8 operations only`,
  chain: (what: string) => `The chain could not be read (${what}): try again`,
  reverts: (reason: string) => `These calls would fail: ${reason}`,
  notSponsored: (reason: string) =>
    `The app does not pay this batch's network fee (${reason}); the relay sends only operations the app pays for`,
  relay: (step: string, reason: string) => `The relay refused the ${step}: ${reason}`,
} as const

/** Error 5700 of EIP-5792: a capability the dapp requires and the wallet does not have. */
const UNSUPPORTED_CAPABILITY = 5700
const CHAIN_TIMEOUT_MS = 10_000

/**
 * What the confirmation is given for wallet_sendCalls: the user operation that is signed (RPC form)
 * and, for an account not delegated yet, the EIP-7702 delegation the operation carries. The prompt
 * reads the calls back out of the operation's callData (decode.ts), so what it shows is what is signed.
 */
export interface ShownCalls {
  from: string
  chainId: Hex
  userOperation: Record<string, string>
  /** The account is delegated to `contract` by this batch (absent: it is already). */
  upgrade?: { contract: string; nonce: Hex }
}

const quantity = z.string().check(z.regex(/^0x[0-9a-fA-F]{1,64}$/))
const Block = z.object({ baseFeePerGas: quantity })

/**
 * wallet_sendCalls of the embedded account on a smart-account network: the frame builds the v0.8
 * user operation itself (nonce from the EntryPoint, fees from the node, gas from the relay, the
 * paymaster's approval), so that the widget only names the calls. An account not delegated yet
 * carries its EIP-7702 authorization (this chain, its next nonce, the network's DeleGator) in the
 * operation (eip7702Auth), signed after the click, so that any ERC-4337 bundler delegates it in the
 * same transaction.
 * Refused before the user is asked when the chain, the relay or its paymaster says it cannot go through.
 */
export async function prepareCalls(
  account: Eip155Account,
  request: FrameRpcRequest,
  { chainId, projectId }: PrepareContext,
  { simulate, smartAccounts }: Eip155Services,
): Promise<PreparedRequest> {
  const { parse, prepared } = requestTools(request, { chainId: typeof chainId === 'number' ? chainId : undefined, from: account.address })
  const [batch] = parse(WalletSendCallsParams)
  const sender = account.address as Address
  if (batch.from !== undefined && batch.from.toLowerCase() !== sender.toLowerCase())
    throw new ProviderRpcError(RpcErrorCode.Unauthorized, RpcMessage.otherAddress)
  const requested = Number(BigInt(batch.chainId))
  if (typeof chainId === 'number' && requested !== chainId)
    throw new ProviderRpcError(RpcErrorCode.InvalidParams, RpcMessage.wrongChain(requested, chainId))
  const network = smartAccounts?.network(requested)
  if (!smartAccounts || !network) throw new ProviderRpcError(RpcErrorCode.UnsupportedMethod, CallsMessage.unavailable(requested))
  if (network.entryPoint.toLowerCase() !== ENTRY_POINT_08.toLowerCase())
    throw new ProviderRpcError(RpcErrorCode.UnsupportedMethod, CallsMessage.entryPoint(network.entryPoint))
  if (!projectId) throw new ProviderRpcError(RpcErrorCode.ResourceUnavailable, CallsMessage.noProject)
  checkCapabilities([batch.capabilities, ...batch.calls.map((call) => call.capabilities)])

  const read = readChain(smartAccounts, network, projectId)
  /** The account's code once delegated (EIP-7702's delegation designator). */
  const designator = `0xef0100${network.delegator.slice(2)}`
  const calls = batch.calls.map((call) => ({
    to: call.to as Address,
    value: BigInt(call.value ?? '0x0'),
    ...(call.data ? { data: call.data as Hex } : {}),
  }))
  const [delegated, transactionCount] = await Promise.all([
    smartAccounts.refresh(requested, sender, projectId),
    read('eth_getTransactionCount', [sender, 'pending'], quantity),
  ])
  const relay = smartAccounts.relay(network, projectId)
  // Estimated and approved with the authorization unsigned: the account signs it only after the user's click (send).
  const authorization = delegated ? undefined : pendingAuthorization(network, requested, Number(BigInt(transactionCount)))
  const userOp = await sponsoredOperation({ read, relay, network, chainId: requested, sender, calls, authorization })
  const shown: ShownCalls = {
    from: sender,
    chainId: numberToHex(requested),
    userOperation: rpcUserOperation(userOp),
    ...(authorization ? { upgrade: { contract: authorization.address, nonce: numberToHex(authorization.nonce) } } : {}),
  }
  // The calls the prompt shows are read back from the signed operation: refuse one that does not read back.
  decodeExecute(userOp.callData)

  // What the batch would do: the account's execute as its EntryPoint calls it (delegated already, or as it will be).
  const simulation = simulate && {
    simulate: () =>
      simulate({
        chainId: requested,
        projectId,
        account: sender,
        transaction: { from: network.entryPoint, to: sender, value: '0x0', data: userOp.callData, gas: numberToHex(userOp.callGasLimit) },
        ...(delegated ? {} : { stateOverrides: { [sender]: { code: designator } } }),
      }),
  }
  return { ...prepared([shown], () => send(account, relay, network, requested, userOp, smartAccounts)), ...simulation }
}

const ZERO_WORD = `0x${'00'.repeat(32)}` as const

/**
 * The account's EIP-7702 authorization delegating it to the network's DeleGator, bound to `chainId`
 * and its next nonce, as the operation carries it until the user confirms: a zero signature, which
 * a bundler estimates and a paymaster approves with (neither reads it; the operation's hash and the
 * paymaster's name the delegate). Released signed only after the click, so a refused prompt leaves
 * nobody an authorization to send.
 */
function pendingAuthorization(network: SmartAccountNetwork, chainId: number, nonce: number): SignedAuthorization {
  return { address: network.delegator as Address, chainId, nonce, r: ZERO_WORD, s: ZERO_WORD, yParity: 0 }
}

/** The pending authorization, signed by the account: the same delegate, chain and nonce. */
function authorize(account: Eip155Account, pending: SignedAuthorization): Promise<SignedAuthorization> {
  return signAuthorizationWithChainId(account.signer as Required<typeof account.signer>, {
    chainId: pending.chainId,
    contractAddress: pending.address,
    nonce: pending.nonce,
  })
}

/**
 * The operation running `calls` as the account will sign it: its EntryPoint nonce, fees from the
 * node, gas from the relay's estimate and the paymaster's approval; with `authorization`, the
 * account's first, which also delegates it (estimated and approved as such).
 */
async function sponsoredOperation({
  read,
  relay,
  network,
  chainId,
  sender,
  calls,
  authorization,
}: {
  read: ReturnType<typeof readChain>
  relay: Relay
  network: SmartAccountNetwork
  chainId: number
  sender: Address
  calls: readonly Call[]
  authorization: SignedAuthorization | undefined
}): Promise<UserOperation08> {
  const [nonce, block, tip] = await Promise.all([
    read('eth_call', [{ to: network.entryPoint, data: getNonceData(sender) }, 'latest'], quantity),
    read('eth_getBlockByNumber', ['latest', false], Block),
    read('eth_maxPriorityFeePerGas', [], quantity),
  ])
  const maxPriorityFeePerGas = BigInt(tip)
  const built = buildUserOperation({
    sender,
    nonce: BigInt(nonce),
    calls,
    callGasLimit: 0n,
    verificationGasLimit: 0n,
    preVerificationGas: 0n,
    maxFeePerGas: 2n * BigInt(block.baseFeePerGas) + maxPriorityFeePerGas,
    maxPriorityFeePerGas,
  })
  const draft = authorization ? withAuthorization(built, authorization) : built
  const estimate = await ask(relay, 'gas estimate', 'eth_estimateUserOperationGas', [wire(draft), network.entryPoint], GasEstimate)
  const gassed: UserOperation08 = {
    ...draft,
    callGasLimit: BigInt(estimate.callGasLimit),
    verificationGasLimit: BigInt(estimate.verificationGasLimit),
    preVerificationGas: BigInt(estimate.preVerificationGas),
    ...(estimate.paymasterVerificationGasLimit ? { paymasterVerificationGasLimit: BigInt(estimate.paymasterVerificationGasLimit) } : {}),
    ...(estimate.paymasterPostOpGasLimit ? { paymasterPostOpGasLimit: BigInt(estimate.paymasterPostOpGasLimit) } : {}),
  }
  const paymaster = await relay.call('pm_getPaymasterData', [wire(gassed), network.entryPoint, numberToHex(chainId), {}], PaymasterFields)
  if (paymaster.kind !== 'result')
    throw new ProviderRpcError(RpcErrorCode.TransactionRejected, CallsMessage.notSponsored(relayFailure(paymaster)))
  return {
    ...gassed,
    paymaster: paymaster.result.paymaster as Address,
    paymasterData: paymaster.result.paymasterData as Hex,
    paymasterVerificationGasLimit: BigInt(paymaster.result.paymasterVerificationGasLimit ?? 0),
    paymasterPostOpGasLimit: BigInt(paymaster.result.paymasterPostOpGasLimit ?? 0),
  }
}

/** The operation as the bundler and paymaster RPCs take it: viem's form, the authorization as eip7702Auth. */
const wire = (op: UserOperation08) => formatUserOperationRequest(op)

/**
 * After the user's one confirmation: the authorization signed (when the operation delegates the
 * account), then the operation; `{ id }` the relay's user operation hash.
 */
async function send(
  account: Eip155Account,
  relay: Relay,
  network: SmartAccountNetwork,
  chainId: number,
  userOp: UserOperation08,
  smartAccounts: SmartAccounts,
): Promise<{ id: string }> {
  const authorized = userOp.authorization ? withAuthorization(userOp, await authorize(account, userOp.authorization)) : userOp
  const signed = await signDelegatedUserOperation(account.signer, authorized, chainId)
  // EIP-5792: the id is opaque to the dapp; the operation's hash is what the relay answers its status by.
  const id = await ask(relay, 'batch', 'eth_sendUserOperation', [wire(signed), network.entryPoint], Hash)
  if (userOp.authorization) smartAccounts.markDeployed(chainId, account.address)
  return { id }
}

/**
 * Delegates the account on its own, before anything else needs it (a permission grant): one
 * operation carrying its EIP-7702 authorization and an empty call to itself, which the relay
 * sponsors as a delegation. Answers the operation's hash once the relay has taken it.
 */
export async function upgradeAccount(
  account: Eip155Account,
  { smartAccounts, network, projectId }: { smartAccounts: SmartAccounts; network: SmartAccountNetwork; projectId: string },
  nonce: number,
): Promise<Hex> {
  const sender = account.address as Address
  const relay = smartAccounts.relay(network, projectId)
  const authorization = pendingAuthorization(network, network.chainId, nonce)
  const read = readChain(smartAccounts, network, projectId)
  const calls = [{ to: sender, value: 0n }]
  const userOp = await sponsoredOperation({ read, relay, network, chainId: network.chainId, sender, calls, authorization })
  return (await send(account, relay, network, network.chainId, userOp, smartAccounts)).id as Hex
}

function checkCapabilities(all: (Record<string, unknown> | undefined)[]): void {
  for (const capabilities of all) {
    for (const [name, value] of Object.entries(capabilities ?? {})) {
      // The frame's own relay pays (or refuses): a dapp's paymaster URL is not followed, like any capability the dapp may do without.
      const optional = typeof value === 'object' && value !== null && (value as { optional?: unknown }).optional === true
      if (!optional && name !== 'paymasterService')
        throw new ProviderRpcError(UNSUPPORTED_CAPABILITY as RpcErrorCode, CallsMessage.capability(name))
    }
  }
}

const getNonceData = (sender: Address) => encodeFunctionData({ abi: entryPoint08Abi, functionName: 'getNonce', args: [sender, 0n] })

/** A read through the API's RPC proxy, checked; anything else refuses the request with `why`. */
export function readChain(smartAccounts: SmartAccounts, network: SmartAccountNetwork, projectId: string) {
  return async <T>(
    method: string,
    params: unknown[],
    schema: z.ZodMiniType<T>,
    why: (reason: string) => string = CallsMessage.chain,
  ): Promise<T> => {
    const answer: ProxyAnswer = await smartAccounts.chain({
      chainId: `eip155:${network.chainId}`,
      projectId,
      method,
      params,
      timeoutMs: CHAIN_TIMEOUT_MS,
    })
    const parsed = answer.kind === 'result' ? schema.safeParse(answer.result) : undefined
    if (parsed?.success) return parsed.data
    const reason =
      answer.kind === 'rpcError'
        ? answer.error.message.slice(0, 300)
        : `${method}: ${answer.kind === 'result' ? 'malformed answer' : answer.kind}`
    throw new ProviderRpcError(RpcErrorCode.TransactionRejected, why(reason))
  }
}

export async function ask<T>(relay: Relay, step: string, method: string, params: unknown[], schema: z.ZodMiniType<T>): Promise<T> {
  const answer = await relay.call(method, params, schema)
  if (answer.kind === 'result') return answer.result
  throw new ProviderRpcError(RpcErrorCode.TransactionRejected, CallsMessage.relay(step, relayFailure(answer)))
}

/** A v0.8 user operation as the prompt is shown it: hex quantities, the 0x7702 initCode marker of a first operation. */
export function rpcUserOperation(op: UserOperation08): Record<string, string> {
  const entries: [string, unknown][] = [
    ['sender', op.sender],
    ['nonce', op.nonce],
    ['factory', op.factory],
    ['factoryData', op.factoryData],
    ['callData', op.callData],
    ['callGasLimit', op.callGasLimit],
    ['verificationGasLimit', op.verificationGasLimit],
    ['preVerificationGas', op.preVerificationGas],
    ['maxFeePerGas', op.maxFeePerGas],
    ['maxPriorityFeePerGas', op.maxPriorityFeePerGas],
    ['paymaster', op.paymaster],
    ['paymasterVerificationGasLimit', op.paymasterVerificationGasLimit],
    ['paymasterPostOpGasLimit', op.paymasterPostOpGasLimit],
    ['paymasterData', op.paymasterData],
    ['signature', op.signature],
  ]
  return Object.fromEntries(
    entries
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => [name, typeof value === 'bigint' ? numberToHex(value) : String(value)]),
  )
}
