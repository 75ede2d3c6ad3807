import { isDelegatedTo, signAuthorizationWithChainId, userOperationHash } from '@airlock/chains/eip155'
import { DEVNET_CONTRACTS } from '@airlock/devnet'
import { encodeFunctionData, erc20Abi, numberToHex, parseEther, parseUnits, type Hex } from 'viem'
import { entryPoint08Address } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devnetSandbox } from '../../config'
import { createApiApp, type ApiApp } from '../../origins/api/app'
import { startApiServer } from '../../origins/api/server'
import type { Database } from '../../platform/db/database'
import type { RunningServer } from '../../platform/http/server'
import { openDatabase } from '../../platform/db/open'
import { createMemoryProjectRegistry } from '../../platform/projects/registry'
import { CHAIN, startTestDevnet, type TestDevnet } from '../../testing/devnet'
import { RelayConfig } from './config'
import { maxCostWei } from './context'
import { relayOptions } from './options'
import { RpcUserOperation } from './rpc'
import { spentToday } from './store'
import { relayTestClient, rpc, transferUsdc, type RelayTestClient } from './test-support'

/**
 * The relay with external services, on the devnet: the API under test ("outer") serves chain
 * 31337 through an external ERC-4337 bundler and ERC-7677 paymaster, which here are a second API
 * ("provider") running the built-in relay behind a real HTTP port, its own project for the outer
 * API; chain 31338's services are down. The outer API keeps the dapp project's policy and budget.
 */
const PORTS: [number, number] = [19700, 19701]
const PROVIDER_PORT = 19702
const DOWN_PORT = 19703
const DAPP = 'http://dapp.localhost:4400'
const CHAIN_ID = 31337
const DOWN_CHAIN_ID = 31338
const { usdc, dai, eip7702Delegator } = DEVNET_CONTRACTS
const WIDGET = 'http://widget.localhost:4401'

let devnet: TestDevnet
let providerDb: Database
let outerDb: Database
let provider: RunningServer
let outer: ApiApp
let user: PrivateKeyAccount
let relay: RelayTestClient

beforeAll(async () => {
  ;[devnet, providerDb, outerDb] = await Promise.all([startTestDevnet(PORTS), openDatabase(), openDatabase()])
  const upstreams = Object.fromEntries(devnet.devnet.chains.map((chain) => [chain.caipNetworkId, chain.rpcUrl]))
  // The provider sponsors its customer (the outer API, calling from a server) for USDC, DAI, the router and the DelegationManager.
  const customers = createMemoryProjectRegistry([
    { id: 'airlock', name: 'Airlock', allowedOrigins: [], serverRpc: true, features: { analytics: false } },
  ])
  const providerApp = createApiApp({
    origins: { widget: WIDGET },
    projects: customers,
    rpcUpstreams: upstreams,
    rateLimit: false,
    data: { ...devnet.deps, db: providerDb, projects: customers, now: Date.now },
    relay: await relayOptions(providerDb, devnetSandbox(Object.keys(upstreams), ['airlock']).relay),
  })
  provider = await startApiServer(providerApp, '127.0.0.1', PROVIDER_PORT)
  const providerUrl = `${provider.url}/v1/relay/${CHAIN_ID}?projectId=airlock`
  const down = `http://127.0.0.1:${DOWN_PORT}/rpc?apikey=secret`
  // The dapp's project: USDC only.
  const projects = createMemoryProjectRegistry([{ id: 'demo', name: 'Demo', allowedOrigins: [DAPP], features: { analytics: false } }])
  outer = createApiApp({
    origins: { widget: WIDGET },
    projects,
    rpcUpstreams: upstreams,
    rateLimit: false,
    data: { ...devnet.deps, db: outerDb, projects, now: Date.now },
    relay: await relayOptions(
      outerDb,
      RelayConfig.parse({
        delegator: eip7702Delegator,
        external: {
          [CHAIN_ID]: { bundlerUrl: providerUrl, paymasterUrl: providerUrl },
          [DOWN_CHAIN_ID]: { bundlerUrl: down, paymasterUrl: down },
        },
        policies: [{ projectId: 'demo', chains: [CHAIN_ID, DOWN_CHAIN_ID], contracts: [usdc], dailyBudgetWei: parseEther('1') }],
      }),
    ),
  })
  user = privateKeyToAccount(generatePrivateKey())
  relay = relayTestClient({ app: outer, chainId: CHAIN_ID, client: devnet.client(CHAIN), user, origin: DAPP })
  // The treasury (devnet account 9) holds the devnet's USDC and DAI.
  for (const token of [usdc, dai]) {
    await devnet.send(9, {
      to: token,
      data: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'transfer',
        args: [user.address, parseUnits('100', token === usdc ? 6 : 18)],
      }),
    })
  }
}, 120_000)

afterAll(async () => {
  await provider?.close()
  await Promise.all([providerDb?.close(), outerDb?.close()])
  await devnet?.stop()
})

const spent = (db: Database, project: string, chainId = CHAIN_ID) => spentToday(db, project, chainId, Date.now())
const asRead = (op: Parameters<typeof rpc>[0]) => RpcUserOperation.parse(rpc(op))

