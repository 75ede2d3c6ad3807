import type * as z from 'zod'
import { KeyServiceEnv } from '../../apps/api/src/origins/key-service/env'
import { envKeysOf, SERVICES, ServiceEnvSchemas, type ServiceName } from '../../apps/api/src/service/env'
import { devnetChainPorts, START_PORTS } from '../stack-config'
import { DevnetServicesEnv } from './devnet-env'

/**
 * Checks the two deployments, docker-compose.yml (the secure origin's host) and
 * deploy/key-service/docker-compose.yml (the key service's own host), against what the servers
 * read and how they must be deployed. Pure: it takes the compose documents and the proxy's sites,
 * and returns every problem found, each a sentence (none: the deployment holds together).
 */

export interface ComposeService {
  image?: string
  environment?: Record<string, string | number | null>
  ports?: (string | number | { target?: number; published?: number | string })[]
  deploy?: { replicas?: number }
  healthcheck?: { test?: string[] | string }
  volumes?: (string | { source?: string; target?: string })[]
  profiles?: string[]
  networks?: Record<string, { ipv4_address?: string; aliases?: string[] } | null> | string[]
}
export interface ComposeDocument {
  services: Record<string, ComposeService>
  volumes?: Record<string, unknown> | null
}

/** One site of the proxy: requests for `host` go to `service:port`. */
export interface ProxyRoute {
  host: string
  scheme: 'http' | 'https'
  service: string
  port: number
  /** Its active health check, when it has one. */
  health?: { port: number; path: string }
}
export interface ProxyConfig {
  routes: ProxyRoute[]
  /** The `{$VAR}` its configuration reads from the proxy's environment. */
  variables: string[]
}

const KEYS = 'keys'
const DEVNET = 'devnet'
/** What runs on the key service's host, and on the secure origin's under the devnet profile only. */
const KEY_SERVICE_HOST = [KEYS, 'keys-db']
const PROXY = 'proxy'
const DATA_DIR = '/var/lib/postgresql/data'
const isAirlock = (name: string): name is ServiceName => (SERVICES as readonly string[]).includes(name)

/** The variable that names each service's public origin, wherever it appears. */
const ORIGIN_VARIABLES: Record<string, string> = {
  AIRLOCK_API_ORIGIN: 'api',
  AIRLOCK_SECURE_ORIGIN: 'secure',
  KEY_SERVICE_SECURE_ORIGIN: 'secure',
  DEVNET_SECURE_ORIGIN: 'secure',
  AIRLOCK_WIDGET_ORIGIN: 'widget',
  AIRLOCK_DAPP_ORIGIN: 'demo',
  AIRLOCK_KEY_SERVICE_ORIGIN: KEYS,
  KEY_SERVICE_PUBLIC_URL: KEYS,
}
/** The devnet container's public names, each the proxy's route to one of its stand-ins. */
const DEVNET_ROUTES: Record<string, number> = {
  DEVNET_OIDC_URL: START_PORTS.oidc,
  DEVNET_FARCASTER_URL: START_PORTS.farcaster,
  DEVNET_RELAY_URL: START_PORTS.relay,
}
/** URLs a server fetches itself: in a container, a *.localhost name among them resolves only as an alias of the proxy. */
const SERVER_FETCHED = ['AIRLOCK_SOCIAL', 'AIRLOCK_FARCASTER_RELAY_URL']
/** The proxy's address must be the one trusted proxy of each of these. */
const TRUSTING = [
  ['api', 'AIRLOCK_TRUSTED_PROXIES'],
  ['secure', 'AIRLOCK_TRUSTED_PROXIES'],
  [KEYS, 'KEY_SERVICE_TRUSTED_PROXIES'],
] as const
/**
 * Variables whose value is a secret or may hold one: credentials in a URL, OAuth client secrets,
 * private keys (`…_KEY`, not a `…_PUBLIC_KEY`, nor a name that merely has KEY in it, such as
 * AIRLOCK_KEY_SERVICE_ORIGIN), a provider's API key in its bundler or paymaster URLs.
 */
