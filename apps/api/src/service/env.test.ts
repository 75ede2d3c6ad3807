import { ENTRY_POINT_08 } from '@airlock/chains/eip155'
import { describe, expect, it } from 'vitest'
import { envKeysOf, parseServiceEnv, relayConfigOf, smartAccountsOf } from './env'
import { networksWithoutUpstream, SPEC_NETWORKS } from './networks'

const projects = JSON.stringify([{ id: 'demo', name: 'Demo', allowedOrigins: ['https://dapp.example'], features: { analytics: false } }])
const api = {
  AIRLOCK_SERVICE: 'api',
  PORT: '8080',
  AIRLOCK_API_ORIGIN: 'https://api.example',
  AIRLOCK_WIDGET_ORIGIN: 'https://widget.example',
  AIRLOCK_SECURE_ORIGIN: 'https://secure.example',
  AIRLOCK_PROJECTS: projects,
  AIRLOCK_RPC_UPSTREAMS: 'eip155:1=https://eth.example/rpc, solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp=https://sol.example',
  DATABASE_URL: 'postgres://airlock@db:5432/airlock',
  AIRLOCK_API_SECRET: 'b'.repeat(64),
}
const secure = {
  ...api,
  AIRLOCK_API_SECRET: undefined,
  AIRLOCK_SERVICE: 'secure',
  AIRLOCK_KEY_SERVICE_ORIGIN: 'https://keys.example',
  AIRLOCK_SECURE_SECRET: 'a'.repeat(64),
  AIRLOCK_RPC_UPSTREAMS: undefined,
}

