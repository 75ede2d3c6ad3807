import { encodeExecute } from '@airlock/chains/eip155'
import { parseEther, type Hex } from 'viem'
import { entryPoint08Address, formatUserOperationRequest } from 'viem/account-abstraction'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createChainRegistry } from '../../chains/registry'
import { createApiApp, type ApiApp } from '../../origins/api/app'
import type { Database } from '../../platform/db/database'
import { openDatabase } from '../../platform/db/open'
import { createMemoryProjectRegistry } from '../../platform/projects/registry'
import { relayOptions } from './options'
import { RelayConfig } from './config'

/**
 * The relay's JSON-RPC through the whole API app (project guard, rate limit) on PGlite: what it
 * answers and refuses before it needs a chain (the node behind eip155:31337 is unreachable here;
 * relay.anvil.test.ts runs the rest on the devnet).
 */
const DAPP = 'http://dapp.localhost:4400'
const USDC = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const DELEGATOR = '0x7cBD3Fb637aB3C068bf8649Bf8f4da73d7C451ae'
const PAYMASTER = '0xb5Bf46f7E48FF4497CA4bF1a7660e481851BD4cd'
const projects = [
  { id: 'demo', name: 'Demo', allowedOrigins: [DAPP], features: { analytics: false } },
  { id: 'unsponsored', name: 'Unsponsored', allowedOrigins: [DAPP], features: { analytics: false } },
]
const user = privateKeyToAccount(generatePrivateKey())

let db: Database
let app: ApiApp
beforeAll(async () => {
  db = await openDatabase()
  const config = RelayConfig.parse({
    relayerKey: generatePrivateKey(),
    paymasterSignerKey: generatePrivateKey(),
    paymaster: PAYMASTER,
    delegator: DELEGATOR,
    policies: [{ projectId: 'demo', chains: [31337], contracts: [USDC], dailyBudgetWei: parseEther('1') }],
  })
  const upstreams = { 'eip155:31337': 'http://127.0.0.1:1' }
  app = createApiApp({
    origins: { widget: 'http://widget.localhost:4401' },
    projects: createMemoryProjectRegistry(projects),
    rpcUpstreams: upstreams,
    data: {
      db,
      chains: createChainRegistry(upstreams, { timeoutMs: 1000 }),
      projects: createMemoryProjectRegistry(projects),
      apiOrigin: 'http://api.localhost:4403',
      now: Date.now,
    },
    relay: await relayOptions(db, config),
  })
})
afterAll(() => db.close())

