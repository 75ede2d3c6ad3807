import { isDelegatedTo, signAuthorizationWithChainId, userOperationHash, withAuthorization } from '@airlock/chains/eip155'
import { DEVNET_CONTRACTS } from '@airlock/devnet'
import { DEVNET_RELAYER } from '@airlock/devnet/contracts'
import { custom, encodeFunctionData, erc20Abi, numberToHex, parseAbi, parseUnits, type Address, type Hex } from 'viem'
import { createBundlerClient, createPaymasterClient, entryPoint08Address } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devnetSandbox } from '../../config'
import { createApiApp, type ApiApp } from '../../origins/api/app'
import type { Database } from '../../platform/db/database'
import { openDatabase } from '../../platform/db/open'
import { createMemoryProjectRegistry } from '../../platform/projects/registry'
import { CHAIN, startTestDevnet, type TestDevnet } from '../../testing/devnet'
import { NATIVE_TOKEN_ADDRESS } from '../prices/caip'
import { relayOptions } from './options'
import { PaymasterPolicy } from './policy'
import { spentToday, upsertPolicies } from './store'
import { relayTestClient, rpc, transferUsdc, type RelayTestClient } from './test-support'

/**
 * The relay on the devnet, through the API app: a USDC-only EOA (no ETH) is delegated with
 * EIP-7702 by its first sponsored user operation (eip7702Auth), then swaps with another; the refusals
 * a dapp or an attacker would meet; five operations sent at once all land.
 */
const PORTS: [number, number] = [19500, 19501]
const DAPP = 'http://dapp.localhost:4400'
const CHAIN_ID = 31337
const { usdc, dai, weth, uniswapV2Router, eip7702Delegator } = DEVNET_CONTRACTS
const routerAbi = parseAbi([
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[])',
])
const projects = ['demo', 'unsponsored', 'tight'].map((id) => ({ id, name: id, allowedOrigins: [DAPP], features: { analytics: false } }))

let devnet: TestDevnet
let db: Database
let app: ApiApp
let user: PrivateKeyAccount

beforeAll(async () => {
  devnet = await startTestDevnet(PORTS)
  db = await openDatabase()
  const upstreams = Object.fromEntries(devnet.devnet.chains.map((chain) => [chain.caipNetworkId, chain.rpcUrl]))
  app = createApiApp({
    origins: { widget: 'http://widget.localhost:4401' },
    projects: createMemoryProjectRegistry(projects),
    rpcUpstreams: upstreams,
    rateLimit: false,
    data: { ...devnet.deps, db, projects: createMemoryProjectRegistry(projects), now: Date.now },
    relay: await relayOptions(db, devnetSandbox(Object.keys(upstreams)).relay),
  })
  await upsertPolicies(db, [PaymasterPolicy.parse({ projectId: 'tight', chains: [CHAIN_ID], contracts: [usdc], dailyBudgetWei: 1000n })])
  user = privateKeyToAccount(generatePrivateKey())
  relay = relayTestClient({ app, chainId: CHAIN_ID, client: client(), user, origin: DAPP })
  // The treasury (devnet account 9) holds the devnet's USDC.
  await devnet.send(9, {
    to: usdc,
    data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [user.address, parseUnits('500', 6)] }),
  })
}, 120_000)

afterAll(async () => {
  await db?.close()
  await devnet?.stop()
})

let relay: RelayTestClient
const call: RelayTestClient['call'] = (...args) => relay.call(...args)
const result = <T>(...args: Parameters<RelayTestClient['call']>) => relay.result<T>(...args)
const prepare: RelayTestClient['prepare'] = (...args) => relay.prepare(...args)
const sponsorAndSign: RelayTestClient['sponsorAndSign'] = (...args) => relay.sponsorAndSign(...args)
const receiptOf: RelayTestClient['receiptOf'] = (...args) => relay.receiptOf(...args)
const client = () => devnet.client(CHAIN)
const ethBalance = () => devnet.balanceOf(NATIVE_TOKEN_ADDRESS as Address, user.address)

/** viem's own ERC-4337 / ERC-7677 clients over the app: what a frame pointed at this relay (or an external one) runs. */
const transport = (project = 'demo') =>
  custom({
    request: async ({ method, params }: { method: string; params?: unknown }) => {
      const answer = await call(method, (params as unknown[] | undefined) ?? [], project)
      if (answer.error) throw Object.assign(new Error(answer.error.message), { code: answer.error.code })
      return answer.result
    },
  })

let swapHash: Hex | undefined

