import { randomBytes } from 'node:crypto'
import { importPublicKey } from '../../apps/api/src/origins/key-service/assertion'
import { secureOriginPublicKey } from '../../apps/api/src/origins/secure/secrets'
import { parseHttpOrigin } from '../../apps/api/src/platform/http/origin'
import { devnetChainPorts, devnetOidcClients, START_PORTS } from '../stack-config'

/**
 * The .env of docker-compose.yml, the secure origin's host: every variable it reads, with fresh
 * secrets (`node --import tsx scripts/deploy-env.ts > .env`) or placeholders (.env.example, kept
 * equal to `deployEnv({ example: true })` by a test). No secret of the key service is in it but on
 * the devnet, whose profile runs a local key service; the key service's own host has its own file
 * (keyServiceDeployEnv).
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

const entry = (name: string, value: string, comment: string): EnvEntry => ({ name, value, comment })
const checkDomain = (domain: string) => {
  if (!parseHttpOrigin(`https://api.${domain}`)) throw new Error(`Not a domain name: ${JSON.stringify(domain)}`)
}
// Placeholders no server takes for a secret (not base64), so that nobody runs on them by mistake.
const secretOf = (example: boolean | undefined, what: string) => (example ? `<${what}>` : randomBytes(32).toString('base64url'))
// Postgres passwords go into postgres:// URLs: hex has nothing to escape.
const passwordOf = (example: boolean | undefined) => (example ? '<a long random password>' : randomBytes(24).toString('hex'))

export function deployEnv(options: DeployEnvOptions = {}): EnvEntry[] {
  const domain = options.domain ?? 'localhost'
  checkDomain(domain)
  if (options.devnet && domain !== 'localhost')
    throw new Error('The devnet profile runs on localhost only (its stand-ins answer *.localhost names)')
  const secret = (what: string) => secretOf(options.example, what)
  const password = () => passwordOf(options.example)
  const secureSecret = secret('32 random bytes in base64')
  const devnet = options.devnet === true
  const smtp = devnet ? `smtp://${DEVNET_HOST}:${START_PORTS.mailSmtp}` : ''
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
      "Required: the RPC upstream of each network, <CAIP-2 chain id>=<https URL>, comma separated; a bip122 network's is an esplora REST API (e.g. https://mempool.space/api).",
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
    entry(
      'AIRLOCK_API_SECRET',
      secret('32 random bytes in base64'),
      "The api's secret: the key of its sign-in session tokens (a new one signs every user out of every dapp).",
    ),
    entry('POSTGRES_PASSWORD', password(), "The password of the services' Postgres."),
    ...smartAccountEntries(),
    // The devnet profile's local key service: one machine, one party, stand-ins all round.
    ...(devnet
      ? [
          entry('KEY_SERVICE_SECRET', secret('other 32 random bytes in base64'), "The devnet key service's own secret."),
          entry(
            'KEY_SERVICE_SECURE_ORIGIN_PUBLIC_KEY',
            secureOriginPublicKey(secureSecret),
            "Derived from AIRLOCK_SECURE_SECRET: the key the key service checks the secure service's assertions with.",
          ),
          entry('KEYS_POSTGRES_PASSWORD', password(), "The password of the devnet key service's Postgres."),
          entry('KEY_SERVICE_SMTP_URL', smtp, 'Where the devnet key service sends its codes (the mail sink).'),
        ]
      : []),
    ...hostEntries(),
  ]
}

/**
 * The smart-account relay (README "Smart accounts and sponsored gas"), empty: none set, no relay.
 * The devnet profile leaves them empty too: its api runs the devnet's own relay (AIRLOCK_DEVNET).
 */
const smartAccountEntries = (): EnvEntry[] => [
  entry(
    'AIRLOCK_SMART_ACCOUNT_DELEGATOR',
    '',
    'Smart accounts: the EIP7702StatelessDeleGator accounts delegate to (api and secure); needed with any other of these.',
  ),
  entry(
    'AIRLOCK_SMART_ACCOUNT_CHAINS',
    '',
    "The chains where the secure frame offers a smart account, decimal ids, comma separated: the policies' chains.",
  ),
  entry(
    'AIRLOCK_SMART_ACCOUNT_POLICIES',
    '',
    'What each project\'s gas sponsorship pays for (JSON): [{"projectId","chains":[8453],"contracts":["0x…"],"dailyBudgetWei":"…"}].',
  ),
  entry(
    'AIRLOCK_SMART_ACCOUNT_BUNDLER_URLS',
    '',
    'External ERC-4337 bundlers, <decimal chain id>=<URL>, comma separated (the URL may hold an API key).',
  ),
  entry('AIRLOCK_SMART_ACCOUNT_PAYMASTER_URLS', '', "External ERC-7677 paymasters, same format, for exactly the bundlers' chains."),
  entry(
    'AIRLOCK_SMART_ACCOUNT_RELAYER_KEY',
    '',
    "The built-in relay's sender key, 0x + 32 bytes hex (a secret manager's; needs ETH on its chains).",
  ),
  entry('AIRLOCK_SMART_ACCOUNT_PAYMASTER_SIGNER_KEY', '', "The built-in AirlockPaymaster's verifying signer key (a secret manager's)."),
  entry('AIRLOCK_SMART_ACCOUNT_PAYMASTER', '', "The AirlockPaymaster's address; the three built-in variables go together."),
]

