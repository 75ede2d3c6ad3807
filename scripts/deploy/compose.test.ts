import { bitcoinRegtest, polkadotDevnet, solanaLocalnet } from '@airlock/chains'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { keyServiceConfigFromEnv } from '../../apps/api/src/origins/key-service/env'
import { KeyServiceConfig } from '../../apps/api/src/origins/key-service/server'
import { secureOriginPublicKey } from '../../apps/api/src/origins/secure/secrets'
import { parseServiceEnv, relayConfigOf, SERVICES, smartAccountsOf } from '../../apps/api/src/service/env'
import { checkDeployment, parseCaddyfile, SECRET_NAME, type ComposeDocument } from './compose-check'
import {
  COMPOSE_FILE,
  composeConfig,
  KEY_SERVICE_COMPOSE_FILE,
  KEY_SERVICE_DIR,
  rawCompose,
  readCaddyfile,
  readKeyServiceCaddyfile,
  ROOT,
  runCompose,
} from './compose-files'
import { parseDevnetServicesEnv } from './devnet-env'
import { deployEnv, EXAMPLE_HEADER, formatEnvFile, KEY_SERVICE_EXAMPLE_HEADER, keyServiceDeployEnv } from './env-file'

/**
 * docker-compose.yml (the secure origin's host) and deploy/key-service/docker-compose.yml (the key
 * service's own host) against Debian's docker-compose (1.29: `config` validates a file offline;
 * no Docker daemon is needed) and against what the servers read. .ci/run installs docker-compose.
 */

const EXAMPLE = readFileSync(join(ROOT, '.env.example'), 'utf8')
const KEY_SERVICE_EXAMPLE = readFileSync(join(KEY_SERVICE_DIR, '.env.example'), 'utf8')
const COMPOSE_TEXT = readFileSync(COMPOSE_FILE, 'utf8')
const KEY_SERVICE_COMPOSE_TEXT = readFileSync(KEY_SERVICE_COMPOSE_FILE, 'utf8')
const devnetEnv = formatEnvFile(deployEnv({ devnet: true }), '')
const productionEntries = deployEnv({ domain: 'airlock.example.com' }).map((entry) =>
  entry.name === 'AIRLOCK_RPC_UPSTREAMS' ? { ...entry, value: 'eip155:1=https://ethereum-rpc.example' } : entry,
)
const productionEnv = formatEnvFile(productionEntries, '')
const secureSecret = productionEntries.find((entry) => entry.name === 'AIRLOCK_SECURE_SECRET')!.value
/** The key service's own file, written on its host with the public key the secure origin's operator handed over. */
const keyServiceEntries = keyServiceDeployEnv({ domain: 'airlock.example.com', secureOriginPublicKey: secureOriginPublicKey(secureSecret) })
const keyServiceEnv = formatEnvFile(keyServiceEntries, '')
const proxyOf = (compose: ComposeDocument, caddyfile = readCaddyfile()) =>
  parseCaddyfile(caddyfile, { AIRLOCK_DOMAIN: String(compose.services.proxy!.environment!.AIRLOCK_DOMAIN) })