export const SECRET_NAME = /SECRET|PASSWORD|SOCIAL|SMTP_URL|(?<!_PUBLIC)_KEY$|_(BUNDLER|PAYMASTER)_URLS$/
const REFERENCE = /^\$\{[A-Z0-9_]+(:?[-?][^}]*)?\}$/

/** The variables a service's server reads, and those it cannot start without. */
function readsOf(service: string): { keys: string[]; required: string[] } | undefined {
  const schema: z.ZodObject | undefined = isAirlock(service)
    ? ServiceEnvSchemas[service]
    : service === KEYS
      ? KeyServiceEnv
      : service === DEVNET
        ? DevnetServicesEnv
        : undefined
  if (!schema) return undefined
  return {
    keys: isAirlock(service) ? envKeysOf(service) : Object.keys(schema.shape),
    required: Object.entries(schema.shape)
      .filter(([, field]) => !(field as z.ZodType).safeParse(undefined).success)
      .map(([key]) => key),
  }
}

const envOf = (service: ComposeService): Record<string, string> =>
  Object.fromEntries(Object.entries(service.environment ?? {}).map(([key, value]) => [key, value === null ? '' : String(value)]))
const networksOf = (service: ComposeService): string[] =>
  Array.isArray(service.networks) ? service.networks : Object.keys(service.networks ?? {})
const healthOf = (service: ComposeService): string => {
  const test = service.healthcheck?.test
  return Array.isArray(test) ? test.join(' ') : (test ?? '')
}
const publishedOf = (service: ComposeService): string[] =>
  (service.ports ?? []).map((port) =>
    typeof port === 'object' ? String(port.published ?? port.target) : (String(port).split(':').at(-2) ?? String(port)),
  )
const userOf = (url: string) => /^\w+:\/\/([^:@/]*)/.exec(url)?.[1]

/**
 * `main`: docker-compose.yml, the secure origin's host, where the key service runs under the
 * devnet profile only; `key-service`: deploy/key-service/docker-compose.yml, the key service, its
 * database and its own proxy, and nothing else.
 */
export type DeploymentKind = 'main' | 'key-service'

/**
 * Every problem of a deployment: `compose` is `docker-compose config` (interpolated), `raw` the
 * file as written (where each value comes from), `proxy` the proxy's sites, `profiles` the active
 * ones (a service of another profile is not run: neither it nor the proxy's route to it is checked).
 */
export function checkDeployment(
  compose: ComposeDocument,
  raw: ComposeDocument,
  proxy: ProxyConfig,
  options: { kind?: DeploymentKind; profiles?: readonly string[] } = {},
): string[] {
  const kind = options.kind ?? 'main'
  const profiles = options.profiles ?? []
  const idle = Object.entries(compose.services)
    .filter(([, service]) => service.profiles?.length && !service.profiles.some((profile) => profiles.includes(profile)))
    .map(([name]) => name)
  const services = Object.fromEntries(Object.entries(compose.services).filter(([name]) => !idle.includes(name)))
  const env = Object.fromEntries(Object.entries(services).map(([name, service]) => [name, envOf(service)]))
  const routes = { ...proxy, routes: proxy.routes.filter((route) => !idle.includes(route.service)) }
  return [
    ...checkParties(compose, kind),
    ...checkVariables(services, env, kind),
    ...checkPorts(services, env),
    ...checkRoutes(services, env, routes),
    ...checkDevnetUpstreams(services, env),
    ...checkStorage({ ...compose, services }, env, kind),
    ...checkSecrets(raw),
  ]
}

/** The key service's host holds nothing of the secure origin's, and the secure origin's runs no key service outside the devnet. */
function checkParties(compose: ComposeDocument, kind: DeploymentKind): string[] {
  const problems: string[] = []
  for (const [name, service] of Object.entries(compose.services)) {
    if (kind === 'main' && KEY_SERVICE_HOST.includes(name) && !service.profiles?.includes(DEVNET))
      problems.push(
        `${name}: runs beside the secure origin; the key service runs on its own host (deploy/key-service), here under the devnet profile only`,
      )
    if (kind === 'key-service' && ![...KEY_SERVICE_HOST, PROXY].includes(name))
      problems.push(`${name}: runs on the key service's host, which holds the key service, its database and its proxy alone`)
  }
  return problems
}