/** Image and network, set on each host alike. */
const hostEntries = (): EnvEntry[] => [
  entry('AIRLOCK_IMAGE', '', 'The image of the Airlock services (default airlock:latest, built from the Dockerfile).'),
  entry('AIRLOCK_EDGE_SUBNET', '', 'The subnet of the network behind the proxy (default 10.203.0.0/24; change it if yours overlaps).'),
  entry('AIRLOCK_PROXY_IP', '', "The proxy's address in that subnet (default 10.203.0.2): the one proxy the services trust."),
]

export interface KeyServiceEnvOptions {
  /** The key service is https://keys.<domain>; the secure origin it answers https://secure.<domain>. Default localhost. */
  domain?: string
  /** `secureOriginPublicKey(AIRLOCK_SECURE_SECRET)`, handed over by the secure origin's operator (never the secret). */
  secureOriginPublicKey?: string
  /** Placeholders instead of secrets: deploy/key-service/.env.example. */
  example?: boolean
}

/**
 * The .env of deploy/key-service/docker-compose.yml, on the key service's own host: its secret and
 * database password, fresh, and the secure origin's public key; nothing of the secure origin's
 * (`scripts/deploy-env.ts --key-service`; deploy/key-service/.env.example for the placeholders).
 */
export function keyServiceDeployEnv(options: KeyServiceEnvOptions = {}): EnvEntry[] {
  const domain = options.domain ?? 'localhost'
  checkDomain(domain)
  const publicKey = options.example ? '<from the secure origin operator>' : options.secureOriginPublicKey
  if (!publicKey) throw new Error("The key service needs the secure origin's public key: --secure-origin-public-key <base64>")
  if (!options.example) importPublicKey(publicKey)
  return [
    entry(
      'AIRLOCK_DOMAIN',
      domain,
      'The key service is https://keys.<AIRLOCK_DOMAIN>, for the secure origin https://secure.<AIRLOCK_DOMAIN>.',
    ),
    entry(
      'KEY_SERVICE_SECRET',
      secretOf(options.example, '32 random bytes in base64'),
      "The key service's own secret (keep a copy in this operator's secret manager: without it no recovery material opens).",
    ),
    entry(
      'KEY_SERVICE_SECURE_ORIGIN_PUBLIC_KEY',
      publicKey,
      "The secure origin's public key (from its operator, derived from its secret): the key its assertions are checked with.",
    ),
    entry('KEYS_POSTGRES_PASSWORD', passwordOf(options.example), "The password of the key service's own Postgres."),
    entry('KEY_SERVICE_SMTP_URL', '', 'Where the key service sends its device codes (smtp:// or smtps://); without it they answer 503.'),
    entry('KEY_SERVICE_MAIL_FROM', '', 'The From of those mails.'),
    entry('KEY_SERVICE_RATE_LIMIT', '', 'Requests per client address, <burst>/<per second> (default 60/1).'),
    entry(
      'KEY_SERVICE_RECOVERY_WAIT_HOURS',
      '',
      'Hours a new device waits to recover by email alone when the account has a passkey (default 48).',
    ),
    entry(
      'KEY_SERVICE_COUNTRY_HEADER',
      '',
      'A country header your CDN sets in front of the proxy (e.g. CF-IPCountry), named in the device mails.',
    ),
    ...hostEntries(),
  ]
}

/** The api's upstreams on the devnet container: the bip122 one is its esplora REST API, the others JSON-RPC. */
function devnetUpstreams(): string {
  return Object.entries(devnetChainPorts(START_PORTS))
    .map(([network, port]) => `${network}=http://${DEVNET_HOST}:${port}`)
    .join(',')
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

export const KEY_SERVICE_EXAMPLE_HEADER = [
  'deploy/key-service/docker-compose.yml reads these from the environment or from an .env file beside it,',
  "on the key service's own host. This is an example: `node --import tsx ../../scripts/deploy-env.ts --key-service",
  '--domain example.com --secure-origin-public-key <key> > .env` writes one with fresh secrets. Never commit .env.',
].join('\n')

export const EXAMPLE_HEADER = [
  'docker-compose.yml reads these from the environment or from an .env file beside it.',
  'This is an example: `node --import tsx scripts/deploy-env.ts > .env` writes one with fresh secrets',
  '(`--devnet` for the devnet profile, `--domain example.com` for a real one). Never commit .env.',
].join('\n')
