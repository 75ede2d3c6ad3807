import * as z from 'zod'
import { Caip2ChainId } from '../chains/caip2'
import { DecimalChainId, RelayConfig, smartAccountNetworksOn, type SmartAccountNetwork } from '../capabilities/relay/config'
import { PaymasterPolicy, PolicyAddress } from '../capabilities/relay/policy'
import { StackConfigSchema } from '../config'
import { splitProxyList, TrustedProxy } from '../platform/http/client-address'
import { HttpOrigin } from '../platform/http/origin'
import { RateLimitText } from '../platform/http/rate-limit'
import { Project } from '../platform/projects/project'

/**
 * What each of Airlock's processes reads from its environment when a deployment runs it
 * (`node --import tsx apps/api/src/service/main.ts`, one service per process). docker-compose.yml
 * sets exactly these; a test holds the two together.
 */
export const SERVICES = ['api', 'secure', 'widget', 'demo'] as const
export type ServiceName = (typeof SERVICES)[number]

const Port = z.coerce.number().int().min(1).max(65535)
const Flag = z.enum(['0', '1']).transform((value) => value === '1')
/** A JSON value in a variable, checked by `schema` (its errors name the variable). */
const json = <T extends z.ZodType>(schema: T) =>
  z.string().transform((text, ctx): z.output<T> => {
    let value: unknown
    try {
      value = JSON.parse(text)
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be JSON' })
      return z.NEVER
    }
    const parsed = schema.safeParse(value)
    if (parsed.success) return parsed.data
    for (const issue of parsed.error.issues) ctx.addIssue({ ...issue, path: issue.path } as never)
    return z.NEVER
  })
/** `caip2=url` pairs separated by commas or spaces: `eip155:1=https://…,solana:5eykt…=https://…`. */
const Upstreams = z.string().transform((text, ctx) => {
  const pairs = text.split(/[\s,]+/).filter(Boolean)
  const result: Record<string, string> = {}
  for (const pair of pairs) {
    const at = pair.indexOf('=')
    const chain = pair.slice(0, at)
    const url = pair.slice(at + 1)
    const checked = StackConfigSchema.shape.rpcUpstreams.safeParse({ [chain]: url })
    if (at < 1 || !Caip2ChainId.safeParse(chain).success || !checked.success) {
      ctx.addIssue({ code: 'custom', message: `"${pair}" must be <CAIP-2 chain id>=<http(s) URL>` })
      return z.NEVER
    }
    result[chain] = url
  }
  return result
})
const Proxies = z.string().transform(splitProxyList).pipe(z.array(TrustedProxy))
/**
 * `<decimal chain id>=<http(s) URL>` pairs separated by commas or spaces: `8453=https://…,10=https://…`.
 * A URL may hold a provider's API key: errors name the pair by its chain only.
 */
const ChainUrls = z.string().transform((text, ctx) => {
  const result: Record<string, string> = {}
  for (const pair of text.split(/[\s,]+/).filter(Boolean)) {
    const at = pair.indexOf('=')
    const chain = at < 0 ? '' : pair.slice(0, at)
    if (!DecimalChainId.safeParse(chain).success || !z.url({ protocol: /^https?$/ }).safeParse(pair.slice(at + 1)).success) {
      ctx.addIssue({ code: 'custom', message: `the pair of chain "${chain.slice(0, 20)}" must be <decimal chain id>=<http(s) URL>` })
      return z.NEVER
    }
    result[chain] = pair.slice(at + 1)
  }
  return result
})
const PrivateKey = RelayConfig.shape.relayerKey.unwrap()
/** Decimal chain ids separated by commas or spaces: `8453,10`. */
const ChainIds = z
  .string()
  .transform((text) => text.split(/[\s,]+/).filter(Boolean))
  .pipe(z.array(DecimalChainId.transform(Number)).min(1, 'must name at least one decimal chain id'))
/** Read by the api and the secure service alike. */
const smartAccountDelegator = {
  /** The EIP7702StatelessDeleGator accounts delegate to. */
  AIRLOCK_SMART_ACCOUNT_DELEGATOR: PolicyAddress.optional(),
}

/**
 * The smart-account relay's variables (apps/api README "Smart accounts and sponsored gas"), the
 * RelayConfig field each one sets, so that a config problem names its variable.
 */
