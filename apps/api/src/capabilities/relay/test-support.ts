import { buildUserOperation, signDelegatedUserOperation, withAuthorization, type UserOperation08 } from '@airlock/chains/eip155'
import { DEVNET_CONTRACTS } from '@airlock/devnet'
import {
  encodeFunctionData,
  erc20Abi,
  numberToHex,
  parseUnits,
  type Address,
  type Hex,
  type PublicClient,
  type SignedAuthorization,
} from 'viem'
import { entryPoint08Abi, entryPoint08Address, formatUserOperationRequest } from 'viem/account-abstraction'
import type { PrivateKeyAccount } from 'viem/accounts'
import { expect } from 'vitest'

/** A JSON-RPC answer of the relay. */
export interface RelayAnswer {
  result?: unknown
  error?: { code: number; message: string }
}

/** An operation in the RPC's shape. */
export const rpc = (op: UserOperation08) => formatUserOperationRequest(op)

/** A call of the devnet's USDC moving `amount` to 0x…dEaD. */
export const transferUsdc = (amount: string) => ({
  to: DEVNET_CONTRACTS.usdc,
  data: encodeFunctionData({
    abi: erc20Abi,
    functionName: 'transfer',
    args: ['0x000000000000000000000000000000000000dEaD', parseUnits(amount, 6)],
  }),
})

export interface RelayTestClientOptions {
  /** The API app (Hono's request). */
  app: { request: (path: string, init: RequestInit) => Response | Promise<Response> }
  chainId: number
  /** The devnet chain, read for nonces and fees. */
  client: PublicClient
  /** The delegated EOA that signs the operations. */
  user: PrivateKeyAccount
  origin: string
}

/**
 * What a dapp's frame does with `POST /v1/relay/:chainId` of `app` (the tests' one way through the
 * relay, built-in or external): calls, an operation prepared with the relay's gas estimate,
 * sponsored and signed, and its receipt awaited.
 */
export function relayTestClient({ app, chainId, client, user, origin }: RelayTestClientOptions) {
  async function call(method: string, params: unknown[], project = 'demo'): Promise<RelayAnswer> {
    const res = await app.request(`/v1/relay/${chainId}?projectId=${project}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    })
    expect(res.status).toBe(200)
    return (await res.json()) as RelayAnswer
  }

  async function result<T>(method: string, params: unknown[], project = 'demo'): Promise<T> {
    const answer = await call(method, params, project)
    if (answer.error) throw new Error(`${method}: ${answer.error.code} ${answer.error.message}`)
    return answer.result as T
  }

  /**
   * An unsigned operation running `calls` with nonce key `key`, gas from the relay's estimate; with
   * `authorization`, the account's first (it carries its EIP-7702 delegation).
   */
  async function prepare(calls: { to: Address; data: Hex }[], key = 0n, authorization?: SignedAuthorization): Promise<UserOperation08> {
    const nonce = await client.readContract({
      address: entryPoint08Address,
      abi: entryPoint08Abi,
      functionName: 'getNonce',
      args: [user.address, key],
    })
    const fees = await client.estimateFeesPerGas()
    const built = buildUserOperation({
      sender: user.address,
      nonce,
      calls,
      callGasLimit: 0n,
      verificationGasLimit: 0n,
      preVerificationGas: 0n,
      ...fees,
    })
    const draft = authorization ? withAuthorization(built, authorization) : built
    const gas = await result<Record<string, Hex>>('eth_estimateUserOperationGas', [rpc(draft), entryPoint08Address])
    return {
      ...draft,
      callGasLimit: BigInt(gas.callGasLimit!),
      verificationGasLimit: BigInt(gas.verificationGasLimit!),
      preVerificationGas: BigInt(gas.preVerificationGas!),
    }
  }

  /** pm_getPaymasterData, then the account's signature: the operation ready to send. */
  async function sponsorAndSign(op: UserOperation08, project = 'demo'): Promise<UserOperation08> {
    const pm = await result<{ paymaster: Address; paymasterData: Hex; paymasterVerificationGasLimit: Hex; paymasterPostOpGasLimit: Hex }>(
      'pm_getPaymasterData',
      [rpc(op), entryPoint08Address, numberToHex(chainId), {}],
      project,
    )
    const sponsored: UserOperation08 = {
      ...op,
      paymaster: pm.paymaster,
      paymasterData: pm.paymasterData,
      paymasterVerificationGasLimit: BigInt(pm.paymasterVerificationGasLimit),
      paymasterPostOpGasLimit: BigInt(pm.paymasterPostOpGasLimit),
    }
    return signDelegatedUserOperation(user, sponsored, chainId)
  }

  async function receiptOf(userOpHash: Hex) {
    for (let i = 0; i < 100; i++) {
      const receipt = await result<{ success: boolean; actualGasCost: Hex; receipt: { transactionHash: Hex } } | null>(
        'eth_getUserOperationReceipt',
        [userOpHash],
      )
      if (receipt) return receipt
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    throw new Error(`user operation ${userOpHash} not mined`)
  }

  return { call, result, prepare, sponsorAndSign, receiptOf }
}
export type RelayTestClient = ReturnType<typeof relayTestClient>
