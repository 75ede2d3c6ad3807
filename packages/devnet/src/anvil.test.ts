import { execFile } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { fileURLToPath } from 'node:url'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devnetAccounts } from './accounts'
import { anvilPlatformPackage, resolveAnvilBinary } from './anvil-binary'
import { DEVNET_CHAINS } from './chains'
import { startDevnet, type Devnet } from './devnet'
import { DEVNET_CONTRACTS, PortInUseError } from './index'

// Ports reserved for this file; far from npm start's 8545/8546 and the other test files.
const PORTS = [18645, 18646] as const
const TAKEN_PORT = 18647
const SOLO_PORT = 18648
const ORPHAN_PORTS = { exit: 18649, SIGTERM: 18650, SIGINT: 18651 } as const
const BAD_FLAG_PORT = 18652

async function rpc<T = string>(url: string, method: string, params: unknown[] = []): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await res.json()) as { result: T }).result
}

// A zombie (killed, not yet reaped by whoever inherited it) counts as dead.
const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0)
  } catch {
    return false
  }
  if (process.platform !== 'linux') return true
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'))
  } catch {
    return false
  }
}

const portIsFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = createServer()
    s.once('error', () => resolve(false))
    s.listen({ host: '127.0.0.1', port, exclusive: true }, () => s.close(() => resolve(true)))
  })

describe('anvil binary', () => {
  it('resolves the platform package binary', () => {
    expect(anvilPlatformPackage('linux', 'x64')).toBe('@foundry-rs/anvil-linux-amd64')
    expect(anvilPlatformPackage('darwin', 'arm64')).toBe('@foundry-rs/anvil-darwin-arm64')
    expect(() => anvilPlatformPackage('sunos', 'x64')).toThrow(/no prebuilt binary for sunos\/x64/)
    expect(resolveAnvilBinary()).toMatch(/@foundry-rs[\\/]anvil-[a-z0-9]+-[a-z0-9]+[\\/]bin[\\/]anvil(\.exe)?$/)
  })
})

describe('startDevnet', () => {
  let devnet: Devnet
  beforeAll(async () => {
    devnet = await startDevnet({ ports: PORTS })
  })
  afterAll(() => devnet?.stop())

  it('starts both chains with the default chain ids on the requested ports', async () => {
    expect(devnet.chains.map(({ chainId, caipNetworkId, rpcUrl, port, name }) => ({ chainId, caipNetworkId, rpcUrl, port, name }))).toEqual(
      [
        { chainId: 31337, caipNetworkId: 'eip155:31337', rpcUrl: 'http://127.0.0.1:18645', port: 18645, name: 'Airlock Devnet' },
        { chainId: 31338, caipNetworkId: 'eip155:31338', rpcUrl: 'http://127.0.0.1:18646', port: 18646, name: 'Airlock Devnet 2' },
      ],
    )
    for (const chain of devnet.chains) {
      expect(Number(await rpc(chain.rpcUrl, 'eth_chainId'))).toBe(chain.chainId)
      // Contracts are deployed by default (details in contracts/contracts.test.ts).
      expect(await rpc(chain.rpcUrl, 'eth_getCode', [DEVNET_CONTRACTS.uniswapV2Router, 'latest'])).toMatch(/^0x60/)
    }
    expect(devnet.contracts).toBe(DEVNET_CONTRACTS)
    expect(DEVNET_CHAINS.map((c) => [c.chainId, c.port])).toEqual([
      [31337, 8545],
      [31338, 8546],
    ])
  })

  it('funds the same 10 accounts with 10000 ETH on both chains', async () => {
    expect(devnet.accounts).toEqual(devnetAccounts)
    for (const chain of devnet.chains) {
      const nodeAccounts = await rpc<string[]>(chain.rpcUrl, 'eth_accounts')
      expect(nodeAccounts.map((a) => a.toLowerCase())).toEqual(devnetAccounts.map((a) => a.address.toLowerCase()))
      for (const { address } of [devnetAccounts[0]!, devnetAccounts[9]!]) {
        expect(BigInt(await rpc(chain.rpcUrl, 'eth_getBalance', [address, 'latest']))).toBe(10_000n * 10n ** 18n)
      }
    }
  })

  it('refuses a port held by another node instead of connecting to it', async () => {
    const error = await startDevnet({ chains: [{ chainId: 31337, name: 'dup', port: PORTS[0] }] }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PortInUseError)
    expect((error as Error).message).toMatch(/port 18645 on 127\.0\.0\.1 is already in use/)
  })
})

