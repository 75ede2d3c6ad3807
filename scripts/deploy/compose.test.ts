import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { keyServiceConfigFromEnv } from '../../apps/api/src/key-service/env'
import { KeyServiceConfig } from '../../apps/api/src/key-service/server'
import { secureOriginPublicKey } from '../../apps/api/src/secure-origin/secrets'
import { parseServiceEnv, SERVICES } from '../../apps/api/src/service/env'
import { checkDeployment, parseCaddyfile, type ComposeDocument } from './compose-check'
import { COMPOSE_FILE, composeConfig, rawCompose, readCaddyfile, ROOT, runCompose } from './compose-files'
import { parseDevnetServicesEnv } from './devnet-env'
import { deployEnv, EXAMPLE_HEADER, formatEnvFile } from './env-file'

/**
 * docker-compose.yml against Debian's docker-compose (1.29: `config` validates the file offline;
 * no Docker daemon is needed) and against what the servers read. .ci/run installs docker-compose.
 */

const EXAMPLE = readFileSync(join(ROOT, '.env.example'), 'utf8')
const COMPOSE_TEXT = readFileSync(COMPOSE_FILE, 'utf8')
const devnetEnv = formatEnvFile(deployEnv({ devnet: true }), '')
const productionEnv = formatEnvFile(
  deployEnv({ domain: 'airlock.example.com' }).map((entry) =>
    entry.name === 'AIRLOCK_RPC_UPSTREAMS' ? { ...entry, value: 'eip155:1=https://ethereum-rpc.example' } : entry,
  ),
  '',
)
const proxyOf = (compose: ComposeDocument) =>
  parseCaddyfile(readCaddyfile(), { AIRLOCK_DOMAIN: String(compose.services.proxy!.environment!.AIRLOCK_DOMAIN) })
/** The variables docker-compose.yml interpolates, and whether it refuses to run without each (`${VAR:?…}`). */
const composeVariables = (): Map<string, boolean> => {
  const found = new Map<string, boolean>()
  for (const [, name, operator] of COMPOSE_TEXT.matchAll(/\$\{(\w+)(:\?|:-)?/g))
    found.set(name!, found.get(name!) === true || operator === ':?')
  return found
}
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
      [
        'AIRLOCK_PROJECTS',
        'AIRLOCK_RPC_UPSTREAMS',
        'AIRLOCK_SECURE_SECRET',
        'KEYS_POSTGRES_PASSWORD',
        'KEY_SERVICE_SECRET',
        'KEY_SERVICE_SECURE_ORIGIN_PUBLIC_KEY',
        'POSTGRES_PASSWORD',
      ].sort(),
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
    expect(checkDeployment(devnet, raw, proxyOf(devnet))).toEqual([])
    const production = composeConfig(productionEnv)
    expect(production.services.devnet!.profiles).toEqual(['devnet'])
    expect(production.services.secure!.environment!.AIRLOCK_SECURE_ORIGIN).toBe('https://secure.airlock.example.com')
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

    // .env.example's placeholders are refused: nobody runs on them by mistake.
    const example = composeConfig(EXAMPLE)
    expect(() => parseServiceEnv(example.services.secure!.environment as Record<string, string>)).toThrow(/AIRLOCK_SECURE_SECRET/)
    const exampleKeys = KeyServiceConfig.safeParse(keyServiceConfigFromEnv(example.services.keys!.environment as Record<string, string>))
    expect(exampleKeys.error?.issues.map((issue) => issue.path[0]).sort()).toEqual(['secret', 'secureOriginPublicKey'])
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
      { host: 'keys.example.com', scheme: 'https', service: 'keys', port: 8080, health: { port: 8080, path: '/health' } },
      { host: 'oidc.localhost', scheme: 'http', service: 'devnet', port: 4408 },
      { host: 'farcaster.localhost', scheme: 'http', service: 'devnet', port: 4409 },
      { host: 'mail.localhost', scheme: 'http', service: 'devnet', port: 4407 },
      { host: 'relay.localhost', scheme: 'https', service: 'devnet', port: 4404 },
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
      return checkDeployment(compose, file, proxy)
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
  })
})

describe('the deployment documents', () => {
  it('.env.example and scripts/deploy-env.ts name every variable docker-compose.yml reads', () => {
    expect(EXAMPLE).toBe(formatEnvFile(deployEnv({ example: true }), EXAMPLE_HEADER))
    const names = deployEnv().map((entry) => entry.name)
    expect([...names].sort()).toEqual([...composeVariables().keys()].sort())
  })

  it('the README documents every variable, where it goes and whether it is required', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8')
    const section = readme.slice(readme.indexOf('## Deploy'))
    const table = section.slice(section.indexOf('| variable |'), section.indexOf('\n\n', section.indexOf('| variable |')))
    const rows = table
      .split('\n')
      .slice(2)
      .map((line) => line.split('|').map((cell) => cell.trim()))
      .map(([, name, where, required]) => ({
        name: name!.replace(/`/g, ''),
        where: where!.replace(/`/g, '').split(/,\s*/),
        required: required === 'yes',
      }))
    expect(rows.length).toBeGreaterThan(0)
    const raw = rawCompose() as ComposeDocument & { networks?: unknown }
    const expected = [...composeVariables()].map(([name, required]) => ({
      name,
      where: [
        ...Object.entries(raw.services).flatMap(([service, definition]) =>
          JSON.stringify(definition).includes(`\${${name}`) ? [service] : [],
        ),
        ...(JSON.stringify(raw.networks).includes(`\${${name}`) ? ['networks'] : []),
      ],
      required,
    }))
    const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name)
    expect(rows.sort(byName)).toEqual(expected.sort(byName))
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