describe('the relay on the devnet', () => {
  it('refuses an eip7702Auth for another delegate, another chain or a used nonce, and when sent one signed by someone else or unsigned, before anything is sent', async () => {
    const relayerNonce = await client().getTransactionCount({ address: DEVNET_RELAYER.address })
    const forger = privateKeyToAccount(generatePrivateKey())
    const bad = [
      [await user.signAuthorization({ chainId: CHAIN_ID, contractAddress: usdc, nonce: 0 }), `the authorization delegates to ${usdc}`],
      [
        await user.signAuthorization({ chainId: 31338, contractAddress: eip7702Delegator, nonce: 0 }),
        'the authorization is for chain 31338',
      ],
      [
        await user.signAuthorization({ chainId: CHAIN_ID, contractAddress: eip7702Delegator, nonce: 1 }),
        `the authorization's nonce 1 is not ${user.address}'s next nonce (0)`,
      ],
      [
        await forger.signAuthorization({ chainId: CHAIN_ID, contractAddress: eip7702Delegator, nonce: 0 }),
        `the authorization is signed by ${forger.address}, not by the operation's sender ${user.address}`,
      ],
    ] as const
    const good = await signAuthorizationWithChainId(user, { chainId: CHAIN_ID, contractAddress: eip7702Delegator, nonce: 0 })
    const op = await sponsorAndSign(await prepare([transferUsdc('1')], 0n, good))
    for (const [authorization, why] of bad) {
      const forged = { ...rpc(op), eip7702Auth: rpc(withAuthorization(op, authorization)).eip7702Auth }
      // The signer is read when the operation is sent: the frame estimates with the authorization unsigned (signed after the click).
      const methods = authorization === bad[3][0] ? ['eth_sendUserOperation'] : ['eth_estimateUserOperationGas', 'eth_sendUserOperation']
      for (const method of methods) {
        const answer = await call(method, [forged, entryPoint08Address])
        expect(answer.error?.code, `${method}: ${why}`).toBe(-32602)
        expect(answer.error?.message).toContain(`Invalid params at params.0.eip7702Auth: ${why}`)
      }
    }
    // Unsigned (a zero signature), as the frame estimates before the user's click: estimated, never sent.
    const zero = `0x${'00'.repeat(32)}` as const
    const unsigned = { ...good, r: zero, s: zero, yParity: 0 }
    const pending = { ...rpc(op), eip7702Auth: rpc(withAuthorization(op, unsigned)).eip7702Auth }
    expect((await call('eth_estimateUserOperationGas', [pending, entryPoint08Address])).error).toBeUndefined()
    expect((await call('eth_sendUserOperation', [pending, entryPoint08Address])).error?.message).toContain(
      'Invalid params at params.0.eip7702Auth: its signature is not valid',
    )
    expect(await client().getTransactionCount({ address: DEVNET_RELAYER.address })).toBe(relayerNonce)
    expect(await client().getCode({ address: user.address })).toBeUndefined()
  })

  it("lands a USDC-only EOA's first batch with its EIP-7702 authorization in one type-4 transaction, and charges the gas to the project", async () => {
    expect(await ethBalance()).toBe(0n)
    const relayerNonce = await client().getTransactionCount({ address: DEVNET_RELAYER.address })
    const authorization = await signAuthorizationWithChainId(user, { chainId: CHAIN_ID, contractAddress: eip7702Delegator, nonce: 0 })
    const op = await sponsorAndSign(await prepare([transferUsdc('1')], 0n, authorization))
    expect(rpc(op)).toMatchObject({ factory: '0x7702000000000000000000000000000000000000', eip7702Auth: { address: eip7702Delegator } })
    const userOpHash = await result<Hex>('eth_sendUserOperation', [rpc(op), entryPoint08Address])
    // EntryPoint v0.8's hash of a 0x7702 initCode: the account's delegate in its place.
    expect(userOpHash).toBe(userOperationHash(op, CHAIN_ID))
    const receipt = await receiptOf(userOpHash)
    expect(receipt.success).toBe(true)
    const tx = await client().getTransaction({ hash: receipt.receipt.transactionHash })
    expect(tx.type).toBe('eip7702')
    expect(tx.authorizationList).toHaveLength(1)
    expect(await client().getCode({ address: user.address })).toBe(`0xef0100${eip7702Delegator.slice(2).toLowerCase()}`)
    expect(isDelegatedTo(await client().getCode({ address: user.address }), eip7702Delegator)).toBe(true)
    expect(await client().getTransactionCount({ address: DEVNET_RELAYER.address })).toBe(relayerNonce + 1)
    expect(await devnet.balanceOf(usdc, user.address)).toBe(parseUnits('499', 6))
    expect(await ethBalance()).toBe(0n)
    expect(await spentToday(db, 'demo', CHAIN_ID, Date.now())).toBe(BigInt(receipt.actualGasCost))
  })

  it('swaps USDC for DAI in one sponsored user operation (approve + swap); the budget shrinks by the gas paid', async () => {
    const spentBefore = await spentToday(db, 'demo', CHAIN_ID, Date.now())
    const amount = parseUnits('100', 6)
    const deadline = BigInt(Math.floor(Date.now() / 1000) + 600)
    const op = await sponsorAndSign(
      await prepare([
        { to: usdc, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [uniswapV2Router, amount] }) },
        {
          to: uniswapV2Router,
          data: encodeFunctionData({
            abi: routerAbi,
            functionName: 'swapExactTokensForTokens',
            args: [amount, 1n, [usdc, dai], user.address, deadline],
          }),
        },
      ]),
    )
    const userOpHash = await result<Hex>('eth_sendUserOperation', [rpc(op), entryPoint08Address])
    expect(userOpHash).toBe(userOperationHash(op, CHAIN_ID))
    swapHash = userOpHash
    const receipt = await receiptOf(userOpHash)
    expect(receipt.success).toBe(true)
    expect(await devnet.balanceOf(dai, user.address)).toBeGreaterThan(0n)
    expect(await devnet.balanceOf(usdc, user.address)).toBe(parseUnits('399', 6))
    expect(await ethBalance()).toBe(0n)
    expect(await spentToday(db, 'demo', CHAIN_ID, Date.now())).toBe(spentBefore + BigInt(receipt.actualGasCost))
    const byHash = await result<{ transactionHash: Hex; entryPoint: Address }>('eth_getUserOperationByHash', [userOpHash])
    expect(byHash).toMatchObject({ transactionHash: receipt.receipt.transactionHash, entryPoint: entryPoint08Address })
  })

  it("answers in the shapes viem's bundler and paymaster clients read", async () => {
    const bundler = createBundlerClient({ transport: transport() })
    const paymaster = createPaymasterClient({ transport: transport() })
    expect(await bundler.getSupportedEntryPoints()).toEqual([entryPoint08Address])
    expect(await bundler.getChainId()).toBe(CHAIN_ID)
    const op = await prepare([transferUsdc('1')])
    const stub = await paymaster.getPaymasterStubData({ ...op, chainId: CHAIN_ID, entryPointAddress: entryPoint08Address })
    expect(stub).toMatchObject({ paymaster: DEVNET_CONTRACTS.paymaster, paymasterVerificationGasLimit: 100_000n, isFinal: false })
    const data = await paymaster.getPaymasterData({ ...op, chainId: CHAIN_ID, entryPointAddress: entryPoint08Address })
    expect(data).toMatchObject({ paymaster: DEVNET_CONTRACTS.paymaster, paymasterPostOpGasLimit: 0n })
    const receipt = await bundler.getUserOperationReceipt({ hash: swapHash! })
    expect(receipt).toMatchObject({ success: true, sender: user.address, receipt: { status: 'success' } })
    expect(receipt.logs.length).toBeGreaterThan(0)
    const sent = await bundler.getUserOperation({ hash: swapHash! })
    expect(sent.userOperation.sender).toBe(user.address)
    expect(sent.transactionHash).toBe(receipt.receipt.transactionHash)
  })

  it('refuses a call outside the policy, a project without one and an exhausted budget, each saying why', async () => {
    const wrap = await prepare([
      { to: weth, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [uniswapV2Router, 1n] }) },
    ])
    expect((await call('pm_getPaymasterData', [rpc(wrap), entryPoint08Address, numberToHex(CHAIN_ID), {}])).error).toEqual({
      code: -32501,
      message: `Project demo does not sponsor calls to ${weth}: the contracts it sponsors are listed in its paymaster policy`,
    })
    const op = await prepare([transferUsdc('1')])
    expect((await call('pm_getPaymasterData', [rpc(op), entryPoint08Address, numberToHex(CHAIN_ID), {}], 'unsponsored')).error).toEqual({
      code: -32501,
      message: 'This project has no paymaster policy: its user operations are not sponsored',
    })
    expect((await call('pm_getPaymasterData', [rpc(op), entryPoint08Address, numberToHex(CHAIN_ID), {}], 'tight')).error?.message).toMatch(
      /^The user operation may cost up to [\d.]+ ETH, over what is left of project tight's daily gas budget on chain 31337 \(0\.000000000000001 ETH of 0\.000000000000001 ETH until midnight UTC\)$/,
    )
    expect(await ethBalance()).toBe(0n)
  })

  it('sends five user operations at once from one relayer: all five land', async () => {
    const ops = await Promise.all([1n, 2n, 3n, 4n, 5n].map(async (key) => sponsorAndSign(await prepare([transferUsdc('1')], key))))
    const hashes = await Promise.all(ops.map((op) => result<Hex>('eth_sendUserOperation', [rpc(op), entryPoint08Address])))
    expect(new Set(hashes).size).toBe(5)
    const receipts = await Promise.all(hashes.map(receiptOf))
    expect(receipts.map((r) => r.success)).toEqual([true, true, true, true, true])
    expect(new Set(receipts.map((r) => r.receipt.transactionHash)).size).toBe(5)
    expect(await devnet.balanceOf(usdc, user.address)).toBe(parseUnits('394', 6))
    expect(await ethBalance()).toBe(0n)
  })
})