/** Each server: the variables it reads and no other, all it needs, and one image for all. */
function checkVariables(
  services: ComposeDocument['services'],
  env: Record<string, Record<string, string>>,
  kind: DeploymentKind,
): string[] {
  const problems: string[] = []
  const expected = kind === 'key-service' ? [KEYS] : [...SERVICES, ...(services[DEVNET] ? [KEYS] : [])]
  for (const name of expected) if (!services[name]) problems.push(`the ${name} service is missing`)
  for (const [name, service] of Object.entries(services)) {
    const reads = readsOf(name)
    const vars = env[name]!
    if (!reads) {
      if (vars.AIRLOCK_SERVICE !== undefined)
        problems.push(`${name}: AIRLOCK_SERVICE is set on a service that is none of ${SERVICES.join(', ')}`)
      continue
    }
    for (const key of Object.keys(vars))
      if (!reads.keys.includes(key)) problems.push(`${name}: ${key} is set but the ${name} server never reads it`)
    for (const key of reads.required) if (!vars[key]) problems.push(`${name}: ${key} is required by the server and not set`)
    if (isAirlock(name) && vars.AIRLOCK_SERVICE !== name)
      problems.push(`${name}: AIRLOCK_SERVICE is ${JSON.stringify(vars.AIRLOCK_SERVICE)}, not ${JSON.stringify(name)}`)
    if (name === DEVNET && !service.profiles?.includes(DEVNET)) problems.push('devnet: it must run under the devnet profile only')
  }
  const images = new Set([...SERVICES, KEYS, DEVNET].flatMap((name) => (services[name] ? [services[name]!.image] : [])))
  if (images.size > 1) problems.push(`the Airlock services run different images: ${[...images].join(', ')}`)
  return problems
}

/** Only the proxy publishes, 80 and 443; healthchecks ask /ready on the admin port, which stays unpublished. */
function checkPorts(services: ComposeDocument['services'], env: Record<string, Record<string, string>>): string[] {
  const problems: string[] = []
  for (const [name, service] of Object.entries(services)) {
    const published = publishedOf(service)
    if (name !== PROXY && published.length) problems.push(`${name}: publishes ${published.join(', ')}; only the proxy publishes ports`)
    if (name === PROXY)
      for (const port of published)
        if (!['80', '443'].includes(port)) problems.push(`proxy: publishes ${port}; the proxy publishes 80 and 443 only`)
  }
  for (const name of SERVICES) {
    if (!services[name]) continue
    const admin = env[name]!.AIRLOCK_ADMIN_PORT || '9090'
    if (!healthOf(services[name]!).includes(`127.0.0.1:${admin}/ready`))
      problems.push(`${name}: its healthcheck must ask /ready on its admin port ${admin}`)
  }
  if (services[KEYS] && !healthOf(services[KEYS]!).includes(`127.0.0.1:${env[KEYS]!.KEY_SERVICE_PORT}/health`))
    problems.push('keys: its healthcheck must ask /health on its port')
  return problems
}

