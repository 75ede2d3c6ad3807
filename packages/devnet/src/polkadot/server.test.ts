import { decodeFreeBalance, systemAccountKey } from '@airlock/chains/polkadot'
import { ApiPromise, HttpProvider } from '@polkadot/api'
import { hexToU8a } from '@polkadot/util'
import { createServer, type Server } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  POLKADOT_DEVNET_CAIP_NETWORK_ID,
  POLKADOT_DEVNET_FUNDING,
  POLKADOT_DEVNET_GENESIS_HASH,
  POLKADOT_DEVNET_SS58_PREFIX,
  POLKADOT_DEVNET_TOKEN,
} from './accounts'
import { startPolkadotDevnet, type PolkadotDevnet } from './server'

async function rpc<T>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await res.json()) as { result: T; error?: unknown }
  expect(body.error).toBeUndefined()
  return body.result
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

// One chopsticks for the file (~270 MB, ready in 4-12 s): started once, not per test.
describe('Polkadot devnet (chopsticks)', () => {
  let devnet: PolkadotDevnet

  beforeAll(async () => {
    devnet = await startPolkadotDevnet({ port: 0 })
  }, 90_000)
  afterAll(() => devnet?.stop())

  it('listens on a free port and names its network by the genesis hash it reports', async () => {
    expect(devnet.port).toBeGreaterThan(0)
    expect(devnet.url).toBe(`http://127.0.0.1:${devnet.port}`)
    expect(await rpc(devnet.url, 'chain_getBlockHash', [0])).toBe(POLKADOT_DEVNET_GENESIS_HASH)
    expect(devnet.genesisHash).toBe(POLKADOT_DEVNET_GENESIS_HASH)
    expect(devnet.caipNetworkId).toBe(POLKADOT_DEVNET_CAIP_NETWORK_ID)
    expect(await rpc(devnet.url, 'system_properties')).toMatchObject({
      tokenSymbol: POLKADOT_DEVNET_TOKEN.symbol,
      tokenDecimals: POLKADOT_DEVNET_TOKEN.decimals,
    })
  })

  it('funds every account (System.Account read raw with state_getStorage); a fresh key holds nothing', async () => {
    for (const account of devnet.accounts) {
      const info = await rpc<string | null>(devnet.url, 'state_getStorage', [systemAccountKey(hexToU8a(account.publicKey))])
      expect(decodeFreeBalance(info)).toBe(POLKADOT_DEVNET_FUNDING)
    }
    const fresh = await rpc<string | null>(devnet.url, 'state_getStorage', [systemAccountKey(new Uint8Array(32).fill(0x11))])
    expect(decodeFreeBalance(fresh)).toBe(0n)
  })

  it('@polkadot/api over HTTP reads the same balance, and the SS58 prefix 2 from the runtime (the spec sets none)', async () => {
    const api = await ApiPromise.create({ provider: new HttpProvider(devnet.url), noInitWarn: true })
    try {
      // No @polkadot/api-augment here: the runtime's metadata is read untyped.
      expect(api.consts['system']?.['ss58Prefix']?.toString()).toBe(String(POLKADOT_DEVNET_SS58_PREFIX))
      expect(api.registry.chainSS58).toBe(POLKADOT_DEVNET_SS58_PREFIX)
      const account = (await api.query['system']!['account']!(devnet.accounts[1]!.address)).toJSON() as { data: { free: number | string } }
      expect(BigInt(account.data.free)).toBe(POLKADOT_DEVNET_FUNDING)
    } finally {
      await api.disconnect()
    }
  }, 30_000)

  it('refuses a taken port instead of moving to the next one (as chopsticks would)', async () => {
    const server: Server = createServer()
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const { port } = server.address() as { port: number }
    try {
      await expect(startPolkadotDevnet({ port })).rejects.toThrow(/already in use/)
    } finally {
      server.close()
    }
  })

  it('stop() ends the chopsticks process, and is idempotent', async () => {
    expect(alive(devnet.pid)).toBe(true)
    await devnet.stop()
    await devnet.stop()
    expect(alive(devnet.pid)).toBe(false)
  })
})