async function call(method: string, params?: unknown[], { chain = '31337', project = 'demo', origin = DAPP as string | null } = {}) {
  const res = await app.request(`/v1/relay/${chain}?projectId=${project}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) },
    body: JSON.stringify({ jsonrpc: '2.0', id: 7, method, ...(params ? { params } : {}) }),
  })
  return { status: res.status, body: (await res.json()) as { id?: unknown; result?: unknown; error?: { code: number; message: string } } }
}

/** An authorization as viem writes it in an operation (eip7702Auth). */
const eip7702Auth = (authorization: Awaited<ReturnType<typeof user.signAuthorization>>) =>
  formatUserOperationRequest({ authorization }).eip7702Auth

const executeOne = (to: Hex): Hex => encodeExecute([{ to, data: '0x12345678' }])
const op = (over: Record<string, unknown> = {}) => ({
  sender: user.address,
  nonce: '0x0',
  callData: executeOne(USDC),
  callGasLimit: '0x10000',
  verificationGasLimit: '0x30000',
  preVerificationGas: '0xea60',
  maxFeePerGas: '0x3b9aca00',
  maxPriorityFeePerGas: '0x3b9aca00',
  signature: '0x',
  ...over,
})

describe('POST /v1/relay/:chainId', () => {
  it('answers eth_chainId and eth_supportedEntryPoints (EntryPoint v0.8)', async () => {
    expect(await call('eth_chainId')).toEqual({ status: 200, body: { jsonrpc: '2.0', id: 7, result: '0x7a69' } })
    expect((await call('eth_supportedEntryPoints', [])).body.result).toEqual([entryPoint08Address])
  })

  it('answers 404 for a chain it does not serve, and 405 for GET', async () => {
    for (const chain of ['1', '0', 'eip155:31337', '0x7a69']) {
      const { status, body } = await call('eth_chainId', [], { chain })
      expect(status).toBe(404)
      expect(JSON.stringify(body)).toContain('use the decimal id of a chain this API serves (eip155:31337)')
    }
    expect((await app.request('/v1/relay/31337?projectId=demo', { headers: { origin: DAPP } })).status).toBe(405)
  })

  it('is behind the project guard, and refuses calls without Origin for a project without server use', async () => {
    expect((await call('eth_chainId', [], { project: 'nobody' })).status).toBe(401)
    const { status, body } = await call('eth_chainId', [], { origin: null })
    expect(status).toBe(403)
    expect(body.error?.message).toMatch(/does not allow RPC calls without an Origin header/)
  })

  it('refuses malformed requests as JSON-RPC errors', async () => {
    const raw = async (body: string) =>
      (await app.request('/v1/relay/31337?projectId=demo', { method: 'POST', headers: { origin: DAPP }, body })).json()
    expect(await raw('{nope')).toMatchObject({ id: null, error: { code: -32700 } })
    expect(await raw('[{"jsonrpc":"2.0","id":1,"method":"eth_chainId"}]')).toMatchObject({
      error: { code: -32600, message: 'Invalid request: batches are not supported: send one request per call' },
    })
    expect((await call('eth_sendTransaction', [])).body.error).toEqual({
      code: -32601,
      message: 'Method eth_sendTransaction is not supported by the relay',
    })
    expect((await call('constructor', [])).body.error?.code).toBe(-32601)
    expect((await call('eth_chainId', ['extra'])).body.error?.code).toBe(-32602)
  })

  it('refuses a body over 128 KiB with 413', async () => {
    const res = await app.request('/v1/relay/31337?projectId=demo', {
      method: 'POST',
      headers: { origin: DAPP, 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: ['x'.repeat(130 * 1024)] }),
    })
    expect(res.status).toBe(413)
  })

  it('checks every user operation param with -32602 naming the field', async () => {
    const pm = (o: unknown, entryPoint: string = entryPoint08Address, chainId = '0x7a69') =>
      call('pm_getPaymasterData', [o, entryPoint, chainId, {}])
    expect((await pm(op({ sender: '0x1234' }))).body.error).toEqual({
      code: -32602,
      message: 'Invalid params for pm_getPaymasterData at params.0.sender: must be a 0x-prefixed 20-byte address',
    })
    expect((await pm(op({ nonce: `0x${'f'.repeat(65)}` }))).body.error?.message).toMatch(
      /params\.0\.nonce: must be a 0x quantity of at most 256 bits/,
    )
    expect((await pm(op({ maxFeePerGas: `0x1${'0'.repeat(32)}` }))).body.error?.message).toMatch(
      /params\.0\.maxFeePerGas: must fit in 128 bits/,
    )
    expect((await pm(op({ callData: '0x123' }))).body.error?.message).toMatch(/params\.0\.callData: must be 0x-prefixed hex bytes/)
    expect((await pm(op({ factory: USDC, factoryData: '0x' }))).body.error?.message).toMatch(
      /params\.0\.factory: must be the EIP-7702 marker 0x7702/,
    )
    expect((await pm(op({ factory: '0x7702', factoryData: '0x12' }))).body.error?.message).toMatch(/params\.0\.factoryData/)
    expect((await pm(op({ eip7702Auth: {} }))).body.error?.message).toBe(
      'Invalid params at params.0.eip7702Auth: must be an EIP-7702 authorization { address, chainId, nonce, r, s, yParity }',
    )
    expect((await pm(op({ factory: '0x7702' }))).body.error?.message).toBe(
      'Invalid params at params.0.factory: the 0x7702 initCode comes with the eip7702Auth it stands for',
    )
    expect((await pm(op(), USDC)).body.error?.message).toBe(
      `EntryPoint ${USDC} is not supported: this relay uses EntryPoint v0.8 at ${entryPoint08Address}`,
    )
    expect((await pm(op(), entryPoint08Address, '0x1')).body.error?.message).toBe("Chain id 1 is not this endpoint's chain (31337)")
    expect((await pm(op({ callData: '0xdeadbeef' }))).body.error).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/^The user operation's callData is not the account's execute\(bytes32,bytes\) call: /),
    })
  })

  it('refuses sponsorship with -32501 and the policy reason', async () => {
    const stub = (project: string, callData: Hex) =>
      call('pm_getPaymasterStubData', [op({ callData }), entryPoint08Address, '0x7a69', {}], { project })
    expect((await stub('unsponsored', executeOne(USDC))).body.error).toEqual({
      code: -32501,
      message: 'This project has no paymaster policy: its user operations are not sponsored',
    })
    expect((await stub('demo', executeOne(user.address))).body.error).toEqual({
      code: -32501,
      message: `Project demo does not sponsor calls to the account itself (${user.address}): the contracts it sponsors are listed in its paymaster policy`,
    })
    const sponsored = (await stub('demo', executeOne(USDC))).body.result
    expect(sponsored).toMatchObject({
      paymaster: PAYMASTER,
      paymasterVerificationGasLimit: '0x186a0',
      isFinal: false,
      sponsor: { name: 'Demo' },
    })
  })

  it('refuses an operation its paymaster does not sponsor', async () => {
    expect((await call('eth_sendUserOperation', [op(), entryPoint08Address])).body.error).toEqual({
      code: -32501,
      message: `This relay sends only user operations its paymaster (${PAYMASTER}) sponsors: ask pm_getPaymasterData first`,
    })
  })

  it("refuses an operation's eip7702Auth for chain 0, another chain, another implementation, and when sent another signer", async () => {
    const estimate = async (
      authorization: Awaited<ReturnType<typeof user.signAuthorization>>,
      sender: string = user.address,
      method = 'eth_estimateUserOperationGas',
    ) =>
      (
        await call(method, [
          {
            ...op({ sender, factory: '0x7702000000000000000000000000000000000000', factoryData: '0x' }),
            eip7702Auth: eip7702Auth(authorization),
          },
          entryPoint08Address,
        ])
      ).body.error
    const sign = (chainId: number, contractAddress: Hex = DELEGATOR) => user.signAuthorization({ chainId, contractAddress, nonce: 0 })
    const refused = (why: string) => ({ code: -32602, message: `Invalid params at params.0.eip7702Auth: ${why}` })
    expect(await estimate(await sign(0))).toEqual(
      refused('an EIP-7702 authorization must name its chain: chain id 0 is valid on every chain'),
    )
    expect(await estimate(await sign(1))).toEqual(refused("the authorization is for chain 1, not this endpoint's chain (31337)"))
    expect(await estimate(await sign(31337, USDC))).toEqual(
      refused(`the authorization delegates to ${USDC}: accounts here delegate to the EIP7702StatelessDeleGator at ${DELEGATOR}`),
    )
    // The signer is read when the operation is sent (the frame estimates with it unsigned, and signs after the click).
    const other = privateKeyToAccount(generatePrivateKey())
    expect(await estimate(await sign(31337), other.address, 'eth_sendUserOperation')).toEqual(
      refused(`the authorization is signed by ${user.address}, not by the operation's sender ${other.address}`),
    )
    const forged = { ...(await sign(31337)), s: `0x${'00'.repeat(32)}` as Hex }
    expect(await estimate(forged, user.address, 'eth_sendUserOperation')).toEqual(refused('its signature is not valid'))
    expect(await call('airlock_sendAuthorization', [])).toMatchObject({ body: { error: { code: -32601 } } })
  })

  it('answers null for a user operation it never sent', async () => {
    const hash = `0x${'12'.repeat(32)}`
    expect((await call('eth_getUserOperationReceipt', [hash])).body.result).toBeNull()
    expect((await call('eth_getUserOperationByHash', [hash])).body.result).toBeNull()
    expect((await call('eth_getUserOperationByHash', ['0x12'])).body.error?.code).toBe(-32602)
  })
})
