import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { devConfig, parseStackConfig } from './config'

describe('devConfig', () => {
  it('gives the local origins, the demo project and the devnet upstreams (the anvil chains, the Solana cluster and the Bitcoin esplora)', () => {
    const config = devConfig()
    expect(config.origins).toEqual({
      dapp: 'http://dapp.localhost:4400',
      widget: 'http://widget.localhost:4401',
      secure: 'http://secure.localhost:4402',
      api: 'http://api.localhost:4403',
    })
    expect(config.ports).toEqual({ dapp: 4400, widget: 4401, secure: 4402, api: 4403 })
    expect(config.host).toBe('127.0.0.1')
    expect(config.projects).toEqual([
      {
        id: 'demo',
        name: 'Airlock Demo',
        allowedOrigins: ['http://dapp.localhost:4400', 'http://localhost:4400', 'http://127.0.0.1:4400'],
        serverRpc: true,
        features: { analytics: false },
      },
    ])
    expect(config.rpcUpstreams).toEqual({
      'eip155:31337': 'http://127.0.0.1:8545',
      'eip155:31338': 'http://127.0.0.1:8546',
      'solana:5txxptpv1W9LM5n8vt4uSbVwmTy4Zn4z': 'http://127.0.0.1:4411',
      'bip122:0f9188f13cb7b2c71f2a335e3a4fc328': 'http://127.0.0.1:4413',
      'polkadot:45454545454545454545454545454545': 'http://127.0.0.1:4414',
    })
    expect(config.dev).toBeUndefined()
  })

  it('resolves the dist dirs from the repository, not the working directory', () => {
    const config = devConfig()
    const apps = join(import.meta.dirname, '..', '..')
    expect(config.widgetDistDir).toBe(join(apps, 'widget', 'dist'))
    expect(config.hostSdkDistDir).toBe(join(apps, 'host-sdk', 'dist'))
    expect(config.secureFrameDistDir).toBe(join(apps, 'secure-frame', 'dist'))
    expect(config.demoDistDir).toBe(join(apps, 'demo', 'dist'))
    expect(existsSync(join(apps, 'api', 'src', 'config.ts'))).toBe(true)
  })

  it('takes other ports for every server and chain', () => {
    const config = devConfig({
      dapp: 25400,
      widget: 25401,
      secure: 25402,
      api: 25403,
      anvil: { 31337: 25545 },
      solana: 25411,
      bitcoin: 25413,
      polkadot: 25414,
    })
    expect(config.origins.widget).toBe('http://widget.localhost:25401')
    expect(config.ports.api).toBe(25403)
    expect(config.projects[0]?.allowedOrigins).toEqual(['http://dapp.localhost:25400', 'http://localhost:25400', 'http://127.0.0.1:25400'])
    expect(config.rpcUpstreams).toEqual({
      'eip155:31337': 'http://127.0.0.1:25545',
      'eip155:31338': 'http://127.0.0.1:8546',
      'solana:5txxptpv1W9LM5n8vt4uSbVwmTy4Zn4z': 'http://127.0.0.1:25411',
      'bip122:0f9188f13cb7b2c71f2a335e3a4fc328': 'http://127.0.0.1:25413',
      'polkadot:45454545454545454545454545454545': 'http://127.0.0.1:25414',
    })
    expect(() => parseStackConfig(config)).not.toThrow()
  })

  it('keeps the devnet wallet for the registry through the config check (the API lists it: the devnet extension is named from it)', () => {
    expect(parseStackConfig(devConfig()).extraWallets?.map((w) => w.name)).toEqual(['Devnet Wallet'])
  })
})

describe('parseStackConfig', () => {
  it('rejects bad origins, upstreams, ports and relative dirs with a readable message', () => {
    const bad = {
      ...devConfig(),
      origins: { ...devConfig().origins, widget: 'http://widget.localhost:4401/' },
      ports: { ...devConfig().ports, api: 70000 },
      rpcUpstreams: { eip155: 'http://127.0.0.1:8545', 'eip155:1': 'file:///etc/passwd' },
      widgetDistDir: 'apps/widget/dist',
    }
    expect(() => parseStackConfig(bad)).toThrow(/Invalid Airlock stack config/)
    try {
      parseStackConfig(bad)
    } catch (error) {
      const message = (error as Error).message
      for (const path of ['origins.widget', 'ports.api', 'rpcUpstreams', 'widgetDistDir']) expect(message).toContain(path)
    }
  })

  it('rejects a project whose allowed origin could inject into a CSP header', () => {
    const config = devConfig()
    const project = { id: 'x', name: 'X', allowedOrigins: ["http://a.com; script-src 'unsafe-inline'"], features: { analytics: false } }
    expect(() => parseStackConfig({ ...config, projects: [project] })).toThrow(/allowedOrigins/)
  })

  it('keeps the Farcaster relay and its functions, and rejects a relay that is not http(s)', async () => {
    const custodyOf = async () => '0x0000000000000000000000000000000000000001' as const
    const fetch = async () => new Response('{}')
    const parsed = parseStackConfig({ ...devConfig(), farcaster: { relayUrl: 'http://farcaster.localhost:4409', custodyOf, fetch } })
    expect(parsed.farcaster).toEqual({ relayUrl: 'http://farcaster.localhost:4409', custodyOf, fetch })
    expect(await parsed.farcaster!.custodyOf!(1)).toBe('0x0000000000000000000000000000000000000001')
    expect(() => parseStackConfig({ ...devConfig(), farcaster: { relayUrl: 'file:///etc/passwd' } })).toThrow(/farcaster\.relayUrl/)
    expect(() =>
      parseStackConfig({ ...devConfig(), farcaster: { relayUrl: 'https://relay.farcaster.xyz', custodyOf: 'x' as never } }),
    ).toThrow(/farcaster\.custodyOf/)
  })
})

describe('devConfig for the data API', () => {
  it('keeps the DEX and the on-ramp sandbox through parseStackConfig', () => {
    const parsed = parseStackConfig(devConfig())
    expect(Object.keys(parsed.dex ?? {})).toEqual(['eip155:31337', 'eip155:31338'])
    expect(parsed.onramp?.networks.map((network) => network.chain)).toEqual(['eip155:31337', 'eip155:31338'])
  })

  it('keeps trusted proxies and analytics limits, and names a bad proxy or limit', () => {
    const parsed = parseStackConfig({ ...devConfig(), trustedProxies: ['10.0.0.0/8', 'fd00::/8'], analytics: { retentionDays: 30 } })
    expect([parsed.trustedProxies, parsed.analytics]).toEqual([['10.0.0.0/8', 'fd00::/8'], { retentionDays: 30 }])
    expect(() => parseStackConfig({ ...devConfig(), trustedProxies: ['10.0.0.0/8', 'lb.internal'] })).toThrow(
      /must be an IPv4 or IPv6 address or CIDR range[\s\S]*trustedProxies\[1\]/,
    )
    expect(() => parseStackConfig({ ...devConfig(), analytics: { eventsPerWindow: 0 } })).toThrow(/analytics\.eventsPerWindow/)
  })
})