const SMART_ACCOUNT = {
  AIRLOCK_SMART_ACCOUNT_RELAYER_KEY: 'relayerKey',
  AIRLOCK_SMART_ACCOUNT_PAYMASTER_SIGNER_KEY: 'paymasterSignerKey',
  AIRLOCK_SMART_ACCOUNT_PAYMASTER: 'paymaster',
  AIRLOCK_SMART_ACCOUNT_DELEGATOR: 'delegator',
  AIRLOCK_SMART_ACCOUNT_BUNDLER_URLS: 'external',
  AIRLOCK_SMART_ACCOUNT_PAYMASTER_URLS: 'external',
  AIRLOCK_SMART_ACCOUNT_POLICIES: 'policies',
} as const
type SmartAccountEnv = { [K in keyof typeof SMART_ACCOUNT]?: unknown } & {
  AIRLOCK_SMART_ACCOUNT_BUNDLER_URLS?: Record<string, string>
  AIRLOCK_SMART_ACCOUNT_PAYMASTER_URLS?: Record<string, string>
}

/** Every process. */
const common = {
  /** `production` (the default) refuses to start without its secrets and its database; `development` makes up what is missing. */
  AIRLOCK_ENV: z.enum(['production', 'development']).default('production'),
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: Port,
  /** /health, /ready and /metrics: a port of its own, for the orchestrator and Prometheus, never published. */
  AIRLOCK_ADMIN_PORT: Port.default(9090),
  /** How long requests in flight may take to finish once SIGTERM came. */
  AIRLOCK_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(10_000),
  /**
   * How long /ready answers 503 before the server stops listening once SIGTERM came: the time its
   * load balancer takes to stop sending new connections (its health check's interval). A connection
   * still waiting in the listen queue when the server closes is reset, its request unanswered.
   */
  AIRLOCK_UNREADY_MS: z.coerce.number().int().min(0).max(60_000).default(0),
  AIRLOCK_WIDGET_ORIGIN: HttpOrigin,
}
const served = {
  AIRLOCK_API_ORIGIN: HttpOrigin,
  AIRLOCK_SECURE_ORIGIN: HttpOrigin,
  AIRLOCK_PROJECTS: json(z.array(Project).min(1)),
}
const stateful = {
  /** Postgres (required in production: instances share their state only there); embedded PGlite in development. */
  DATABASE_URL: StackConfigSchema.shape.databaseUrl,
  /** The load balancers in front (IPs, CIDR ranges): limits key on the client their X-Forwarded-For names. */
  AIRLOCK_TRUSTED_PROXIES: Proxies.optional(),
}

export const ServiceEnvSchemas = {
  api: z
    .object({
      ...common,
      ...served,
      ...stateful,
      AIRLOCK_SERVICE: z.literal('api'),
      /** The upstream of each network the RPC proxy serves (SPEC section 9's networks, the devnet's). */
      AIRLOCK_RPC_UPSTREAMS: Upstreams.optional(),
      /** The rate limit per project and client (default 1000/100). */
      AIRLOCK_RATE_LIMIT: RateLimitText.optional(),
      /** The devnet's DEX and on-ramp sandbox (the local full stack of the compose `devnet` profile). */
      AIRLOCK_DEVNET: Flag.optional(),
      /** Base64 or hex, 32 bytes or more, the same at every instance: derives the key of the sign-in session tokens. */
      AIRLOCK_API_SECRET: StackConfigSchema.shape.apiSecret,
      /** The built-in relay's sender of handleOps and type-4 delegations (a secret manager's; needs ETH on its chains). */
      AIRLOCK_SMART_ACCOUNT_RELAYER_KEY: PrivateKey.optional(),
      /** The built-in AirlockPaymaster's verifying signer (a secret manager's). */
      AIRLOCK_SMART_ACCOUNT_PAYMASTER_SIGNER_KEY: PrivateKey.optional(),
      /** The AirlockPaymaster the built-in relay's signer approves for (one address on every chain). */
      AIRLOCK_SMART_ACCOUNT_PAYMASTER: PolicyAddress.optional(),
      ...smartAccountDelegator,
      /** External ERC-4337 bundlers, `<chain id>=<URL>` pairs; those chains do not use the built-in relay. */
      AIRLOCK_SMART_ACCOUNT_BUNDLER_URLS: ChainUrls.optional(),
      /** External ERC-7677 paymasters, `<chain id>=<URL>` pairs, for the same chains as the bundlers. */
      AIRLOCK_SMART_ACCOUNT_PAYMASTER_URLS: ChainUrls.optional(),
      /** `[{ "projectId", "chains", "contracts", "dailyBudgetWei", "maxOperationCostWei"? }, …]`: what each project's gas sponsorship pays for. */
      AIRLOCK_SMART_ACCOUNT_POLICIES: json(z.array(PaymasterPolicy)).optional(),
    })
    .superRefine(checkSmartAccountEnv),
  secure: z
    .object({
      ...common,
      ...served,
      ...stateful,
      AIRLOCK_SERVICE: z.literal('secure'),
      AIRLOCK_KEY_SERVICE_ORIGIN: HttpOrigin,
      /** Base64 or hex, 32 bytes or more (a secret manager's): keys the code hashes and the key service's assertions. */
      AIRLOCK_SECURE_SECRET: StackConfigSchema.shape.secureSecret,
      AIRLOCK_SMTP_URL: StackConfigSchema.shape.smtpUrl,
      AIRLOCK_MAIL_FROM: StackConfigSchema.shape.mailFrom,
      /** `{ "google": { "issuer", "clientId", "clientSecret" }, … }`. */
      AIRLOCK_SOCIAL: json(StackConfigSchema.shape.social.unwrap()).optional(),
      /** The Sign In With Farcaster relay, e.g. https://relay.farcaster.xyz. */
      AIRLOCK_FARCASTER_RELAY_URL: z.url({ protocol: /^https?$/ }).optional(),
      ...smartAccountDelegator,
      /**
       * Where the frame offers a smart account (the chains of the api's policies): the api's relay
       * config stays on the api, its keys and provider URLs never reach this process.
       */
      AIRLOCK_SMART_ACCOUNT_CHAINS: ChainIds.optional(),
    })
    .superRefine(checkSecureSmartAccountEnv),
  widget: z.object({
    ...common,
    ...served,
    AIRLOCK_SERVICE: z.literal('widget'),
    /** The WalletConnect relay (default the public one). */
    AIRLOCK_RELAY_URL: StackConfigSchema.shape.relayUrl,
  }),
  demo: z.object({
    ...common,
    AIRLOCK_SERVICE: z.literal('demo'),
    AIRLOCK_DAPP_ORIGIN: HttpOrigin,
  }),
} satisfies Record<ServiceName, z.ZodObject>