describe('startDevnet options and lifecycle', () => {
  let blocker: Server
  beforeAll(async () => {
    blocker = createServer()
    await new Promise<void>((r) => blocker.listen(TAKEN_PORT, '127.0.0.1', r))
  })
  afterAll(() => new Promise<void>((r) => blocker.close(() => r())))

  it('fails clearly when a port is taken and leaves no node behind', async () => {
    const started = Date.now()
    await expect(startDevnet({ ports: [SOLO_PORT, TAKEN_PORT] })).rejects.toThrow(
      /chain 31338: port 18647 on 127\.0\.0\.1 is already in use/,
    )
    expect(Date.now() - started).toBeLessThan(3000)
    // The chain that did start was torn down again.
    expect(await portIsFree(SOLO_PORT)).toBe(true)
  })

  it('applies accounts count and block time, and stop() kills the process and frees the port', async () => {
    const devnet = await startDevnet({
      chains: [{ chainId: 4242, name: 'solo', port: SOLO_PORT }],
      accounts: 12,
      blockTime: 0.2,
    })
    try {
      const [chain] = devnet.chains
      expect(chain!.chainId).toBe(4242)
      expect(Number(await rpc(chain!.rpcUrl, 'eth_chainId'))).toBe(4242)
      // Beyond the 10 hardcoded accounts, keys are derived from the mnemonic like anvil does.
      expect(devnet.accounts.slice(0, 10)).toEqual(devnetAccounts)
      const nodeAccounts = await rpc<string[]>(chain!.rpcUrl, 'eth_accounts')
      expect(nodeAccounts.map((a) => a.toLowerCase())).toEqual(devnet.accounts.map((a) => a.address.toLowerCase()))
      expect(privateKeyToAccount(devnet.accounts[11]!.privateKey).address).toBe(devnet.accounts[11]!.address)
      // Interval mining produces blocks without any transaction.
      await new Promise((r) => setTimeout(r, 700))
      expect(Number(await rpc(chain!.rpcUrl, 'eth_blockNumber'))).toBeGreaterThanOrEqual(2)
      expect(isAlive(chain!.pid)).toBe(true)

      await Promise.all([devnet.stop(), devnet.stop()])
      await devnet.stop()
      expect(isAlive(chain!.pid)).toBe(false)
      expect(await portIsFree(SOLO_PORT)).toBe(true)
      await expect(rpc(chain!.rpcUrl, 'eth_chainId')).rejects.toThrow()
    } finally {
      await devnet.stop()
    }
  })
})

describe('startup failures and orphan protection', () => {
  it("reports anvil's own output when it dies during startup", async () => {
    const error = await startDevnet({
      chains: [{ chainId: 31337, name: 'bad', port: BAD_FLAG_PORT }],
      anvilArgs: ['--no-such-flag'],
    }).then(
      async (devnet) => (await devnet.stop(), new Error('unexpectedly started')),
      (e: unknown) => e as Error,
    )
    expect(error).toBeInstanceOf(Error)
    expect(error.message).toMatch(/anvil \(chain 31337, http:\/\/127\.0\.0\.1:18652\) exited during startup/)
    expect(error.message).toMatch(/anvil output:[\s\S]*--no-such-flag/)
  })

  const fixture = fileURLToPath(new URL('./test-fixtures/start-and-leave.ts', import.meta.url))
  for (const how of ['exit', 'SIGTERM', 'SIGINT'] as const) {
    it.concurrent(
      `kills anvil when the owning process ends via ${how} without stop()`,
      async () => {
        const stdout = await new Promise<string>((resolve) => {
          execFile(process.execPath, ['--import', 'tsx', fixture, how, String(ORPHAN_PORTS[how])], (_err, out) => resolve(out))
        })
        const pids = JSON.parse(stdout.trim()) as number[]
        expect(pids).toHaveLength(1)
        const pid = pids[0]!
        try {
          // The SIGKILL is sent synchronously, but the process may need a moment to go.
          for (let i = 0; i < 50 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 20))
          expect(isAlive(pid)).toBe(false)
          expect(await portIsFree(ORPHAN_PORTS[how])).toBe(true)
        } finally {
          if (isAlive(pid)) process.kill(pid, 'SIGKILL')
        }
      },
      15_000,
    )
  }
})
