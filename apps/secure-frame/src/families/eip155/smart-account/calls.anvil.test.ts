import { decodeExecute, isDelegatedTo, userOperationHash, type UserOperation08 } from '@airlock/chains/eip155'
import { DEVNET_CONTRACTS, uniswapV2RouterAbi } from '@airlock/devnet'
import { DEVNET_RELAYER } from '@airlock/devnet/contracts'
import type { FrameRpcRequest } from '@airlock/protocol'
import { createRng, DEFAULT_FUZZ_SEED } from '@airlock/protocol/fuzz'
import { encodeFunctionData, erc20Abi, maxUint256, parseUnits, type Address, type Hex } from 'viem'
import { formatUserOperation, type RpcUserOperation } from 'viem/account-abstraction'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as z from 'zod/mini'
import { NATIVE_TOKEN_ADDRESS } from '../../../../../api/src/capabilities/prices/caip'
import { CHAIN } from '../../../../../api/src/testing/devnet'
import { generateSeedEntropy, seedEntropyToBip39Seed } from '../../../custody/seed'
import { decodeRequest } from '../../views'
import { eip155Deriver, type Eip155Account } from '../derive'
import { CallsMessage, prepareCalls, upgradeAccount, type ShownCalls } from './prepareCalls'
import { createSimulator, type Simulator } from '../simulator'
import { createRelay, relayUrl } from './relay'
import { API } from '../../../testing/frameDevice'
import { RELAY_NETWORK as network, startRelayApi, type RelayApi } from '../../../testing/relayApi'

/**
 * The embedded wallet's batches on the devnet, through the real data API (its RPC proxy and its
 * relay: bundler, paymaster and policy, PGlite), called as the secure frame calls it: a fresh
 * account holding USDC and no ETH approves and swaps USDC for DAI in one batch; its first batch
 * also delegates it (EIP-7702, its authorization inside the operation); the relay pays the gas. What the prompt shows is what was executed.
 */

const PORTS: [number, number] = [19600, 19601]
const CHAIN_ID = 31337
const { usdc, dai, weth, uniswapV2Router, eip7702Delegator } = DEVNET_CONTRACTS
let net: RelayApi
let account: Eip155Account

beforeAll(async () => {
  net = await startRelayApi(PORTS)
  const seed = await seedEntropyToBip39Seed(generateSeedEntropy())
  account = eip155Deriver.derive(seed, 0)
  seed.fill(0)
  await net.devnet.send(9, {
    to: usdc,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [account.address as Address, parseUnits('500', 6)] }),
  })
}, 120_000)

afterAll(async () => {
  account?.destroy()
  await net?.stop()
})

/** The frame's simulation, through the API's RPC proxy (simulator.ts). */
const simulate: Simulator = (request) => createSimulator(net.chain)(request)
const call = (to: Address, data: Hex) => ({ to, data })
const approve = (amount: bigint) =>
  call(usdc, encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [uniswapV2Router, amount] }))
const swap = (amount: bigint, to: Address) =>
  call(
    uniswapV2Router,
    encodeFunctionData({
      abi: uniswapV2RouterAbi,
      functionName: 'swapExactTokensForTokens',
      args: [amount, 0n, [usdc, dai], to, BigInt(Math.floor(Date.now() / 1000) + 600)],
    }),
  )
const sendCalls = (calls: { to: Address; data: Hex }[]): FrameRpcRequest =>
  ({
    method: 'wallet_sendCalls',
    params: [{ version: '2.0.0', chainId: '0x7a69', from: account.address, atomicRequired: true, calls }],
  }) as FrameRpcRequest
const prepare = (calls: { to: Address; data: Hex }[]) =>
  prepareCalls(account, sendCalls(calls), { chainId: CHAIN_ID, projectId: 'demo' }, { smartAccounts: net.smartAccounts, simulate })
const balance = (token: Address) => net.devnet.balanceOf(token, account.address as Address)
const relay = () => createRelay(relayUrl(network, API, 'demo'), { fetch: net.fromFrame })

