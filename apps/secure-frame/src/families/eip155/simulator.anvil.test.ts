import { RpcErrorCode } from '@airlock/protocol'
import { DEVNET_CONTRACTS, devnetAccounts, startDevnet, uniswapV2RouterAbi, erc20Abi, type Devnet } from '@airlock/devnet'
import { createPublicClient, createWalletClient, encodeFunctionData, http, maxUint256, parseEther, parseUnits, toHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChainProxy } from '../../chain/proxy'
import { SimulationText } from '../../display/simulation'
import { createSimulator } from './simulator'

/**
 * The frame's simulation against a real node (anvil with the devnet's tokens and Uniswap V2 pools):
 * what it says a transaction changes is what the mined transaction then changes.
 */

const CHAIN_PORT = 18891
let devnet: Devnet
let rpcUrl: string

/** The RPC proxy as the frame meets it, straight to the node (apps/api's own tests cover the proxy). */
const nodeProxy: ChainProxy = async ({ method, params }) => {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result?: unknown; error?: { code: number; message: string } }
  return body.error ? { kind: 'rpcError', error: body.error } : { kind: 'result', result: body.result }
}

beforeAll(async () => {
  devnet = await startDevnet({ chains: [{ chainId: 31337, name: 'simulation', port: CHAIN_PORT }] })
  rpcUrl = devnet.chains[0]!.rpcUrl
}, 60_000)
afterAll(() => devnet?.stop())

const account = privateKeyToAccount(devnetAccounts[6]!.privateKey)
const client = () => createPublicClient({ transport: http(rpcUrl) })
const wallet = () => createWalletClient({ account, transport: http(rpcUrl) })
const USDC = DEVNET_CONTRACTS.usdc
const simulate = createSimulator(nodeProxy)
const asFrameShows = (tx: { to: string; value?: bigint; data?: `0x${string}`; gas?: bigint }) => ({
  from: account.address,
  to: tx.to,
  value: toHex(tx.value ?? 0n),
  ...(tx.data ? { data: tx.data } : {}),
  gas: toHex(tx.gas ?? 300_000n),
})

describe('the simulation of the exact transaction, on the node', () => {
  it('a swap of ETH for USDC: the ETH out and the USDC in that the mined swap then makes', async () => {
    const deadline = BigInt(Math.floor(Date.now() / 1000) + 600)
    const data = encodeFunctionData({
      abi: uniswapV2RouterAbi,
      functionName: 'swapExactETHForTokens',
      args: [0n, [DEVNET_CONTRACTS.weth, USDC], account.address, deadline],
    })
    const tx = { to: DEVNET_CONTRACTS.uniswapV2Router, value: parseEther('1'), data }
    const simulation = await simulate({ chainId: 31337, projectId: 'demo', transaction: asFrameShows(tx) })
    if (simulation.status !== 'ok') throw new Error(JSON.stringify(simulation))

    const usdcBefore = await client().readContract({ address: USDC, abi: erc20Abi, functionName: 'balanceOf', args: [account.address] })
    const hash = await wallet().sendTransaction({ ...tx, gas: 300_000n, chain: null })
    await client().waitForTransactionReceipt({ hash })
    const usdcAfter = await client().readContract({ address: USDC, abi: erc20Abi, functionName: 'balanceOf', args: [account.address] })

    expect(simulation.changes).toEqual([
      { amount: (-parseEther('1')).toString(), text: '−1 ETH' },
      { token: USDC.toLowerCase(), amount: (usdcAfter - usdcBefore).toString(), text: expect.stringMatching(/^\+[\d,.]+ USDC$/) },
    ])
    expect(simulation.allowances).toEqual([])
  })

  it('an unlimited approval is named as one; a limited one with its amount', async () => {
    const approve = (amount: bigint) =>
      simulate({
        chainId: 31337,
        projectId: 'demo',
        transaction: asFrameShows({
          to: USDC,
          data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [DEVNET_CONTRACTS.uniswapV2Router, amount] }),
        }),
      })
    expect(await approve(maxUint256)).toEqual({
      status: 'ok',
      changes: [],
      allowances: [
        {
          token: USDC.toLowerCase(),
          spender: DEVNET_CONTRACTS.uniswapV2Router.toLowerCase(),
          amount: maxUint256.toString(),
          unlimited: true,
          text: expect.stringMatching(/^Lets 0x[0-9a-fA-F]{4}…[0-9a-fA-F]{4} spend unlimited USDC$/),
        },
      ],
    })
    const limited = await approve(parseUnits('12.5', 6))
    expect(limited.status === 'ok' && limited.allowances[0]).toMatchObject({
      unlimited: false,
      text: expect.stringMatching(/spend 12\.5 USDC$/),
    })
  })

  it('a transfer that would revert says it will fail, with the token’s reason, before anything is sent', async () => {
    const nonce = await client().getTransactionCount({ address: account.address })
    const simulation = await simulate({
      chainId: 31337,
      projectId: 'demo',
      transaction: asFrameShows({
        to: USDC,
        data: encodeFunctionData({
          abi: erc20Abi,
          functionName: 'transfer',
          args: [devnetAccounts[1]!.address, parseUnits('1000000000', 6)],
        }),
      }),
    })
    // OpenZeppelin's custom error, decoded with its arguments: the sender, its balance, what it needs.
    expect(simulation).toEqual({
      status: 'fails',
      reason: expect.stringMatching(new RegExp(`^ERC20InsufficientBalance\\(${account.address}, \\d+, 1000000000000000\\)$`)),
    })
    expect(SimulationText.fails(simulation.status === 'fails' ? simulation.reason : '')).toMatch(/^This transaction will fail: /)
    expect(await client().getTransactionCount({ address: account.address })).toBe(nonce)
  })

  it('a node that cannot simulate, a slow one, or no project: the prompt says there is no preview', async () => {
    const noMethod = createSimulator(async () => ({
      kind: 'rpcError',
      error: { code: RpcErrorCode.MethodNotFound, message: 'no such method' },
    }))
    const transaction = asFrameShows({ to: devnetAccounts[1]!.address, value: 1n })
    expect(await noMethod({ chainId: 31337, projectId: 'demo', transaction })).toEqual({
      status: 'unavailable',
      reason: SimulationText.unavailable,
    })
    const slow = createSimulator(async () => ({ kind: 'timedOut' }))
    expect(await slow({ chainId: 31337, projectId: 'demo', transaction })).toEqual({
      status: 'unavailable',
      reason: SimulationText.timedOut,
    })
    expect(await simulate({ chainId: 31337, projectId: undefined, transaction })).toEqual({
      status: 'unavailable',
      reason: SimulationText.unavailable,
    })
  })
})
