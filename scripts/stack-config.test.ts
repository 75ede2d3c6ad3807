import { bitcoinRegtest, polkadotDevnet, solanaLocalnet } from '@airlock/chains'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DEFAULT_BITCOIN_PORT, DEFAULT_POLKADOT_PORT, devConfig } from '../apps/api/src/config'
import { BENCH_PORTS, devnetChainPorts, E2E_PORTS, START_PORTS, type StackPortsOption } from './stack-config'

/** Every port a stack listens on: the Solana devnet's WebSocket API takes the one after its JSON-RPC. */
const listening = (ports: StackPortsOption): number[] => {
  const { anvil, ...named } = ports
  return [...Object.values(named as unknown as Record<string, number>), ports.solana + 1, ...Object.values(anvil)]
}

afterEach(() => {
  vi.unstubAllEnvs()
  vi.resetModules()
})

describe('the stack ports', () => {
  it('the Bitcoin devnet listens on 4413 under npm start, 14413 for e2e and 34413 for the bench', () => {
    expect([START_PORTS.bitcoin, E2E_PORTS.bitcoin, BENCH_PORTS.bitcoin]).toEqual([4413, 14413, 34413])
    expect(START_PORTS.bitcoin).toBe(DEFAULT_BITCOIN_PORT)
  })

  it('the Polkadot devnet listens on 4414 under npm start, 14414 for e2e and 34414 for the bench', () => {
    expect([START_PORTS.polkadot, E2E_PORTS.polkadot, BENCH_PORTS.polkadot]).toEqual([4414, 14414, 34414])
    expect(START_PORTS.polkadot).toBe(DEFAULT_POLKADOT_PORT)
  })

  it('no two services share a port, within a stack or across the three, so all can run at once', () => {
    const all = [START_PORTS, E2E_PORTS, BENCH_PORTS].flatMap(listening)
    expect(all.filter((port, i) => all.indexOf(port) !== i)).toEqual([])
  })

  it('AIRLOCK_E2E_PORT_OFFSET shifts every e2e port, the Bitcoin and Polkadot devnets included', async () => {
    vi.stubEnv('AIRLOCK_E2E_PORT_OFFSET', '100')
    vi.resetModules()
    const shifted = (await import('./stack-config')).E2E_PORTS
    expect(shifted.bitcoin).toBe(14513)
    expect(shifted.polkadot).toBe(14514)
    expect(listening(shifted)).toEqual(listening(E2E_PORTS).map((port) => port + 100))
  })

  it("the api's devnet upstreams are the stack's own nodes: bip122 regtest at the Bitcoin devnet's esplora, polkadot at chopsticks", () => {
    for (const ports of [START_PORTS, E2E_PORTS, BENCH_PORTS]) {
      const chains = devnetChainPorts(ports)
      expect(chains[bitcoinRegtest.caipNetworkId]).toBe(ports.bitcoin)
      expect(chains[solanaLocalnet.caipNetworkId]).toBe(ports.solana)
      expect(chains[polkadotDevnet.caipNetworkId]).toBe(ports.polkadot)
      expect(devConfig(ports).rpcUpstreams).toEqual(
        Object.fromEntries(Object.entries(chains).map(([network, port]) => [network, `http://127.0.0.1:${port}`])),
      )
    }
  })
})
