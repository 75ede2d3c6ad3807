import { isAbsolute } from 'node:path'
import { fileURLToPath } from 'node:url'
import * as z from 'zod'
import { bitcoinRegtest, polkadotDevnet, solanaLocalnet } from '@airlock/chains'
import { DEVNET_CHAINS } from '@airlock/devnet'
import { DEVNET_CONTRACTS, DEVNET_PAYMASTER_SIGNER, DEVNET_RELAYER, DEVNET_TOKENS, DEVNET_TREASURY } from '@airlock/devnet/contracts'
import { DEVNET_WALLET_LISTING } from '@airlock/devnet/wallet/listing'
import { FrameSocialProvider } from '@airlock/protocol'
import { AnalyticsLimits } from './capabilities/analytics'
import { Caip2ChainId } from './chains/caip2'
import { TrustedProxy } from './platform/http/client-address'
import { HttpOrigin, type StackOrigins } from './platform/http/origin'
import type { ExtraWallet } from './capabilities/explorer'
import { onrampConfigFromDevnet, type OnrampSandboxConfig } from './capabilities/onramp'
import { uniswapV2DexConfig, type DexConfig } from './capabilities/prices/dex-config'
import { Project } from './platform/projects/project'
import { RpcLimits } from './capabilities/rpc/limits'
import { RelayConfig } from './capabilities/relay/config'
import type { FarcasterLoginOptions } from './origins/secure/farcaster'
import { decodeSecret } from './platform/security/tokens'
import type { SocialFetch, SocialProviderConfig } from './origins/secure/social'

/** Where each origin server listens. */
export interface StackPorts {
  dapp: number
  widget: number
  secure: number
  api: number
}

/** The four public origins (kept in platform/http so that the origins' servers need not import this file). */
export type { StackOrigins } from './platform/http/origin'

export interface StackConfig {
  /** Full origins as browsers see them (`http://widget.localhost:4401`). */
  origins: StackOrigins
  /** Ports the servers bind to (on `host`). Usually the ports of `origins`. */
  ports: StackPorts
  /** Bind address of every server. Default 127.0.0.1 (loopback only). */
  host?: string
  projects: Project[]
  /** CAIP-2 chain id -> JSON-RPC upstream URL, e.g. `eip155:31337 -> http://127.0.0.1:8545`. */
  rpcUpstreams: Record<string, string>
  widgetDistDir: string
  hostSdkDistDir: string
  secureFrameDistDir: string
  demoDistDir: string
  /** Extra files served by the demo origin: URL path -> absolute file path (e.g. `/devnet-wallet.js`). */
  demoExtraFiles?: Record<string, string>
  /** Serve widget, demo and secure frame through Vite dev servers (HMR) instead of their dist dirs. */
  dev?: boolean
  /** Wallets added to the registry's (the devnet's wallet in dev: explorer/registry.ts ExtraWallet). */
  extraWallets?: readonly ExtraWallet[]
  /** Tokens and the DEX per chain (the devnet's Uniswap V2 in dev). */
  dex?: DexConfig
  /** The on-ramp sandbox: what it sells where, and the treasury that pays purchases. */
  onramp?: OnrampSandboxConfig
  /** A Postgres server (DATABASE_URL); else embedded PGlite. */
  databaseUrl?: string
  /** Where PGlite keeps its files; in memory when absent. */
  dataDir?: string
  /** API rate limit per project and client; `false` turns it off. */
  rateLimit?: { capacity: number; refillPerSecond: number } | false
  /**
   * The secure origin's own rate limit per client address (default DEFAULT_SECURE_RATE_LIMIT; `false`
   * with `rateLimit: false` too). The devnet raises it: all its browsers share one loopback address.
   */
  secureRateLimit?: { capacity: number; refillPerSecond: number }
  /** The secure origin's code mails per client address (default DEFAULT_MAIL_RATE_LIMIT); the devnet raises it for the same reason. */
  secureMailRateLimit?: { capacity: number; refillPerSecond: number }
  /**
   * The load balancers / reverse proxies in front of the servers (IPs or CIDR ranges, IPv4 or IPv6;
   * `AIRLOCK_TRUSTED_PROXIES` under `npm start`): rate limits key on the client address their
   * `X-Forwarded-For` names. Default none: the socket peer, and the header is ignored.
   */
  trustedProxies?: string[]
  /** The analytics quota per project (events per window) and retention in days (defaults DEFAULT_ANALYTICS_LIMITS). */
  analytics?: Partial<AnalyticsLimits>
  /** The chain RPC proxy's batch, eth_getLogs range, answer size and per-project quota limits (default DEFAULT_RPC_LIMITS). */
  rpcLimits?: RpcLimits
  /** Print one JSON line per API request. */
  requestLog?: boolean
  /** The WalletConnect relay the widget pairs through (its CSP allows exactly this one). Default: the public relay. */
  relayUrl?: string
  /**
   * Where the secure-frame server mails its one-time codes (`smtp://host:port`, `smtps://…`); the
   * devnet mail sink in dev and tests. Without it, email login answers 503.
   */
  smtpUrl?: string
  /** The From of those mails. Default `Airlock <no-reply@airlock.localhost>`. */
  mailFrom?: string
  /**
   * The secure-frame server's secret (base64 or hex, at least 32 bytes): keys the stored code
   * hashes and derives the Ed25519 key of the assertions the key service accepts (the key service
   * is configured with its public key, `secureOriginPublicKey(secret)`). Random at every start when
   * absent (dev). In production it comes from a KMS / secret manager, never from the database.
   */
  secureSecret?: string
  /**
   * The data API's secret (base64 or hex, at least 32 bytes): derives the Ed25519 key that signs
   * sign-in session tokens (published at /.well-known/jwks.json). Every instance needs the same one;
   * random at every start when absent (dev: tokens then stop verifying at a restart).
   */
  apiSecret?: string
  /**
   * The key service (apps/api/src/origins/key-service, its own process): the secure frame calls it
   * directly, so its origin is in the frame's CSP `connect-src` and in GET /api/frame-config.
   */
  keyServiceOrigin: string
  /**
   * Social login on the secure origin: per provider (google, github, apple, facebook, x, discord)
   * its OpenID Connect issuer, client id and secret, registered with the redirect URI
   * `<secure origin>/oauth/<provider>/callback`. Providers left out answer 404.
   */
  social?: Partial<Record<FrameSocialProvider, SocialProviderConfig>>
  /** How the secure origin's server reaches the issuers (dev: the devnet's `localhostFetch`). Default: global fetch. */
  socialFetch?: SocialFetch
  /**
   * Sign In With Farcaster on the secure origin: the relay (`relayUrl`, e.g.
   * `https://relay.farcaster.xyz`; the devnet stand-in in dev), how to read a fid's custody address
   * (`custodyOf`, default the IdRegistry on OP Mainnet) and how to reach the relay (`fetch`, dev:
   * the devnet's `localhostFetch`). Without it Farcaster login answers 404.
   */
  farcaster?: FarcasterLoginOptions
  /**
   * The API as ERC-4337 bundler and ERC-7677 paymaster (`/v1/relay/:chainId`): the relayer and
   * paymaster signer keys, the paymaster and delegator contracts, and each sponsored project's
   * policy. Without it the relay is not served.
   */
  relay?: RelayConfig
}