/** The message an environment is refused with (an accepted one fails the test). */
function refused(env: Record<string, string | undefined>): string {
  try {
    parseServiceEnv(env)
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('accepted')
}

describe('a service reads its environment', () => {
  it('reads the api: upstreams per CAIP-2 network, projects from JSON, defaults for the rest', () => {
    const env = parseServiceEnv(api)
    expect(env).toMatchObject({
      AIRLOCK_ENV: 'production',
      HOST: '0.0.0.0',
      PORT: 8080,
      AIRLOCK_ADMIN_PORT: 9090,
      AIRLOCK_DRAIN_MS: 10_000,
      AIRLOCK_RPC_UPSTREAMS: { 'eip155:1': 'https://eth.example/rpc', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'https://sol.example' },
      AIRLOCK_PROJECTS: [{ id: 'demo' }],
    })
  })

  it('refuses to start in production without its database, its secret or any network, naming each', () => {
    expect(() => parseServiceEnv({ ...api, DATABASE_URL: undefined, AIRLOCK_RPC_UPSTREAMS: '' })).toThrow(
      /refuses to start in production without:\n.*DATABASE_URL.*\n.*AIRLOCK_RPC_UPSTREAMS/,
    )
    expect(() => parseServiceEnv({ ...secure, AIRLOCK_SECURE_SECRET: undefined })).toThrow(/AIRLOCK_SECURE_SECRET: a random one would seal/)
    expect(() => parseServiceEnv({ ...api, AIRLOCK_API_SECRET: undefined })).toThrow(/AIRLOCK_API_SECRET: a random one per instance/)
    expect(parseServiceEnv(secure).AIRLOCK_SERVICE).toBe('secure')
  })

  it('lets development make up what is missing', () => {
    const env = parseServiceEnv({ ...secure, AIRLOCK_ENV: 'development', DATABASE_URL: '', AIRLOCK_SECURE_SECRET: '' })
    expect(env).toMatchObject({ AIRLOCK_ENV: 'development' })
    expect('DATABASE_URL' in env && env.DATABASE_URL).toBeFalsy()
  })

  it('names the variable of every bad value', () => {
    expect(() => parseServiceEnv({ ...api, AIRLOCK_RPC_UPSTREAMS: 'eip155:1=ftp://x' })).toThrow(
      /"eip155:1=ftp:\/\/x" must be <CAIP-2 chain id>=<http\(s\) URL>/,
    )
    expect(() => parseServiceEnv({ ...api, AIRLOCK_PROJECTS: '[{' })).toThrow(/must be JSON\n.*at AIRLOCK_PROJECTS/)
    expect(() => parseServiceEnv({ ...api, AIRLOCK_PROJECTS: '[]' })).toThrow(/AIRLOCK_PROJECTS/)
    expect(() => parseServiceEnv({ ...api, AIRLOCK_WIDGET_ORIGIN: 'https://widget.example/' })).toThrow(/AIRLOCK_WIDGET_ORIGIN/)
    expect(() => parseServiceEnv({ ...api, AIRLOCK_TRUSTED_PROXIES: '10.0.0.0/8, nonsense' })).toThrow(/AIRLOCK_TRUSTED_PROXIES/)
    expect(() => parseServiceEnv({ ...api, PORT: '70000' })).toThrow(/PORT/)
    expect(() => parseServiceEnv({ ...api, AIRLOCK_RATE_LIMIT: '100' })).toThrow(
      /must be <burst>\/<per second>, e.g. 1000\/100\n.*AIRLOCK_RATE_LIMIT/,
    )
    expect(parseServiceEnv({ ...api, AIRLOCK_RATE_LIMIT: '20/0.5' })).toHaveProperty('AIRLOCK_RATE_LIMIT', {
      capacity: 20,
      refillPerSecond: 0.5,
    })
    expect(() => parseServiceEnv({ ...secure, AIRLOCK_SECURE_SECRET: 'short' })).toThrow(/at least 32 bytes\n.*at AIRLOCK_SECURE_SECRET/)
    expect(() => parseServiceEnv({ ...api, AIRLOCK_SERVICE: 'keys' })).toThrow(
      'AIRLOCK_SERVICE must be one of api, secure, widget, demo (got "keys")',
    )
  })

  it('lists what each service reads (what docker-compose.yml may set)', () => {
    expect(envKeysOf('demo')).toEqual(expect.arrayContaining(['AIRLOCK_DAPP_ORIGIN', 'AIRLOCK_WIDGET_ORIGIN', 'PORT']))
    expect(envKeysOf('demo')).not.toContain('DATABASE_URL')
    expect(envKeysOf('secure')).toEqual(expect.arrayContaining(['DATABASE_URL', 'AIRLOCK_SECURE_SECRET', 'AIRLOCK_SMTP_URL']))
    expect(envKeysOf('api')).not.toContain('AIRLOCK_SECURE_SECRET')
  })
})

describe('the smart-account relay variables', () => {
  const relayerKey = `0x${'1'.repeat(64)}`
  const signerKey = `0x${'2'.repeat(64)}`
  const delegator = '0x63c0c19a282a1B52b07dD5a65b58948A07DAE32B'
  const paymaster = '0xb5bf46f7e48ff4497ca4bf1a7660e481851bd4cd'
  const policies = JSON.stringify([{ projectId: 'demo', chains: [8453, 10], contracts: [], dailyBudgetWei: '1000000000000000' }])
  const external = {
    ...api,
    AIRLOCK_SMART_ACCOUNT_DELEGATOR: delegator,
    AIRLOCK_SMART_ACCOUNT_BUNDLER_URLS:
      '8453=https://bundler.example/v2/8453/rpc?apikey=k1, 10=https://bundler.example/v2/10/rpc?apikey=k1',
    AIRLOCK_SMART_ACCOUNT_PAYMASTER_URLS: '8453=https://paymaster.example/8453?key=k2,10=https://paymaster.example/10?key=k2',
    AIRLOCK_SMART_ACCOUNT_POLICIES: policies,
  }

  it('set nothing: the API serves no relay', () => {
    expect(relayConfigOf(parseServiceEnv(api))).toBeUndefined()
  })

  it('read an external bundler and paymaster per chain, the DeleGator and the policies', () => {
    expect(relayConfigOf(parseServiceEnv(external))).toEqual({
      delegator,
      external: {
        8453: { bundlerUrl: 'https://bundler.example/v2/8453/rpc?apikey=k1', paymasterUrl: 'https://paymaster.example/8453?key=k2' },
        10: { bundlerUrl: 'https://bundler.example/v2/10/rpc?apikey=k1', paymasterUrl: 'https://paymaster.example/10?key=k2' },
      },
      policies: [{ projectId: 'demo', chains: [8453, 10], contracts: [], dailyBudgetWei: 10n ** 15n }],
    })
  })

  it('read the built-in relay, alone or beside external chains', () => {
    const builtIn = {
      ...api,
      AIRLOCK_SMART_ACCOUNT_RELAYER_KEY: relayerKey,
      AIRLOCK_SMART_ACCOUNT_PAYMASTER_SIGNER_KEY: signerKey,
      AIRLOCK_SMART_ACCOUNT_PAYMASTER: paymaster,
      AIRLOCK_SMART_ACCOUNT_DELEGATOR: delegator,
      AIRLOCK_SMART_ACCOUNT_POLICIES: policies,
    }
    expect(relayConfigOf(parseServiceEnv(builtIn))).toMatchObject({
      relayerKey,
      paymasterSignerKey: signerKey,
      paymaster: '0xb5Bf46f7E48FF4497CA4bF1a7660e481851BD4cd',
      external: {},
    })
    const both = relayConfigOf(
      parseServiceEnv({
        ...external,
        ...builtIn,
        AIRLOCK_SMART_ACCOUNT_BUNDLER_URLS: '10=https://b.example',
        AIRLOCK_SMART_ACCOUNT_PAYMASTER_URLS: '10=https://p.example',
      }),
    )
    expect(Object.keys(both?.external ?? {})).toEqual(['10'])
  })

  it('name the variable of every bad value, and never echo a service URL', () => {
    expect(refused({ ...external, AIRLOCK_SMART_ACCOUNT_RELAYER_KEY: '0x12' })).toMatch(
      /must be a 0x-prefixed 32-byte private key\n.*at AIRLOCK_SMART_ACCOUNT_RELAYER_KEY/,
    )
    expect(refused({ ...external, AIRLOCK_SMART_ACCOUNT_RELAYER_KEY: relayerKey })).toMatch(
      /the built-in relay needs relayerKey, paymasterSignerKey, paymaster together\n.*at AIRLOCK_SMART_ACCOUNT_PAYMASTER_SIGNER_KEY/,
    )
    const badPair = refused({ ...external, AIRLOCK_SMART_ACCOUNT_BUNDLER_URLS: '8453=ftp://bundler.example?apikey=k1' })
    expect(badPair).toMatch(/the pair of chain "8453" must be <decimal chain id>=<http\(s\) URL>\n.*at AIRLOCK_SMART_ACCOUNT_BUNDLER_URLS/)
    expect(badPair).not.toContain('apikey')
    expect(refused({ ...external, AIRLOCK_SMART_ACCOUNT_BUNDLER_URLS: 'base=https://bundler.example' })).toMatch(
      /the pair of chain "base" must be/,
    )
    expect(refused({ ...external, AIRLOCK_SMART_ACCOUNT_PAYMASTER_URLS: '8453=https://paymaster.example' })).toMatch(
      /chain 10 needs both an external bundler and paymaster, or neither\n.*at AIRLOCK_SMART_ACCOUNT_PAYMASTER_URLS/,
    )
    expect(refused({ ...external, AIRLOCK_SMART_ACCOUNT_POLICIES: '[{"projectId":"demo"}]' })).toMatch(
      /at AIRLOCK_SMART_ACCOUNT_POLICIES\[0\]\.chains/,
    )
    expect(refused({ ...external, AIRLOCK_SMART_ACCOUNT_POLICIES: policies.replace('[8453,10]', '[8453,10,1]') })).toMatch(
      /sponsored chains without a relay \(1\).*\n.*at AIRLOCK_SMART_ACCOUNT_POLICIES/,
    )
    expect(refused({ ...external, AIRLOCK_SMART_ACCOUNT_DELEGATOR: undefined })).toMatch(
      /is needed with any other AIRLOCK_SMART_ACCOUNT_ variable\n.*at AIRLOCK_SMART_ACCOUNT_DELEGATOR/,
    )
    expect(refused({ ...external, AIRLOCK_SMART_ACCOUNT_DELEGATOR: '0x12' })).toMatch(/at AIRLOCK_SMART_ACCOUNT_DELEGATOR/)
  })

  it('set empty, as docker-compose passes an unset ${NAME:-}, are not set', () => {
    const empty = {
      AIRLOCK_SMART_ACCOUNT_DELEGATOR: '',
      AIRLOCK_SMART_ACCOUNT_POLICIES: '',
      AIRLOCK_SMART_ACCOUNT_BUNDLER_URLS: '',
      AIRLOCK_SMART_ACCOUNT_PAYMASTER_URLS: '',
      AIRLOCK_SMART_ACCOUNT_RELAYER_KEY: '',
      AIRLOCK_SMART_ACCOUNT_PAYMASTER_SIGNER_KEY: '',
      AIRLOCK_SMART_ACCOUNT_PAYMASTER: '',
    }
    expect(relayConfigOf(parseServiceEnv({ ...api, ...empty }))).toBeUndefined()
    // One set beside the empty others is read as alone.
    expect(() => parseServiceEnv({ ...api, ...empty, AIRLOCK_SMART_ACCOUNT_PAYMASTER: paymaster })).toThrow(
      /is needed with any other AIRLOCK_SMART_ACCOUNT_ variable\n.*at AIRLOCK_SMART_ACCOUNT_DELEGATOR/,
    )
  })

  it("are not WalletConnect's AIRLOCK_RELAY_URL, which only the widget reads", () => {
    expect(envKeysOf('api')).toEqual(expect.arrayContaining(['AIRLOCK_SMART_ACCOUNT_BUNDLER_URLS', 'AIRLOCK_SMART_ACCOUNT_POLICIES']))
    expect(envKeysOf('api')).not.toContain('AIRLOCK_RELAY_URL')
    expect(envKeysOf('secure')).not.toContain('AIRLOCK_SMART_ACCOUNT_RELAYER_KEY')
  })
})

describe("the secure service's smart-account variables", () => {
  const delegator = '0x63c0c19a282a1b52b07dd5a65b58948a07dae32b'

  it('name the DeleGator and the chains where the frame offers a smart account, each chain once', () => {
    const env = parseServiceEnv({ ...secure, AIRLOCK_SMART_ACCOUNT_DELEGATOR: delegator, AIRLOCK_SMART_ACCOUNT_CHAINS: '8453, 10,8453' })
    const checksummed = '0x63c0c19a282a1B52b07dD5a65b58948A07DAE32B'
    expect(smartAccountsOf(env)).toEqual([
      { chainId: 10, delegator: checksummed, entryPoint: ENTRY_POINT_08 },
      { chainId: 8453, delegator: checksummed, entryPoint: ENTRY_POINT_08 },
    ])
  })

  it('set neither, or empty as docker-compose passes them unset: no smart account', () => {
    expect(smartAccountsOf(parseServiceEnv(secure))).toBeUndefined()
    expect(
      smartAccountsOf(parseServiceEnv({ ...secure, AIRLOCK_SMART_ACCOUNT_DELEGATOR: '', AIRLOCK_SMART_ACCOUNT_CHAINS: '' })),
    ).toBeUndefined()
  })

  it('go together, and name the variable of a bad value', () => {
    expect(refused({ ...secure, AIRLOCK_SMART_ACCOUNT_DELEGATOR: delegator })).toMatch(
      /is needed with AIRLOCK_SMART_ACCOUNT_DELEGATOR \(set both, or neither\)\n.*at AIRLOCK_SMART_ACCOUNT_CHAINS/,
    )
    expect(refused({ ...secure, AIRLOCK_SMART_ACCOUNT_CHAINS: '8453', AIRLOCK_SMART_ACCOUNT_DELEGATOR: '' })).toMatch(
      /is needed with AIRLOCK_SMART_ACCOUNT_CHAINS \(set both, or neither\)\n.*at AIRLOCK_SMART_ACCOUNT_DELEGATOR/,
    )
    const chains = (value: string) =>
      refused({ ...secure, AIRLOCK_SMART_ACCOUNT_DELEGATOR: delegator, AIRLOCK_SMART_ACCOUNT_CHAINS: value })
    expect(chains('eip155:8453')).toMatch(/must be a decimal EVM chain id\n.*at AIRLOCK_SMART_ACCOUNT_CHAINS\[0\]/)
    expect(chains('8453,0x2105')).toMatch(/at AIRLOCK_SMART_ACCOUNT_CHAINS\[1\]/)
    expect(chains(' , ')).toMatch(/must name at least one decimal chain id\n.*at AIRLOCK_SMART_ACCOUNT_CHAINS/)
    expect(refused({ ...secure, AIRLOCK_SMART_ACCOUNT_DELEGATOR: '0x12', AIRLOCK_SMART_ACCOUNT_CHAINS: '8453' })).toMatch(
      /at AIRLOCK_SMART_ACCOUNT_DELEGATOR/,
    )
  })

  it("are all the secure service reads of the relay: never its keys nor its providers' URLs", () => {
    expect(
      envKeysOf('secure')
        .filter((key) => key.startsWith('AIRLOCK_SMART_ACCOUNT_'))
        .sort(),
    ).toEqual(['AIRLOCK_SMART_ACCOUNT_CHAINS', 'AIRLOCK_SMART_ACCOUNT_DELEGATOR'])
  })
})

describe('the networks of SPEC section 9', () => {
  it('are 26 EVM chains and 3 Solana clusters, each reported while it has no upstream', () => {
    expect(SPEC_NETWORKS.filter((id) => id.startsWith('eip155:'))).toHaveLength(26)
    expect(SPEC_NETWORKS.filter((id) => id.startsWith('solana:'))).toHaveLength(3)
    const upstreams = parseServiceEnv(api)
    const missing = networksWithoutUpstream('AIRLOCK_RPC_UPSTREAMS' in upstreams ? (upstreams.AIRLOCK_RPC_UPSTREAMS ?? {}) : {})
    expect(missing).not.toContain('eip155:1')
    expect(missing).not.toContain('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
    expect(missing).toContain('eip155:8217')
    expect(missing).toHaveLength(SPEC_NETWORKS.length - 2)
  })
})
