import { randomBytes } from 'node:crypto'
import { solanaLocalnet } from '@airlock/chains'
import { secureOriginPublicKey } from '../../apps/api/src/secure-origin/secrets'
import { parseHttpOrigin } from '../../apps/api/src/http/origin'
import { devnetOidcClients, START_PORTS } from '../stack-config'

/**
 * The .env of docker-compose.yml: every variable it reads, with fresh secrets
 * (`node --import tsx scripts/deploy-env.ts > .env`) or placeholders (.env.example, kept equal to
 * `deployEnv({ example: true })` by a test).
 */
export interface DeployEnvOptions {
  /** The public origins are https://{api,secure,widget,dapp,keys}.<domain>. Default localhost. */
  domain?: string
  /** Points the services at the devnet profile's stand-ins (`--profile devnet`); the domain is localhost. */
  devnet?: boolean
  /** Placeholders instead of secrets: .env.example. */
  example?: boolean
}

export interface EnvEntry {
  name: string
  value: string
  /** Lines of comment above it. */
  comment: string
}

const DEVNET_HOST = 'devnet'

export function deployEnv(options: DeployEnvOptions = {}): EnvEntry[] {
  const domain = options.domain ?? 'localhost'
  if (!parseHttpOrigin(`https://api.${domain}`)) throw new Error(`Not a domain name: ${JSON.stringify(domain)}`)
  if (options.devnet && domain !== 'localhost')
    throw new Error('The devnet profile runs on localhost only (its stand-ins answer *.localhost names)')
  // Placeholders no server takes for a secret (not base64), so that nobody runs on them by mistake.
  const secret = (what: string) => (options.example ? `<${what}>` : randomBytes(32).toString('base64url'))
  // Postgres passwords go into postgres:// URLs: hex has nothing to escape.
  const password = () => (options.example ? '<a long random password>' : randomBytes(24).toString('hex'))
  const secureSecret = secret('32 random bytes in base64')
  const devnet = options.devnet === true
  const smtp = devnet ? `smtp://${DEVNET_HOST}:${START_PORTS.mailSmtp}` : ''
  const entry = (name: string, value: string, comment: string): EnvEntry => ({ name, value, comment })
  return [
    entry('AIRLOCK_DOMAIN', domain, 'The public origins are https://{api,secure,widget,dapp,keys}.<AIRLOCK_DOMAIN>.'),
    entry(
      'AIRLOCK_PROJECTS',
      JSON.stringify([{ id: 'demo', name: 'Airlock Demo', allowedOrigins: [`https://dapp.${domain}`], features: { analytics: false } }]),
      'The projects (JSON): the dapps allowed to embed the widget and call the api.',
    ),
    entry(
      'AIRLOCK_RPC_UPSTREAMS',
      devnet ? devnetUpstreams() : options.example ? 'eip155:1=https://ethereum-rpc.example,eip155:8453=https://base-rpc.example' : '',
      'Required: the RPC upstream of each network, <CAIP-2 chain id>=<https URL>, comma separated.',
    ),
    entry('AIRLOCK_DEVNET', devnet ? '1' : '', "1: the devnet's DEX and on-ramp sandbox (the devnet profile only)."),
    entry('AIRLOCK_RELAY_URL', devnet ? 'wss://relay.localhost' : '', 'The WalletConnect relay (default the public one).'),
    entry(
      'AIRLOCK_SMTP_URL',
      smtp,
      'Where the secure service sends login codes (smtp:// or smtps://); without it email login answers 503.',
    ),
    entry('AIRLOCK_MAIL_FROM', '', 'The From of those mails.'),
    entry('AIRLOCK_SOCIAL', devnet ? devnetSocial() : '', 'Social login (JSON): {"google":{"issuer","clientId","clientSecret"},…}.'),
    entry(
      'AIRLOCK_FARCASTER_RELAY_URL',
      devnet ? 'http://farcaster.localhost' : '',
      'Sign In With Farcaster: its relay, e.g. https://relay.farcaster.xyz.',
    ),
    entry(
      'AIRLOCK_SECURE_SECRET',
      secureSecret,
      "The secure service's secret (keep a copy in your secret manager: without it no sealed share opens).",
    ),
    entry('POSTGRES_PASSWORD', password(), "The password of the services' Postgres."),
    entry(
      'KEY_SERVICE_SECRET',
      secret('other 32 random bytes in base64'),
      "The key service's own secret, never AIRLOCK_SECURE_SECRET (keep a copy apart from it).",
    ),
    entry(
      'KEY_SERVICE_SECURE_ORIGIN_PUBLIC_KEY',
      options.example ? '<from scripts/deploy-env.ts>' : secureOriginPublicKey(secureSecret),
      "Derived from AIRLOCK_SECURE_SECRET: the key the key service checks the secure service's assertions with.",
    ),
    entry('KEYS_POSTGRES_PASSWORD', password(), "The password of the key service's own Postgres."),
    entry('KEY_SERVICE_SMTP_URL', smtp, 'Where the key service sends its recovery codes.'),
    entry('KEY_SERVICE_MAIL_FROM', '', 'The From of those mails.'),
    entry('KEY_SERVICE_RATE_LIMIT', '', 'Key service requests per client address, <burst>/<per second> (default 60/1).'),
    entry('AIRLOCK_IMAGE', '', 'The image of the Airlock services (default airlock:latest, built from the Dockerfile).'),
    entry('AIRLOCK_EDGE_SUBNET', '', 'The subnet of the network behind the proxy (default 10.203.0.0/24; change it if yours overlaps).'),
    entry('AIRLOCK_PROXY_IP', '', "The proxy's address in that subnet (default 10.203.0.2): the one proxy the services trust."),
  ]
}

function devnetUpstreams(): string {
  const host = `http://${DEVNET_HOST}`
  return [
    `eip155:31337=${host}:${START_PORTS.anvil[31337]}`,
    `eip155:31338=${host}:${START_PORTS.anvil[31338]}`,
    `${solanaLocalnet.caipNetworkId}=${host}:${START_PORTS.solana}`,
  ].join(',')
}

function devnetSocial(): string {
  const clients = devnetOidcClients('https://secure.localhost')
  return JSON.stringify(
    Object.fromEntries(
      clients.map((client) => [
        client.provider,
        { issuer: `http://oidc.localhost/${client.provider}`, clientId: client.clientId, clientSecret: client.clientSecret },
      ]),
    ),
  )
}

/** `NAME=value` lines under their comments; JSON values single-quoted (literal for Compose's .env parser). */
export function formatEnvFile(entries: readonly EnvEntry[], header: string): string {
  const lines = header ? [...header.split('\n').map((line) => `# ${line}`.trimEnd()), ''] : []
  for (const { name, value, comment } of entries) {
    if (/['\n]/.test(value)) throw new Error(`${name}: a value of the .env file cannot hold a quote or a line break`)
    lines.push(`# ${comment}`, `${name}=${/^[\w.:/@,=+-]*$/.test(value) ? value : `'${value}'`}`)
  }
  return `${lines.join('\n')}\n`
}

export const EXAMPLE_HEADER = [
  'docker-compose.yml reads these from the environment or from an .env file beside it.',
  'This is an example: `node --import tsx scripts/deploy-env.ts > .env` writes one with fresh secrets',
  '(`--devnet` for the devnet profile, `--domain example.com` for a real one). Never commit .env.',
].join('\n')