/** A route per public origin to the port its service listens on; origins, trusted proxy and aliases agreeing with the routes. */
function checkRoutes(services: ComposeDocument['services'], env: Record<string, Record<string, string>>, proxy: ProxyConfig): string[] {
  const problems: string[] = []
  const origins: Record<string, string> = {}
  for (const route of proxy.routes) {
    const vars = env[route.service]
    if (!vars) {
      problems.push(`the proxy routes ${route.host} to ${route.service}, which is no service`)
      continue
    }
    if (route.service === DEVNET) continue
    origins[route.service] = `${route.scheme}://${route.host}`
    const port = route.service === KEYS ? Number(vars.KEY_SERVICE_PORT) : isAirlock(route.service) ? Number(vars.PORT) : undefined
    if (port !== route.port) problems.push(`the proxy routes ${route.host} to port ${route.port}, but ${route.service} listens on ${port}`)
    if (isAirlock(route.service)) {
      const admin = Number(vars.AIRLOCK_ADMIN_PORT || 9090)
      if (route.health && (route.health.port !== admin || route.health.path !== '/ready'))
        problems.push(
          `the proxy checks ${route.service} at ${route.health.port}${route.health.path}, not /ready on its admin port ${admin}`,
        )
    }
  }
  for (const name of [...SERVICES, KEYS]) if (services[name] && !origins[name]) problems.push(`the proxy has no route to ${name}`)

  const proxyNetworks = services[PROXY]?.networks
  const attachments = proxyNetworks && !Array.isArray(proxyNetworks) ? Object.values(proxyNetworks) : []
  const proxyIps = attachments.flatMap((network) => (network?.ipv4_address ? [network.ipv4_address] : []))
  const aliases = attachments.flatMap((network) => network?.aliases ?? [])
  if (proxyIps.length !== 1) problems.push('proxy: it needs one fixed address (ipv4_address), the one the services trust')
  for (const [name, key] of TRUSTING)
    if (env[name] && env[name]![key] !== proxyIps[0])
      problems.push(`${name}: ${key} must be the proxy's address ${proxyIps[0]}, not ${env[name]![key]}`)
  const proxyEnv = env[PROXY] ?? {}
  for (const variable of proxy.variables)
    if (!proxyEnv[variable]) problems.push(`proxy: its configuration reads ${variable}, which is not set`)

  for (const [name, vars] of Object.entries(env))
    for (const [key, value] of Object.entries(vars)) {
      const target = ORIGIN_VARIABLES[key]
      if (target && origins[target] && value !== origins[target])
        problems.push(`${name}: ${key} is ${value}, but the proxy serves ${target} at ${origins[target]}`)
      const standIn = DEVNET_ROUTES[key]
      const host = value.replace(/^\w+:\/\//, '')
      const route = proxy.routes.find((r) => r.host === host)
      if (standIn !== undefined && (route?.service !== DEVNET || route.port !== standIn))
        problems.push(`${name}: ${key} is ${value}, but the proxy does not route ${host} to ${DEVNET}:${standIn}`)
      if (SERVER_FETCHED.includes(key))
        for (const [, fetched] of value.matchAll(/https?:\/\/([a-z0-9.-]+\.localhost)\b/g))
          if (!aliases.includes(fetched!)) problems.push(`${name}: ${key} names ${fetched}, which is no network alias of the proxy`)
    }
  return problems
}

/** Under the devnet profile, the api reaches each devnet network at the devnet container's node for it. */
function checkDevnetUpstreams(services: ComposeDocument['services'], env: Record<string, Record<string, string>>): string[] {
  if (!services[DEVNET] || !env.api) return []
  const parsed = ServiceEnvSchemas.api.shape.AIRLOCK_RPC_UPSTREAMS.safeParse(env.api.AIRLOCK_RPC_UPSTREAMS)
  const upstreams = parsed.data ?? {}
  return Object.entries(devnetChainPorts(START_PORTS)).flatMap(([network, port]) => {
    const expected = `http://${DEVNET}:${port}`
    return upstreams[network] === expected
      ? []
      : [`api: AIRLOCK_RPC_UPSTREAMS gives ${network} ${upstreams[network] ?? 'no upstream'}, not the devnet's ${expected}`]
  })
}

/** Postgres with a healthcheck and a named volume; the key service's database its own, reached by it alone; api replicas. */
function checkStorage(compose: ComposeDocument, env: Record<string, Record<string, string>>, kind: DeploymentKind): string[] {
  const problems: string[] = []
  const services = compose.services
  if (kind === 'main' && services.api?.deploy?.replicas !== 2)
    problems.push(`api: deploy.replicas is ${services.api?.deploy?.replicas}, not 2`)
  const databases = kind === 'key-service' ? ['keys-db'] : ['postgres', ...(services[KEYS] ? ['keys-db'] : [])]
  for (const database of databases) {
    const service = services[database]
    if (!service) {
      problems.push(`the ${database} service is missing`)
      continue
    }
    if (!healthOf(service).includes('pg_isready')) problems.push(`${database}: its healthcheck must run pg_isready`)
    const data = (service.volumes ?? []).find((volume) => (typeof volume === 'string' ? volume.split(':')[1] : volume.target) === DATA_DIR)
    const source = typeof data === 'string' ? data.split(':')[0] : data?.source
    if (!source || !compose.volumes || !(source in compose.volumes)) problems.push(`${database}: its data must live in a named volume`)
  }
  const keysUrl = env[KEYS]?.KEY_SERVICE_DATABASE_URL ?? ''
  if (services[KEYS] && !keysUrl.includes('@keys-db:')) problems.push('keys: KEY_SERVICE_DATABASE_URL must name keys-db, its own Postgres')
  for (const name of ['api', 'secure'])
    if (env[name] && !env[name]!.DATABASE_URL?.includes('@postgres:')) problems.push(`${name}: DATABASE_URL must name postgres`)
  if (keysUrl && userOf(keysUrl) === userOf(env.api?.DATABASE_URL ?? ''))
    problems.push("keys: its database user must not be the other services' one")
  const keysNetworks = networksOf(services['keys-db'] ?? {})
  for (const [name, service] of Object.entries(services))
    if (name !== KEYS && name !== 'keys-db' && networksOf(service).some((network) => keysNetworks.includes(network)))
      problems.push(`${name}: it can reach keys-db, which only the key service may`)
  return problems
}

/** Nothing secret written in the file: each such value, and each password in a URL, comes from a variable. */
function checkSecrets(raw: ComposeDocument): string[] {
  const problems: string[] = []
  for (const [name, service] of Object.entries(raw.services))
    for (const [key, value] of Object.entries(service.environment ?? {})) {
      const text = value === null ? '' : String(value)
      if (SECRET_NAME.test(key) && !REFERENCE.test(text)) problems.push(`${name}: ${key} is written in the file; it must come from \${…}`)
      const password = /^\w+:\/\/[^:/@]*:([^@]*)@/.exec(text)?.[1]
      if (password !== undefined && !REFERENCE.test(password)) problems.push(`${name}: ${key} has a password written in the file`)
    }
  return problems
}

/**
 * The sites of a Caddyfile as this repository writes them: `<host> {` at the start of a line, then
 * `reverse_proxy <service>:<port>` or `dynamic a <service> <port>`, `health_port`, `health_uri`.
 * `{$VAR:default}` takes `vars[VAR]`, else its default.
 */
export function parseCaddyfile(caddyfile: string, vars: Record<string, string> = {}): ProxyConfig {
  const variables = [...new Set([...caddyfile.matchAll(/\{\$(\w+)/g)].map((match) => match[1]!))]
  const text = caddyfile.replace(/\{\$(\w+)(?::([^}]*))?\}/g, (_, name: string, fallback?: string) => vars[name] || fallback || '')
  const routes: ProxyRoute[] = []
  let site: ProxyRoute | undefined
  let depth = 0
  for (const line of text.split('\n').map((raw) => raw.replace(/#.*/, '').trim())) {
    if (!line) continue
    if (depth === 0) {
      const address = /^(https?:\/\/)?([a-z0-9.-]+\.[a-z0-9-]+) \{$/.exec(line)
      site = address ? { host: address[2]!, scheme: address[1] === 'http://' ? 'http' : 'https', service: '', port: 0 } : undefined
    } else if (site) {
      const upstream = /^reverse_proxy ([\w-]+):(\d+)/.exec(line) ?? /^dynamic a ([\w-]+) (\d+)/.exec(line)
      if (upstream) Object.assign(site, { service: upstream[1]!, port: Number(upstream[2]) })
      const healthPort = /^health_port (\d+)$/.exec(line)?.[1]
      const healthUri = /^health_uri (\S+)$/.exec(line)?.[1]
      if (healthPort || healthUri) site.health ??= { port: site.port, path: '/' }
      if (healthPort) site.health!.port = Number(healthPort)
      if (healthUri) site.health!.path = healthUri
    }
    depth += (line.match(/\{/g) ?? []).length - (line.match(/\}/g) ?? []).length
    if (depth === 0 && site?.service) routes.push(site)
    if (depth === 0) site = undefined
  }
  return { routes, variables }
}