/** The relay config the smart-account variables set (undefined when none is set), as RelayConfig checks it. */
function smartAccountRelay(env: SmartAccountEnv) {
  if (!Object.keys(SMART_ACCOUNT).some((key) => env[key as keyof SmartAccountEnv] !== undefined)) return undefined
  const bundlers = env.AIRLOCK_SMART_ACCOUNT_BUNDLER_URLS ?? {}
  const paymasters = env.AIRLOCK_SMART_ACCOUNT_PAYMASTER_URLS ?? {}
  const paired = Object.keys(bundlers).filter((chain) => paymasters[chain] !== undefined)
  const input: Record<string, unknown> = {
    external: Object.fromEntries(paired.map((chain) => [chain, { bundlerUrl: bundlers[chain], paymasterUrl: paymasters[chain] }])),
    policies: env.AIRLOCK_SMART_ACCOUNT_POLICIES ?? [],
  }
  for (const [variable, field] of Object.entries(SMART_ACCOUNT)) {
    const value = env[variable as keyof SmartAccountEnv]
    if (field !== 'external' && field !== 'policies' && value !== undefined) input[field] = value
  }
  return RelayConfig.safeParse(input)
}

/** Each problem of the smart-account variables, on the variable it is about. */
function checkSmartAccountEnv(env: SmartAccountEnv, ctx: z.RefinementCtx): void {
  const bundlers = env.AIRLOCK_SMART_ACCOUNT_BUNDLER_URLS ?? {}
  const paymasters = env.AIRLOCK_SMART_ACCOUNT_PAYMASTER_URLS ?? {}
  for (const [has, lacks, other] of [
    [bundlers, paymasters, 'AIRLOCK_SMART_ACCOUNT_PAYMASTER_URLS'],
    [paymasters, bundlers, 'AIRLOCK_SMART_ACCOUNT_BUNDLER_URLS'],
  ] as const) {
    for (const chain of Object.keys(has).filter((chain) => lacks[chain] === undefined)) {
      ctx.addIssue({ code: 'custom', path: [other], message: `chain ${chain} needs both an external bundler and paymaster, or neither` })
    }
  }
  const parsed = smartAccountRelay(env)
  if (!parsed || parsed.success) return
  if (env.AIRLOCK_SMART_ACCOUNT_DELEGATOR === undefined) {
    ctx.addIssue({
      code: 'custom',
      path: ['AIRLOCK_SMART_ACCOUNT_DELEGATOR'],
      message: 'is needed with any other AIRLOCK_SMART_ACCOUNT_ variable',
    })
  }
  for (const issue of parsed.error.issues.filter((issue) => issue.path[0] !== 'delegator')) {
    const [field, ...rest] = issue.path
    const variable = Object.entries(SMART_ACCOUNT).find(([, f]) => f === field)?.[0] ?? 'AIRLOCK_SMART_ACCOUNT_POLICIES'
    ctx.addIssue({ code: 'custom', path: field === 'policies' ? [variable, ...rest] : [variable], message: issue.message })
  }
}