/** The variables a compose file interpolates, and whether it refuses to run without each (`${VAR:?…}`). */
const composeVariables = (text = COMPOSE_TEXT): Map<string, boolean> => {
  const found = new Map<string, boolean>()
  for (const [, name, operator] of text.matchAll(/\$\{(\w+)(:\?|:-)?/g)) found.set(name!, found.get(name!) === true || operator === ':?')
  return found
}
const DEVNET = { profiles: ['devnet'] }
const withoutLine = (envFile: string, name: string) => envFile.replace(new RegExp(`^${name}=.*$`, 'm'), '')
const clone = <T>(value: T): T => structuredClone(value)

describe('docker-compose.yml', () => {
  it('is valid for docker-compose, with and without the devnet profile', { timeout: 60_000 }, () => {
    for (const args of [
      ['config', '-q'],
      ['--profile', 'devnet', 'config', '-q'],
    ]) {
      const run = runCompose(args, EXAMPLE)
      expect(run.stderr, args.join(' ')).toBe('')
      expect(run.status, args.join(' ')).toBe(0)
    }
    expect(runCompose(['--version'], '').stdout).toMatch(/docker-compose version 1\.29/)
  })

  it('refuses to run without each required variable, and names it', { timeout: 60_000 }, () => {
    const required = [...composeVariables()].filter(([, isRequired]) => isRequired).map(([name]) => name)
    expect(required.sort()).toEqual(
      ['AIRLOCK_API_SECRET', 'AIRLOCK_PROJECTS', 'AIRLOCK_RPC_UPSTREAMS', 'AIRLOCK_SECURE_SECRET', 'POSTGRES_PASSWORD'].sort(),
    )
    for (const name of required) {
      const run = runCompose(['config', '-q'], withoutLine(EXAMPLE, name))
      expect(run.status, name).not.toBe(0)
      expect(run.stderr, name).toContain(`set ${name}`)
    }
  })

  it('holds together with the servers and the proxy: variables, ports, routes, storage, secrets', { timeout: 60_000 }, () => {
    const raw = rawCompose()
    const devnet = composeConfig(devnetEnv, ['devnet'])
    expect(Object.keys(devnet.services).sort()).toEqual([
      'api',
      'demo',
      'devnet',
      'keys',
      'keys-db',
      'postgres',
      'proxy',
      'secure',
      'widget',
    ])
    expect(checkDeployment(devnet, raw, proxyOf(devnet), DEVNET)).toEqual([])
    const production = composeConfig(productionEnv)
    // The key service and its database run here under the devnet profile alone; its TLS is its own host's.
    for (const name of ['devnet', 'keys', 'keys-db']) expect(production.services[name]!.profiles, name).toEqual(['devnet'])
    expect(proxyOf(production).routes.map((route) => route.host)).not.toContain('keys.airlock.example.com')
    expect(production.services.secure!.environment!.AIRLOCK_SECURE_ORIGIN).toBe('https://secure.airlock.example.com')
    expect(production.services.secure!.environment!.AIRLOCK_KEY_SERVICE_ORIGIN).toBe('https://keys.airlock.example.com')
    expect(checkDeployment(production, raw, proxyOf(production))).toEqual([])
  })

  it('gives each server an environment it starts from in production', { timeout: 60_000 }, () => {
    const compose = composeConfig(devnetEnv, ['devnet'])
    const envOf = (name: string) => compose.services[name]!.environment as Record<string, string>
    for (const name of SERVICES) expect(parseServiceEnv(envOf(name))).toMatchObject({ AIRLOCK_SERVICE: name, AIRLOCK_ENV: 'production' })
    const keys = KeyServiceConfig.safeParse(keyServiceConfigFromEnv(envOf('keys')))
    expect(keys.error).toBeUndefined()
    // The key service checks the secure service's assertions with the key its secret gives.
    expect(keys.data!.secureOriginPublicKey).toBe(secureOriginPublicKey(envOf('secure').AIRLOCK_SECURE_SECRET!))
    expect(parseDevnetServicesEnv(envOf('devnet')).DEVNET_RELAY_URL).toBe('wss://relay.localhost')
    // The api reaches every devnet chain in the devnet container, the Bitcoin devnet's esplora and chopsticks too.
    expect(parseServiceEnv(envOf('api'))).toMatchObject({
      AIRLOCK_RPC_UPSTREAMS: {
        'eip155:31337': 'http://devnet:8545',
        'eip155:31338': 'http://devnet:8546',
        [solanaLocalnet.caipNetworkId]: 'http://devnet:4411',
        [bitcoinRegtest.caipNetworkId]: 'http://devnet:4413',
        [polkadotDevnet.caipNetworkId]: 'http://devnet:4414',
      },
    })

    // The .env.example placeholders are refused: nobody runs on them by mistake.
    const example = composeConfig(EXAMPLE)
    expect(() => parseServiceEnv(example.services.secure!.environment as Record<string, string>)).toThrow(/AIRLOCK_SECURE_SECRET/)
    const keysExample = composeConfig(KEY_SERVICE_EXAMPLE, [], KEY_SERVICE_COMPOSE_FILE)
    const exampleKeys = KeyServiceConfig.safeParse(
      keyServiceConfigFromEnv(keysExample.services.keys!.environment as Record<string, string>),
    )
    expect(exampleKeys.error?.issues.map((issue) => issue.path[0]).sort()).toEqual(['secret', 'secureOriginPublicKey'])
  })

  it('passes the smart-account relay to the api, and to the secure service its DeleGator and chains alone', { timeout: 60_000 }, () => {
    const delegator = '0x63c0c19a282a1B52b07dD5a65b58948A07DAE32B'
    const set: Record<string, string> = {
      AIRLOCK_SMART_ACCOUNT_DELEGATOR: delegator,
      AIRLOCK_SMART_ACCOUNT_CHAINS: '8453',
      AIRLOCK_SMART_ACCOUNT_POLICIES: JSON.stringify([{ projectId: 'demo', chains: [8453], contracts: [], dailyBudgetWei: '1000' }]),
      AIRLOCK_SMART_ACCOUNT_BUNDLER_URLS: '8453=https://bundler.example/rpc?apikey=k1',
      AIRLOCK_SMART_ACCOUNT_PAYMASTER_URLS: '8453=https://paymaster.example/rpc?apikey=k1',
    }
    const compose = composeConfig(
      formatEnvFile(
        productionEntries.map((entry) => ({ ...entry, value: set[entry.name] ?? entry.value })),
        '',
      ),
    )
    const envOf = (name: string) => compose.services[name]!.environment as Record<string, string>
    expect(relayConfigOf(parseServiceEnv(envOf('api')))).toMatchObject({
      delegator,
      external: { 8453: { bundlerUrl: 'https://bundler.example/rpc?apikey=k1' } },
      policies: [{ projectId: 'demo', chains: [8453] }],
    })
    expect(smartAccountsOf(parseServiceEnv(envOf('secure')))).toMatchObject([{ chainId: 8453, delegator }])
    expect(JSON.stringify(envOf('secure'))).not.toContain('apikey')
    expect(
      Object.keys(envOf('secure'))
        .filter((name) => name.startsWith('AIRLOCK_SMART_ACCOUNT_'))
        .sort(),
    ).toEqual(['AIRLOCK_SMART_ACCOUNT_CHAINS', 'AIRLOCK_SMART_ACCOUNT_DELEGATOR'])
  })

  it('routes each public origin to its service: the api replicas by DNS, the others with a health check on /ready', () => {
    const { routes, variables } = parseCaddyfile(readCaddyfile(), { AIRLOCK_DOMAIN: 'example.com' })
    expect(variables).toEqual(['AIRLOCK_DOMAIN'])
    const ready = { port: 9090, path: '/ready' }
    expect(routes).toEqual([
      { host: 'api.example.com', scheme: 'https', service: 'api', port: 8080 },
      { host: 'secure.example.com', scheme: 'https', service: 'secure', port: 8080, health: ready },
      { host: 'widget.example.com', scheme: 'https', service: 'widget', port: 8080, health: ready },
      { host: 'dapp.example.com', scheme: 'https', service: 'demo', port: 8080, health: ready },
      { host: 'oidc.localhost', scheme: 'http', service: 'devnet', port: 4408 },
      { host: 'farcaster.localhost', scheme: 'http', service: 'devnet', port: 4409 },
      { host: 'mail.localhost', scheme: 'http', service: 'devnet', port: 4407 },
      { host: 'relay.localhost', scheme: 'https', service: 'devnet', port: 4404 },
      // The devnet profile's own key service; a real domain's keys. is terminated on the key service's host.
      { host: 'keys.localhost', scheme: 'https', service: 'keys', port: 8080, health: { port: 8080, path: '/health' } },
    ])
    // Caddy is the edge: a client's own X-Forwarded-For is never passed on.
    expect(readCaddyfile().replace(/#.*/g, '')).not.toMatch(/trusted_proxies/)
  })

  it('the checker finds each way the file can go wrong', { timeout: 60_000 }, () => {
    const good = composeConfig(devnetEnv, ['devnet'])
    const raw = rawCompose()
    const proxy = proxyOf(good)
    const broken = (change: (compose: ComposeDocument) => void, rawChange?: (compose: ComposeDocument) => void) => {
      const compose = clone(good)
      const file = clone(raw)
      change(compose)
      rawChange?.(file)
      return checkDeployment(compose, file, proxy, DEVNET)
    }
    const env = (compose: ComposeDocument, name: string) => compose.services[name]!.environment!
    expect(broken((c) => (env(c, 'api').AIRLOCK_DEBUG = '1'))).toEqual(['api: AIRLOCK_DEBUG is set but the api server never reads it'])
    expect(broken((c) => (env(c, 'keys').AIRLOCK_SECURE_SECRET = 'x'))).toEqual([
      'keys: AIRLOCK_SECURE_SECRET is set but the keys server never reads it',
    ])
    expect(broken((c) => delete env(c, 'secure').AIRLOCK_KEY_SERVICE_ORIGIN)).toEqual([
      'secure: AIRLOCK_KEY_SERVICE_ORIGIN is required by the server and not set',
    ])
    expect(broken((c) => (env(c, 'widget').AIRLOCK_SERVICE = 'demo'))).toEqual(['widget: AIRLOCK_SERVICE is "demo", not "widget"'])
    expect(broken((c) => (env(c, 'api').PORT = '8081'))).toEqual(['the proxy routes api.localhost to port 8080, but api listens on 8081'])
    expect(broken((c) => (c.services.api!.ports = [{ target: 9090, published: 9090 }]))).toEqual([
      'api: publishes 9090; only the proxy publishes ports',
    ])
    expect(broken((c) => c.services.proxy!.ports!.push('9090:9090'))).toEqual([
      'proxy: publishes 9090; the proxy publishes 80 and 443 only',
    ])
    expect(broken((c) => (env(c, 'demo').AIRLOCK_ADMIN_PORT = '9191'))).toEqual([
      'demo: its healthcheck must ask /ready on its admin port 9191',
      'the proxy checks demo at 9090/ready, not /ready on its admin port 9191',
    ])
    expect(broken((c) => (c.services.api!.deploy = { replicas: 1 }))).toEqual(['api: deploy.replicas is 1, not 2'])
    expect(broken((c) => (c.services['keys-db']!.volumes = []))).toEqual(['keys-db: its data must live in a named volume'])
    expect(broken((c) => delete c.services.keys!.profiles)).toEqual([
      'keys: runs beside the secure origin; the key service runs on its own host (deploy/key-service), here under the devnet profile only',
    ])
    expect(broken((c) => delete c.services.postgres!.healthcheck)).toEqual(['postgres: its healthcheck must run pg_isready'])
    expect(broken((c) => (c.services.secure!.networks = ['edge', 'data', 'keys-data']))).toEqual([
      'secure: it can reach keys-db, which only the key service may',
    ])
    expect(broken((c) => (env(c, 'api').AIRLOCK_TRUSTED_PROXIES = '0.0.0.0/0'))).toEqual([
      "api: AIRLOCK_TRUSTED_PROXIES must be the proxy's address 10.203.0.2, not 0.0.0.0/0",
    ])
    expect(broken((c) => (env(c, 'keys').KEY_SERVICE_PUBLIC_URL = 'https://keys.example.com'))).toEqual([
      'keys: KEY_SERVICE_PUBLIC_URL is https://keys.example.com, but the proxy serves keys at https://keys.localhost',
    ])
    expect(broken((c) => (env(c, 'devnet').DEVNET_OIDC_URL = 'http://idp.localhost'))).toEqual([
      'devnet: DEVNET_OIDC_URL is http://idp.localhost, but the proxy does not route idp.localhost to devnet:4408',
    ])
    expect(
      broken((c) => {
        const upstreams = String(env(c, 'api').AIRLOCK_RPC_UPSTREAMS).split(',')
        env(c, 'api').AIRLOCK_RPC_UPSTREAMS = upstreams.filter((pair) => !pair.startsWith('bip122:')).join(',')
      }),
    ).toEqual([`api: AIRLOCK_RPC_UPSTREAMS gives ${bitcoinRegtest.caipNetworkId} no upstream, not the devnet's http://devnet:4413`])
    expect(
      broken(
        (c) => (env(c, 'api').AIRLOCK_RPC_UPSTREAMS = String(env(c, 'api').AIRLOCK_RPC_UPSTREAMS).replace('devnet:4413', 'devnet:4411')),
      ),
    ).toEqual([`api: AIRLOCK_RPC_UPSTREAMS gives ${bitcoinRegtest.caipNetworkId} http://devnet:4411, not the devnet's http://devnet:4413`])
    expect(
      broken((c) => {
        const upstreams = String(env(c, 'api').AIRLOCK_RPC_UPSTREAMS).split(',')
        env(c, 'api').AIRLOCK_RPC_UPSTREAMS = upstreams.filter((pair) => !pair.startsWith('polkadot:')).join(',')
      }),
    ).toEqual([`api: AIRLOCK_RPC_UPSTREAMS gives ${polkadotDevnet.caipNetworkId} no upstream, not the devnet's http://devnet:4414`])
    expect(broken((c) => (env(c, 'secure').AIRLOCK_FARCASTER_RELAY_URL = 'http://relay.farcaster.localhost'))).toEqual([
      'secure: AIRLOCK_FARCASTER_RELAY_URL names relay.farcaster.localhost, which is no network alias of the proxy',
    ])
    expect(broken((c) => (env(c, 'keys').KEY_SERVICE_DATABASE_URL = String(env(c, 'api').DATABASE_URL)))).toEqual([
      'keys: KEY_SERVICE_DATABASE_URL must name keys-db, its own Postgres',
      "keys: its database user must not be the other services' one",
    ])
    expect(
      broken(
        () => undefined,
        (file) => {
          env(file, 'secure').AIRLOCK_SECURE_SECRET = 'c2VjcmV0LXdyaXR0ZW4taW4tdGhlLWZpbGUtMzItYnl0ZXM'
          env(file, 'api').DATABASE_URL = 'postgres://airlock:hunter2@postgres:5432/airlock'
        },
      ),
    ).toEqual([
      'api: DATABASE_URL has a password written in the file',
      'secure: AIRLOCK_SECURE_SECRET is written in the file; it must come from ${…}',
    ])
    expect(
      broken(
        () => undefined,
        (file) => {
          env(file, 'api').AIRLOCK_SMART_ACCOUNT_RELAYER_KEY = `0x${'1'.repeat(64)}`
          env(file, 'api').AIRLOCK_SMART_ACCOUNT_PAYMASTER_SIGNER_KEY = `0x${'2'.repeat(64)}`
          env(file, 'api').AIRLOCK_SMART_ACCOUNT_BUNDLER_URLS = '8453=https://bundler.example/rpc?apikey=k1'
          // Addresses and chains are public: written in the file, they are no problem.
          env(file, 'api').AIRLOCK_SMART_ACCOUNT_DELEGATOR = '0x63c0c19a282a1B52b07dD5a65b58948A07DAE32B'
          env(file, 'secure').AIRLOCK_SMART_ACCOUNT_CHAINS = '8453'
        },
      ),
    ).toEqual([
      'api: AIRLOCK_SMART_ACCOUNT_BUNDLER_URLS is written in the file; it must come from ${…}',
      'api: AIRLOCK_SMART_ACCOUNT_RELAYER_KEY is written in the file; it must come from ${…}',
      'api: AIRLOCK_SMART_ACCOUNT_PAYMASTER_SIGNER_KEY is written in the file; it must come from ${…}',
    ])
  })

  it('takes for secrets the private keys, secrets, passwords and credential-holding URLs, and no other variable', () => {
    const names = [rawCompose(), rawCompose(KEY_SERVICE_COMPOSE_FILE)].flatMap((file) =>
      Object.values(file.services).flatMap((service) => Object.keys(service.environment ?? {})),
    )
    expect([...new Set(names.filter((name) => SECRET_NAME.test(name)))].sort()).toEqual([
      'AIRLOCK_API_SECRET',
      'AIRLOCK_SECURE_SECRET',
      'AIRLOCK_SMART_ACCOUNT_BUNDLER_URLS',
      'AIRLOCK_SMART_ACCOUNT_PAYMASTER_SIGNER_KEY',
      'AIRLOCK_SMART_ACCOUNT_PAYMASTER_URLS',
      'AIRLOCK_SMART_ACCOUNT_RELAYER_KEY',
      'AIRLOCK_SMTP_URL',
      'AIRLOCK_SOCIAL',
      'KEY_SERVICE_SECRET',
      'KEY_SERVICE_SMTP_URL',
      'POSTGRES_PASSWORD',
    ])
    // A name with KEY in it is not a key, nor is a public key.
    for (const name of ['AIRLOCK_KEY_SERVICE_ORIGIN', 'KEY_SERVICE_SECURE_ORIGIN_PUBLIC_KEY', 'KEY_SERVICE_PUBLIC_URL'])
      expect(SECRET_NAME.test(name), name).toBe(false)
  })
})

describe('deploy/key-service/docker-compose.yml: the key service on its own host', () => {
  it('is valid for docker-compose with its .env.example, and refuses to run without each required variable', { timeout: 60_000 }, () => {
    const run = runCompose(['config', '-q'], KEY_SERVICE_EXAMPLE, KEY_SERVICE_COMPOSE_FILE)
    expect(run.stderr).toBe('')
    expect(run.status).toBe(0)
    const required = [...composeVariables(KEY_SERVICE_COMPOSE_TEXT)].filter(([, isRequired]) => isRequired).map(([name]) => name)
    expect(required.sort()).toEqual([
      'AIRLOCK_DOMAIN',
      'KEYS_POSTGRES_PASSWORD',
      'KEY_SERVICE_SECRET',
      'KEY_SERVICE_SECURE_ORIGIN_PUBLIC_KEY',
    ])
    for (const name of required) {
      const refused = runCompose(['config', '-q'], withoutLine(KEY_SERVICE_EXAMPLE, name), KEY_SERVICE_COMPOSE_FILE)
      expect(refused.status, name).not.toBe(0)
      expect(refused.stderr, name).toContain(`set ${name}`)
    }
  })

  it(
    'runs the key service, its database and its own TLS alone, answering the secure origin of the main deployment',
    { timeout: 60_000 },
    () => {
      const compose = composeConfig(keyServiceEnv, [], KEY_SERVICE_COMPOSE_FILE)
      expect(Object.keys(compose.services).sort()).toEqual(['keys', 'keys-db', 'proxy'])
      const proxy = proxyOf(compose, readKeyServiceCaddyfile())
      expect(proxy.routes).toEqual([
        { host: 'keys.airlock.example.com', scheme: 'https', service: 'keys', port: 8080, health: { port: 8080, path: '/health' } },
      ])
      const raw = rawCompose(KEY_SERVICE_COMPOSE_FILE)
      expect(checkDeployment(compose, raw, proxy, { kind: 'key-service' })).toEqual([])
      const keys = KeyServiceConfig.safeParse(keyServiceConfigFromEnv(compose.services.keys!.environment as Record<string, string>))
      expect(keys.error).toBeUndefined()
      // The two hosts agree: the secure origin calls this key service, which checks its assertions.
      const secure = composeConfig(productionEnv).services.secure!.environment!
      expect(keys.data!.secureOriginPublicKey).toBe(secureOriginPublicKey(String(secure.AIRLOCK_SECURE_SECRET)))
      expect(keys.data!.secureOrigin).toBe(secure.AIRLOCK_SECURE_ORIGIN)
      expect(keys.data!.publicUrl).toBe(secure.AIRLOCK_KEY_SERVICE_ORIGIN)
      // Nothing of the secure origin may come to run here.
      const withSecure = structuredClone(compose)
      withSecure.services.secure = composeConfig(productionEnv).services.secure!
      expect(checkDeployment(withSecure, raw, proxy, { kind: 'key-service' })).toContain(
        "secure: runs on the key service's host, which holds the key service, its database and its proxy alone",
      )
    },
  )

  it('its env file holds what the key service needs and no secret of the secure origin, nor the other way round', () => {
    expect(keyServiceEntries.map((entry) => entry.name).sort()).toEqual([...composeVariables(KEY_SERVICE_COMPOSE_TEXT).keys()].sort())
    const secretsOf = (entries: typeof productionEntries) =>
      entries.filter((entry) => /SECRET|PASSWORD|SMTP_URL|SOCIAL/.test(entry.name) && entry.value).map((entry) => entry.value)
    expect(secretsOf(keyServiceEntries)).toHaveLength(2)
    // The secure service's secret, the api's and the database password.
    expect(secretsOf(productionEntries)).toHaveLength(3)
    for (const secret of secretsOf(keyServiceEntries)) expect(productionEnv).not.toContain(secret)
    for (const secret of secretsOf(productionEntries)) expect(keyServiceEnv).not.toContain(secret)
    // By name too: neither file has a place for the other's secrets.
    expect(productionEntries.map((entry) => entry.name).filter((name) => /^KEYS?_/.test(name))).toEqual([])
    expect(keyServiceEntries.map((entry) => entry.name)).not.toContain('AIRLOCK_SECURE_SECRET')
    expect(keyServiceEntries.map((entry) => entry.name)).not.toContain('POSTGRES_PASSWORD')
    // Only the secure origin's public key crosses over, and it opens nothing.
    expect(keyServiceEnv).toContain(secureOriginPublicKey(secureSecret))
    expect(() => keyServiceDeployEnv({ domain: 'airlock.example.com', secureOriginPublicKey: secureSecret })).toThrow()
  })
})

describe('the deployment documents', () => {
  it('the .env.example files and scripts/deploy-env.ts name every variable each compose file reads', () => {
    expect(EXAMPLE).toBe(formatEnvFile(deployEnv({ example: true }), EXAMPLE_HEADER))
    expect(KEY_SERVICE_EXAMPLE).toBe(formatEnvFile(keyServiceDeployEnv({ example: true }), KEY_SERVICE_EXAMPLE_HEADER))
    // The devnet's .env also sets its local key service; a production one leaves those unset.
    const names = deployEnv({ devnet: true }).map((entry) => entry.name)
    expect([...names].sort()).toEqual([...composeVariables().keys()].sort())
    const optional = [...composeVariables()].filter(([name, required]) => !required && /^KEYS?_/.test(name)).map(([name]) => name)
    expect(deployEnv().map((entry) => entry.name)).toEqual(names.filter((name) => !optional.includes(name)))
  })

  it('the README documents every variable of each compose file, where it goes and whether it is required', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
    const deploy = readme.slice(readme.indexOf('## Deploy'))
    const tableUnder = (heading: string) => {
      const section = deploy.slice(deploy.indexOf(heading))
      const table = section.slice(section.indexOf('| variable |'), section.indexOf('\n\n', section.indexOf('| variable |')))
      return table
        .split('\n')
        .slice(2)
        .map((line) => line.split('|').map((cell) => cell.trim()))
        .map(([, name, where, required]) => ({
          name: name!.replace(/`/g, ''),
          where: where!.replace(/`/g, '').split(/,\s*/),
          required: required === 'yes',
        }))
    }
    const expectedOf = (file: string, text: string) => {
      const raw = rawCompose(file) as ComposeDocument & { networks?: unknown }
      return [...composeVariables(text)].map(([name, required]) => ({
        name,
        where: [
          ...Object.entries(raw.services).flatMap(([service, definition]) =>
            JSON.stringify(definition).includes(`\${${name}`) ? [service] : [],
          ),
          ...(JSON.stringify(raw.networks).includes(`\${${name}`) ? ['networks'] : []),
        ],
        required,
      }))
    }
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name)
    for (const [heading, file, text] of [
      ['### Environment variables', COMPOSE_FILE, COMPOSE_TEXT],
      ['### The key service, on its own host', KEY_SERVICE_COMPOSE_FILE, KEY_SERVICE_COMPOSE_TEXT],
    ] as const) {
      const rows = tableUnder(heading)
      expect(rows.length, heading).toBeGreaterThan(0)
      expect(rows.sort(byName), heading).toEqual(expectedOf(file, text).sort(byName))
    }
  })

  it('the Dockerfile installs every workspace from its manifest, builds for the widget origin and runs as a user', () => {
    const dockerfile = readFileSync(join(ROOT, 'Dockerfile'), 'utf8')
    const workspaces = ['apps', 'packages'].flatMap((dir) =>
      readdirSync(join(ROOT, dir)).flatMap((name) => (existsSync(join(ROOT, dir, name, 'package.json')) ? [`${dir}/${name}`] : [])),
    )
    for (const workspace of workspaces) expect(dockerfile, workspace).toContain(`COPY ${workspace}/package.json ${workspace}/\n`)
    expect(dockerfile).toMatch(/^ARG AIRLOCK_WIDGET_URL\nRUN .*scripts\/build-release\.ts$/m)
    const runtime = dockerfile.slice(dockerfile.indexOf('AS runtime'))
    expect(runtime).toMatch(/\nUSER node\n/)
    expect(runtime.trimEnd().split('\n').at(-1)).toBe('CMD ["node", "--import", "tsx", "apps/api/src/service/main.ts"]')
    // Every service but the default one names its entry: each must exist.
    for (const [, entry] of COMPOSE_TEXT.matchAll(/command: \['node', '--import', 'tsx', '([^']+)'\]/g))
      expect(existsSync(join(ROOT, entry!)), entry).toBe(true)
  })
})