const RUNS = 30
const SentOperation = z.nullable(z.object({ userOperation: z.record(z.string(), z.string()) }))
const lowercase = (op: Record<string, string>) => Object.fromEntries(Object.entries(op).map(([k, v]) => [k, v.toLowerCase()]))
const Receipt = z.nullable(z.object({ success: z.boolean(), paymaster: z.string() }))
/** The relay's receipt of the batch once mined (ERC-4337 eth_getUserOperationReceipt). */
async function receipt(id: string) {
  for (let tries = 0; tries < 200; tries++) {
    const answer = await relay().call('eth_getUserOperationReceipt', [id], Receipt)
    if (answer.kind === 'result' && answer.result) return answer.result
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
  throw new Error(`no receipt for ${id}`)
}

describe('wallet_sendCalls from the embedded account, on the devnet with the API as relay', () => {
  it('a USDC-only account approves and swaps to DAI in one batch that also upgrades it; the relay pays; what is shown ran', async () => {
    const amount = parseUnits('100', 6)
    const prepared = await prepare([approve(amount), swap(amount, account.address as Address)])
    const decoded = decodeRequest({ method: prepared.method, params: prepared.params, chainId: CHAIN_ID, from: account.address })
    if (decoded.kind !== 'calls') throw new Error(JSON.stringify(decoded))
    expect(decoded.warnings).toEqual([])
    expect(decoded.batch.upgradeTo).toBe(eip7702Delegator)
    expect(decoded.batch.fee).toEqual({ sponsored: true })
    expect(decoded.batch.calls.map((c) => c.data.kind === 'call' && c.data.functionName)).toEqual(['approve', 'swapExactTokensForTokens'])
    expect(decoded.batch.calls[0]!.data).toMatchObject({ args: expect.arrayContaining([expect.objectContaining({ display: '100 USDC' })]) })

    // The node's simulation of the batch, run as it will be once the account is delegated: 100 USDC out, DAI in.
    const simulation = await prepared.simulate!()
    if (simulation.status !== 'ok') throw new Error(JSON.stringify(simulation))
    expect(simulation.changes).toEqual([
      { token: usdc.toLowerCase(), amount: (-amount).toString(), text: expect.stringMatching(/^−100 USDC/) },
      { token: dai.toLowerCase(), amount: expect.stringMatching(/^\d+$/), text: expect.stringMatching(/^\+[\d,.]+ DAI/) },
    ])

    // Until the user's click the authorization left the frame unsigned: a refused prompt leaves nobody one to send.
    const authsSent = () =>
      net.relayed.flatMap(({ method, params }) => {
        const auth = (params[0] as { eip7702Auth?: { r: Hex } } | undefined)?.eip7702Auth
        return auth ? [{ method, signed: BigInt(auth.r) !== 0n }] : []
      })
    expect(authsSent()).toEqual([
      { method: 'eth_estimateUserOperationGas', signed: false },
      { method: 'pm_getPaymasterData', signed: false },
    ])
    const relayerNonce = await net.devnet.client(CHAIN).getTransactionCount({ address: DEVNET_RELAYER.address })
    const { id } = (await prepared.sign()) as { id: Hex }
    expect(authsSent().at(-1)).toEqual({ method: 'eth_sendUserOperation', signed: true })
    const [shown] = prepared.params as [ShownCalls]
    const op = shown.userOperation
    expect(await receipt(id)).toMatchObject({ success: true, paymaster: DEVNET_CONTRACTS.paymaster })
    // One transaction upgraded the account and ran its batch.
    expect(await net.devnet.client(CHAIN).getTransactionCount({ address: DEVNET_RELAYER.address })).toBe(relayerNonce + 1)
    // One operation delegated the account: its 0x7702 initCode marker is signed, and the hash the relay
    // answers is the operation's shown, as EntryPoint v0.8 hashes it (the delegate in the marker's place).
    expect(op.factory).toBe('0x7702000000000000000000000000000000000000')
    const delegation = { address: shown.upgrade!.contract as Address, chainId: CHAIN_ID, nonce: 0, r: '0x', s: '0x', yParity: 0 } as const
    const asSigned = formatUserOperation(op as unknown as RpcUserOperation<'0.8'>) as UserOperation08
    expect(id).toBe(userOperationHash({ ...asSigned, authorization: delegation }, CHAIN_ID))
    expect(decodeExecute(op.callData as Hex)).toHaveLength(2)

    const code = await net.devnet.client(CHAIN).getCode({ address: account.address as Address })
    expect(code?.startsWith('0xef0100')).toBe(true)
    expect(isDelegatedTo(code, eip7702Delegator)).toBe(true)
    expect(await balance(NATIVE_TOKEN_ADDRESS as Address)).toBe(0n)
    expect(await balance(usdc)).toBe(parseUnits('400', 6))
    // The DAI the simulation showed is the DAI the batch brought.
    expect((await balance(dai)).toString()).toBe(simulation.changes[1]!.amount)
    expect(net.smartAccounts.deployed(CHAIN_ID, account.address)).toBe(true)
  }, 60_000)

  it('the next batch carries no upgrade, and lands with the account still at 0 ETH', async () => {
    const amount = parseUnits('50', 6)
    const prepared = await prepare([approve(amount), swap(amount, account.address as Address)])
    const decoded = decodeRequest({ method: prepared.method, params: prepared.params, chainId: CHAIN_ID, from: account.address })
    if (decoded.kind !== 'calls') throw new Error(JSON.stringify(decoded))
    expect(decoded.batch.upgradeTo).toBeUndefined()
    const daiBefore = await balance(dai)
    const { id } = (await prepared.sign()) as { id: Hex }
    expect(await receipt(id)).toMatchObject({ success: true })
    expect(await balance(usdc)).toBe(parseUnits('350', 6))
    expect(await balance(dai)).toBeGreaterThan(daiBefore)
    expect(await balance(NATIVE_TOKEN_ADDRESS as Address)).toBe(0n)
  }, 60_000)

  it('the prompt warns of a swap paying out to someone else', async () => {
    const thief = '0x000000000000000000000000000000000000dEaD'
    const prepared = await prepare([approve(maxUint256), swap(parseUnits('1', 6), thief)])
    const decoded = decodeRequest({ method: prepared.method, params: prepared.params, chainId: CHAIN_ID, from: account.address })
    if (decoded.kind !== 'calls') throw new Error(JSON.stringify(decoded))
    expect(decoded.warnings).toEqual([`The swap pays out to ${thief}, not to your address.`])
    expect(decoded.batch.calls[0]!.data).toMatchObject({ unlimited: true })
  }, 60_000)

  it(`holds for ${RUNS} generated batches: the operation the relay ran is the one shown, and decodes to what the prompt showed`, async () => {
    const rng = createRng(Number(process.env.AIRLOCK_FUZZ_SEED ?? DEFAULT_FUZZ_SEED)).fork('shown-calls-are-signed')
    const someone = () => `0x${Array.from({ length: 40 }, () => '0123456789abcdef'[rng.int(16)]).join('')}` as Address
    for (let run = 0; run < RUNS; run++) {
      const batch = Array.from({ length: 1 + rng.int(4) }, () =>
        rng.chance(0.5)
          ? call(
              rng.pick([usdc, dai]),
              encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [someone(), BigInt(rng.int(2 ** 31))] }),
            )
          : call(usdc, encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [someone(), BigInt(1 + rng.int(10_000))] })),
      )
      const prepared = await prepare(batch)
      const [shown] = prepared.params as [ShownCalls]
      const decoded = decodeRequest({ method: prepared.method, params: prepared.params, chainId: CHAIN_ID, from: account.address })
      const { id } = (await prepared.sign()) as { id: Hex }
      expect(await receipt(id), `run ${run}`).toMatchObject({ success: true })
      const sent = await relay().call('eth_getUserOperationByHash', [id], SentOperation)
      if (sent.kind !== 'result' || !sent.result) throw new Error(`run ${run}: ${JSON.stringify(sent)}`)
      const { signature: _, ...ran } = sent.result.userOperation
      const { signature: __, ...signed } = shown.userOperation
      expect(lowercase(ran), `run ${run}`).toEqual(lowercase(signed))
      const executed = decodeRequest({
        method: 'wallet_sendCalls',
        params: [{ ...shown, userOperation: sent.result.userOperation }],
        chainId: CHAIN_ID,
        from: account.address,
      })
      expect(executed, `run ${run}`).toEqual(decoded)
      expect(decodeExecute(sent.result.userOperation.callData as Hex), `run ${run}`).toEqual(
        batch.map(({ to, data }) => ({ to, value: 0n, data })),
      )
    }
  }, 60_000)

  it('refuses before asking: calls that revert, a contract the app does not pay for, another chain', async () => {
    await expect(
      prepare([call(usdc, encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [weth, parseUnits('10000', 6)] }))]),
    ).rejects.toThrow(/The relay refused the gas estimate: The user operation's calls revert/)
    await expect(
      prepare([call(weth, encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [uniswapV2Router, 1n] }))]),
    ).rejects.toThrow("The app does not pay this batch's network fee")
    await expect(
      prepareCalls(account, sendCalls([approve(1n)]), { chainId: 31338, projectId: 'demo' }, { smartAccounts: net.smartAccounts }),
    ).rejects.toThrow('The request is for chain 31337, the wallet is on chain 31338')
    const elsewhere = {
      ...sendCalls([approve(1n)]),
      params: [{ ...(sendCalls([approve(1n)]).params as [object])[0], chainId: '0x7a6a' }],
    } as FrameRpcRequest
    await expect(
      prepareCalls(account, elsewhere, { chainId: 31338, projectId: 'demo' }, { smartAccounts: net.smartAccounts }),
    ).rejects.toThrow(CallsMessage.unavailable(31338))
  }, 60_000)

  it('upgrades an account on its own (a permission grant does, first) in one sponsored operation, without ETH', async () => {
    const seed = await seedEntropyToBip39Seed(generateSeedEntropy())
    const fresh = eip155Deriver.derive(seed, 0)
    seed.fill(0)
    try {
      const address = fresh.address as Address
      const relayerNonce = await net.devnet.client(CHAIN).getTransactionCount({ address: DEVNET_RELAYER.address })
      const id = await upgradeAccount(fresh, { smartAccounts: net.smartAccounts, network, projectId: 'demo' }, 0)
      expect(await receipt(id)).toMatchObject({ success: true, paymaster: DEVNET_CONTRACTS.paymaster })
      expect(isDelegatedTo(await net.devnet.client(CHAIN).getCode({ address }), eip7702Delegator)).toBe(true)
      expect(await net.devnet.client(CHAIN).getTransactionCount({ address: DEVNET_RELAYER.address })).toBe(relayerNonce + 1)
      expect(await net.devnet.balanceOf(NATIVE_TOKEN_ADDRESS as Address, address)).toBe(0n)
      expect(net.smartAccounts.deployed(CHAIN_ID, address)).toBe(true)
    } finally {
      fresh.destroy()
    }
  }, 60_000)
})