describe('the relay with an external bundler and paymaster', () => {
  it("sends an account's first operation through them, its EIP-7702 authorization inside: the outer API reserves the dapp's budget and settles it to the gas paid", async () => {
    const { prepare, sponsorAndSign, result, receiptOf } = relay
    expect(await result('eth_supportedEntryPoints', [])).toEqual([entryPoint08Address])
    const providerBefore = await spent(providerDb, 'airlock')

    const authorization = await signAuthorizationWithChainId(user, { chainId: CHAIN_ID, contractAddress: eip7702Delegator, nonce: 0 })
    const prepared = await prepare([transferUsdc('1')], 0n, authorization)
    const op = await sponsorAndSign(prepared)
    // The approval's maximum cost is held from the dapp's budget here, the provider's paymaster signed it.
    expect(op.paymaster).toBe(DEVNET_CONTRACTS.paymaster)
    expect(await spent(outerDb, 'demo')).toBe(maxCostWei(asRead(prepared), 0n))

    const userOpHash = await result<Hex>('eth_sendUserOperation', [rpc(op), entryPoint08Address])
    expect(userOpHash).toBe(userOperationHash(op, CHAIN_ID))
    // Sent, the operation holds its full maximum cost (its paymaster gas included) instead of the approval's.
    expect(await spent(outerDb, 'demo')).toBe(maxCostWei(asRead(op), op.paymasterVerificationGasLimit! + op.paymasterPostOpGasLimit!))

    const receipt = await receiptOf(userOpHash)
    expect(receipt.success).toBe(true)
    expect(isDelegatedTo(await devnet.client(CHAIN).getCode({ address: user.address }), eip7702Delegator)).toBe(true)
    expect(await devnet.balanceOf(usdc, user.address)).toBe(parseUnits('99', 6))
    expect(await spent(outerDb, 'demo')).toBe(BigInt(receipt.actualGasCost))
    expect(await spent(providerDb, 'airlock')).toBeGreaterThan(providerBefore)
    expect(await result('eth_getUserOperationByHash', [userOpHash])).toMatchObject({ transactionHash: receipt.receipt.transactionHash })
  })

  it("refuses a call outside the dapp's policy before anything reaches the external paymaster", async () => {
    const providerBefore = await spent(providerDb, 'airlock')
    const outerBefore = await spent(outerDb, 'demo')
    const daiTransfer = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [user.address, 1n] })
    const op = await relay.prepare([{ to: dai, data: daiTransfer }])
    for (const method of ['pm_getPaymasterStubData', 'pm_getPaymasterData']) {
      expect((await relay.call(method, [rpc(op), entryPoint08Address, numberToHex(CHAIN_ID), {}])).error).toEqual({
        code: -32501,
        message: `Project demo does not sponsor calls to ${dai}: the contracts it sponsors are listed in its paymaster policy`,
      })
    }
    // The provider would have sponsored DAI: it was never asked.
    expect(await spent(providerDb, 'airlock')).toBe(providerBefore)
    expect(await spent(outerDb, 'demo')).toBe(outerBefore)
  })

  it('refuses an eip7702Auth to another delegate before it reaches the external bundler', async () => {
    const { v: _v, ...authorization } = await signAuthorizationWithChainId(user, {
      chainId: CHAIN_ID,
      contractAddress: eip7702Delegator,
      nonce: 5,
    })
    const op = await relay.prepare([transferUsdc('1')])
    const eip7702Auth = { ...authorization, address: usdc, chainId: numberToHex(CHAIN_ID), nonce: '0x5', yParity: '0x0' }
    expect((await relay.call('eth_estimateUserOperationGas', [{ ...rpc(op), eip7702Auth }, entryPoint08Address])).error).toEqual({
      code: -32602,
      message: `Invalid params at params.0.eip7702Auth: the authorization delegates to ${usdc}: accounts here delegate to the EIP7702StatelessDeleGator at ${eip7702Delegator}`,
    })
  })

  it('answers -32002 without the service URL when the external services are down, and releases the reservation', async () => {
    const down = relayTestClient({ app: outer, chainId: DOWN_CHAIN_ID, client: devnet.client(CHAIN), user, origin: DAPP })
    expect((await down.call('eth_supportedEntryPoints', [])).error).toEqual({
      code: -32002,
      message: `The bundler of chain ${DOWN_CHAIN_ID} cannot be reached: try again later`,
    })
    const op = {
      ...rpc(await relay.prepare([transferUsdc('1')])),
      paymasterVerificationGasLimit: '0x186a0',
      paymasterPostOpGasLimit: '0x0',
    }
    const answer = await down.call('pm_getPaymasterData', [op, entryPoint08Address, numberToHex(DOWN_CHAIN_ID), {}])
    expect(answer.error).toEqual({ code: -32002, message: `The paymaster of chain ${DOWN_CHAIN_ID} cannot be reached: try again later` })
    expect(JSON.stringify(answer)).not.toMatch(/secret|19703/)
    expect(await spent(outerDb, 'demo', DOWN_CHAIN_ID)).toBe(0n)
  })
})