export const PUBLIC_RELAY_URL = 'wss://relay.walletconnect.org'
/** The devnet relay's port under `npm start` (packages/devnet). */
export const DEFAULT_RELAY_PORT = 4404

const Port = z.number().int().min(1).max(65535)
const AbsolutePath = z.string().refine(isAbsolute, { message: 'must be an absolute path' })
const UpstreamUrl = z.url({ protocol: /^https?$/ })
const UrlPath = z
  .string()
  .regex(/^\/[A-Za-z0-9._~/-]*$/)
  .refine((p) => !p.split('/').includes('..'), { message: 'must not contain ..' })

export const StackConfigSchema = z.object({
  origins: z.object({ dapp: HttpOrigin, widget: HttpOrigin, secure: HttpOrigin, api: HttpOrigin }),
  ports: z.object({ dapp: Port, widget: Port, secure: Port, api: Port }),
  host: z.string().min(1).optional(),
  projects: z.array(Project),
  rpcUpstreams: z.record(Caip2ChainId, UpstreamUrl),
  widgetDistDir: AbsolutePath,
  hostSdkDistDir: AbsolutePath,
  secureFrameDistDir: AbsolutePath,
  demoDistDir: AbsolutePath,
  demoExtraFiles: z.record(UrlPath, AbsolutePath).optional(),
  dev: z.boolean().optional(),
  // Checked field by field with the registry file's schema when the API loads them (loadWalletRegistry).
  extraWallets: z.custom<readonly ExtraWallet[]>((value) => Array.isArray(value), 'must be a list of wallets').optional(),
  // Built in code by uniswapV2DexConfig, which checks every address; here only its keys are.
  dex: z
    .custom<DexConfig>(
      (value) => typeof value === 'object' && value !== null && Object.keys(value).every((key) => Caip2ChainId.safeParse(key).success),
      'must map CAIP-2 chain ids to DEX configs',
    )
    .optional(),
  onramp: z
    .custom<OnrampSandboxConfig>((value) => typeof value === 'object' && value !== null, 'must be an on-ramp sandbox config')
    .optional(),
  databaseUrl: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  dataDir: AbsolutePath.optional(),
  rateLimit: z
    .union([z.object({ capacity: z.number().int().positive(), refillPerSecond: z.number().positive() }), z.literal(false)])
    .optional(),
  secureRateLimit: z.object({ capacity: z.number().int().positive(), refillPerSecond: z.number().positive() }).optional(),
  secureMailRateLimit: z.object({ capacity: z.number().int().positive(), refillPerSecond: z.number().positive() }).optional(),
  trustedProxies: z.array(TrustedProxy).optional(),
  analytics: AnalyticsLimits.partial().optional(),
  rpcLimits: RpcLimits.optional(),
  requestLog: z.boolean().optional(),
  relayUrl: z
    .string()
    .regex(/^wss?:\/\/[^\s/?#]+\/?$/, 'must be a ws:// or wss:// origin')
    .optional(),
  smtpUrl: z.url({ protocol: /^smtps?$/ }).optional(),
  mailFrom: z.string().min(3).max(200).optional(),
  secureSecret: z
    .string()
    .refine((text) => decodeSecret(text) !== undefined, 'must be base64 or hex of at least 32 bytes')
    .optional(),
  apiSecret: z
    .string()
    .refine((text) => decodeSecret(text) !== undefined, 'must be base64 or hex of at least 32 bytes')
    .optional(),
  keyServiceOrigin: HttpOrigin,
  social: z
    .partialRecord(
      FrameSocialProvider,
      z.object({ issuer: z.url({ protocol: /^https?$/ }), clientId: z.string().min(1), clientSecret: z.string().min(1) }),
    )
    .optional(),
  socialFetch: z.custom<SocialFetch>((value) => typeof value === 'function', 'must be a fetch function').optional(),
  farcaster: z
    .object({
      relayUrl: z.url({ protocol: /^https?$/ }),
      custodyOf: z
        .custom<NonNullable<FarcasterLoginOptions['custodyOf']>>((value) => typeof value === 'function', 'must be a function')
        .optional(),
      fetch: z
        .custom<NonNullable<FarcasterLoginOptions['fetch']>>((value) => typeof value === 'function', 'must be a fetch function')
        .optional(),
    })
    .optional(),
  relay: RelayConfig.optional(),
})

/** Checks a config at the boundary (start-up); throws a readable error listing every problem. */
export function parseStackConfig(config: StackConfig): StackConfig {
  const result = StackConfigSchema.safeParse(config)
  if (!result.success) throw new Error(`Invalid Airlock stack config:\n${z.prettifyError(result.error)}`)
  return result.data
}

export const DEFAULT_HOST = '127.0.0.1'

export const DEFAULT_PORTS: Readonly<StackPorts> = Object.freeze({ dapp: 4400, widget: 4401, secure: 4402, api: 4403 })

/** Devnet chains and their default anvil ports (the same as packages/devnet's DEVNET_CHAINS). */
export const DEFAULT_ANVIL_PORTS: Readonly<Record<number, number>> = Object.freeze({ 31337: 8545, 31338: 8546 })

export interface DevPorts extends Partial<StackPorts> {
  /** anvil port per devnet chain id (31337, 31338). */
  anvil?: Partial<Record<number, number>>
  /** The devnet WalletConnect relay. */
  relay?: number
  /** The key service (its own process, started beside the stack). */
  keys?: number
  /** The Solana devnet's JSON-RPC port (its WebSocket API is on the next port). */
  solana?: number
  /** The Bitcoin devnet's esplora REST API. */
  bitcoin?: number
  /** The Polkadot devnet's JSON-RPC (chopsticks). */
  polkadot?: number
}

/** The key service's port under `npm start`. */
export const DEFAULT_KEY_SERVICE_PORT = 4410

/** The Solana devnet's JSON-RPC port under `npm start` (its WebSocket API listens on 4412). */
export const DEFAULT_SOLANA_PORT = 4411

/** The Bitcoin devnet's esplora port under `npm start`. */
export const DEFAULT_BITCOIN_PORT = 4413

/** The Polkadot devnet's JSON-RPC port under `npm start` (HTTP and WebSocket). */
export const DEFAULT_POLKADOT_PORT = 4414

/**
 * The devnet's Uniswap V2 on `chains` (CAIP-2 ids of devnet chains), the on-ramp sandbox paying
 * from the devnet treasury (the devnet's contracts are at fixed addresses), the devnet wallet
 * in the wallet registry, and the relay with the devnet's relayer and paymaster signer, sponsoring
 * `projects`' calls to USDC, DAI, the Uniswap router and the DelegationManager up to 1 ETH a day per chain.
 */
export function devnetSandbox(
  chains: readonly string[],
  projects: readonly string[] = ['demo'],
): Required<Pick<StackConfig, 'dex' | 'onramp' | 'extraWallets' | 'relay'>> {
  const chainIds = chains.map((chain) => Number(chain.split(':')[1]))
  const { usdc, dai, uniswapV2Router, delegationManager } = DEVNET_CONTRACTS
  return {
    relay: RelayConfig.parse({
      relayerKey: DEVNET_RELAYER.privateKey,
      paymasterSignerKey: DEVNET_PAYMASTER_SIGNER.privateKey,
      paymaster: DEVNET_CONTRACTS.paymaster,
      delegator: DEVNET_CONTRACTS.eip7702Delegator,
      // A policy names at least one chain: none without an EVM upstream.
      policies: (chainIds.length ? projects : []).map((projectId) => ({
        projectId,
        chains: chainIds,
        contracts: [usdc, dai, uniswapV2Router, delegationManager],
        dailyBudgetWei: 10n ** 18n,
      })),
    }),
    extraWallets: [DEVNET_WALLET_LISTING],
    dex: uniswapV2DexConfig(chains, { contracts: DEVNET_CONTRACTS, tokens: DEVNET_TOKENS }),
    onramp: onrampConfigFromDevnet({ chains: DEVNET_CHAINS, tokens: DEVNET_TOKENS, treasury: DEVNET_TREASURY }),
  }
}

/** `apps/<app>/dist`, resolved from this file (not from the working directory). */
export const appDistDir = (app: string): string => fileURLToPath(new URL(`../../${app}/dist`, import.meta.url))
/** `apps/<app>`, the root a Vite dev server runs from. */
export const appDir = (app: string): string => fileURLToPath(new URL(`../../${app}`, import.meta.url))

/**
 * The local stack: `http://{dapp,widget,secure,api}.localhost:<port>` (distinct sites so the
 * browser isolates them), the `demo` project, the two devnet chains, the Solana devnet cluster, the
 * Bitcoin regtest devnet and the Polkadot devnet (chopsticks).
 * Every port can be overridden so tests can run a second stack beside `npm start`.
 */
export function devConfig(ports: DevPorts = {}): StackConfig {
  const p: StackPorts = {
    dapp: ports.dapp ?? DEFAULT_PORTS.dapp,
    widget: ports.widget ?? DEFAULT_PORTS.widget,
    secure: ports.secure ?? DEFAULT_PORTS.secure,
    api: ports.api ?? DEFAULT_PORTS.api,
  }
  const anvil = { ...DEFAULT_ANVIL_PORTS, ...ports.anvil }
  const origins: StackOrigins = {
    dapp: `http://dapp.localhost:${p.dapp}`,
    widget: `http://widget.localhost:${p.widget}`,
    secure: `http://secure.localhost:${p.secure}`,
    api: `http://api.localhost:${p.api}`,
  }
  return {
    origins,
    ports: p,
    host: DEFAULT_HOST,
    projects: [
      {
        id: 'demo',
        name: 'Airlock Demo',
        allowedOrigins: [origins.dapp, `http://localhost:${p.dapp}`, `http://127.0.0.1:${p.dapp}`],
        // Dev: curl and scripts may call the RPC proxy without an Origin.
        serverRpc: true,
        features: { analytics: false },
      },
    ],
    rpcUpstreams: {
      ...Object.fromEntries(
        Object.entries(anvil).flatMap(([chainId, port]) => (port === undefined ? [] : [[`eip155:${chainId}`, `http://127.0.0.1:${port}`]])),
      ),
      [solanaLocalnet.caipNetworkId]: `http://127.0.0.1:${ports.solana ?? DEFAULT_SOLANA_PORT}`,
      // A bip122 upstream is an esplora REST API (the devnet's, or a real esplora / mempool.space).
      [bitcoinRegtest.caipNetworkId]: `http://127.0.0.1:${ports.bitcoin ?? DEFAULT_BITCOIN_PORT}`,
      // chopsticks: the polkadot family's JSON-RPC upstream (chains/polkadot/).
      [polkadotDevnet.caipNetworkId]: `http://127.0.0.1:${ports.polkadot ?? DEFAULT_POLKADOT_PORT}`,
    },
    ...devnetSandbox(Object.keys(anvil).map((chainId) => `eip155:${chainId}`)),
    relayUrl: `ws://127.0.0.1:${ports.relay ?? DEFAULT_RELAY_PORT}`,
    keyServiceOrigin: `http://keys.localhost:${ports.keys ?? DEFAULT_KEY_SERVICE_PORT}`,
    widgetDistDir: appDistDir('widget'),
    hostSdkDistDir: appDistDir('host-sdk'),
    secureFrameDistDir: appDistDir('secure-frame'),
    demoDistDir: appDistDir('demo'),
  }
}