/** The secure service's smart-account variables go together: a DeleGator without chains, or chains without one, offer nothing. */
function checkSecureSmartAccountEnv(
  env: { AIRLOCK_SMART_ACCOUNT_DELEGATOR?: unknown; AIRLOCK_SMART_ACCOUNT_CHAINS?: unknown },
  ctx: z.RefinementCtx,
): void {
  const [delegator, chains] = [env.AIRLOCK_SMART_ACCOUNT_DELEGATOR !== undefined, env.AIRLOCK_SMART_ACCOUNT_CHAINS !== undefined]
  if (delegator === chains) return
  const [missing, given] = delegator
    ? ['AIRLOCK_SMART_ACCOUNT_CHAINS', 'AIRLOCK_SMART_ACCOUNT_DELEGATOR']
    : ['AIRLOCK_SMART_ACCOUNT_DELEGATOR', 'AIRLOCK_SMART_ACCOUNT_CHAINS']
  ctx.addIssue({ code: 'custom', path: [missing], message: `is needed with ${given} (set both, or neither)` })
}

/** The secure frame's smart-account networks from the secure service's variables; undefined when they are not set. */
export function smartAccountsOf(env: ServiceEnv): SmartAccountNetwork[] | undefined {
  if (env.AIRLOCK_SERVICE !== 'secure' || !env.AIRLOCK_SMART_ACCOUNT_DELEGATOR || !env.AIRLOCK_SMART_ACCOUNT_CHAINS) return undefined
  return smartAccountNetworksOn(env.AIRLOCK_SMART_ACCOUNT_CHAINS, env.AIRLOCK_SMART_ACCOUNT_DELEGATOR)
}

/** The API's relay config from its smart-account variables; undefined when none is set. */
export function relayConfigOf(env: ServiceEnv): RelayConfig | undefined {
  if (env.AIRLOCK_SERVICE !== 'api') return undefined
  const parsed = smartAccountRelay(env)
  return parsed?.success ? parsed.data : undefined
}

export type ServiceEnv = { [S in ServiceName]: z.output<(typeof ServiceEnvSchemas)[S]> }[ServiceName]

/** The variables `service` reads: what docker-compose.yml may set for it. */
export const envKeysOf = (service: ServiceName): string[] => Object.keys(ServiceEnvSchemas[service].shape)

/**
 * Reads a service's environment; throws one readable error listing every problem, including, in
 * production, the secrets and the database a development start would make up.
 */
export function parseServiceEnv(env: Record<string, string | undefined>): ServiceEnv {
  const service = z.enum(SERVICES).safeParse(env.AIRLOCK_SERVICE)
  if (!service.success)
    throw new Error(`AIRLOCK_SERVICE must be one of ${SERVICES.join(', ')} (got ${JSON.stringify(env.AIRLOCK_SERVICE)})`)
  // An empty variable is an unset one (compose writes `KEY=` for an unset `${KEY}`).
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''))
  const parsed = ServiceEnvSchemas[service.data].safeParse(present)
  if (!parsed.success) throw new Error(`Invalid environment of the ${service.data} service:\n${z.prettifyError(parsed.error)}`)
  const missing = productionGaps(parsed.data)
  if (missing.length)
    throw new Error(
      `The ${service.data} service refuses to start in production without:\n${missing.map((m) => `  ✖ ${m}`).join('\n')}\n(AIRLOCK_ENV=development makes them up, for a local try only)`,
    )
  return parsed.data
}

function productionGaps(env: ServiceEnv): string[] {
  if (env.AIRLOCK_ENV !== 'production') return []
  const gaps: string[] = []
  if ((env.AIRLOCK_SERVICE === 'api' || env.AIRLOCK_SERVICE === 'secure') && !env.DATABASE_URL)
    gaps.push('DATABASE_URL: several instances share their state only through one Postgres')
  if (env.AIRLOCK_SERVICE === 'secure' && !env.AIRLOCK_SECURE_SECRET)
    gaps.push('AIRLOCK_SECURE_SECRET: a random one would seal shares no restart can open')
  if (env.AIRLOCK_SERVICE === 'api' && !env.AIRLOCK_API_SECRET)
    gaps.push("AIRLOCK_API_SECRET: a random one per instance signs tokens the other instances' keys do not verify")
  if (env.AIRLOCK_SERVICE === 'api' && Object.keys(env.AIRLOCK_RPC_UPSTREAMS ?? {}).length === 0)
    gaps.push('AIRLOCK_RPC_UPSTREAMS: the RPC proxy and the data API need at least one network')
  return gaps
}
