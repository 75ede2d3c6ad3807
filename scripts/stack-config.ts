import type { DevPorts } from '@airlock/api'
import { bitcoinRegtest, polkadotDevnet, solanaLocalnet } from '@airlock/chains'
import type { OidcStandInClient } from '@airlock/devnet'
import { FRAME_SOCIAL_PROVIDERS } from '@airlock/protocol'

/*
 * The ports and OAuth clients of the local stack, apart from scripts/stack.ts (which builds the
 * apps with Vite): the devnet profile's container (scripts/devnet-services.ts) has no Vite.
 */

export interface StackPortsOption extends DevPorts {
  anvil: Record<number, number>
  /** The local WalletConnect relay (WebSocket). */
  relay: number
  /** The reference WalletConnect wallet's page. */
  walletPage: number
  /** The mail sink's SMTP port (one-time codes for email login are sent here). */
  mailSmtp: number
  /** The mail sink's HTTP port (inbox page and JSON). */
  mailHttp: number
  /** The OpenID Connect stand-in for the social logins (one issuer per provider under it). */
  oidc: number
  /** The Sign In With Farcaster stand-in (relay, "Farcaster app" page, IdRegistry read). */
  farcaster: number
  /** The key service (its own process). */
  keys: number
  /** The Solana devnet's JSON-RPC; its WebSocket API listens on the next port. */
  solana: number
  /** The Bitcoin devnet's esplora REST API (regtest). */
  bitcoin: number
  /** The Polkadot devnet's JSON-RPC (chopsticks: HTTP and WebSocket on this one port). */
  polkadot: number
}

export const START_PORTS: StackPortsOption = {
  dapp: 4400,
  widget: 4401,
  secure: 4402,
  api: 4403,
  relay: 4404,
  walletPage: 4405,
  mailSmtp: 4406,
  mailHttp: 4407,
  oidc: 4408,
  farcaster: 4409,
  keys: 4410,
  solana: 4411,
  bitcoin: 4413,
  polkadot: 4414,
  anvil: { 31337: 8545, 31338: 8546 },
}

/**
 * Ports of the stack the e2e suite starts: far from `npm start`'s, so both can run at once.
 * `AIRLOCK_E2E_PORT_OFFSET` shifts them all, so that two checkouts can run their suites side by side.
 */
export const E2E_PORTS: StackPortsOption = shiftPorts(
  {
    dapp: 14400,
    widget: 14401,
    secure: 14402,
    api: 14403,
    relay: 14404,
    walletPage: 14405,
    mailSmtp: 14406,
    mailHttp: 14407,
    oidc: 14408,
    farcaster: 14409,
    keys: 14410,
    solana: 14411,
    bitcoin: 14413,
    polkadot: 14414,
    anvil: { 31337: 18545, 31338: 18546 },
  },
  Number(process.env.AIRLOCK_E2E_PORT_OFFSET ?? 0),
)
/** Ports of the stack the bench starts. */
export const BENCH_PORTS: StackPortsOption = {
  dapp: 34400,
  widget: 34401,
  secure: 34402,
  api: 34403,
  relay: 34404,
  walletPage: 34405,
  mailSmtp: 34406,
  mailHttp: 34407,
  oidc: 34408,
  farcaster: 34409,
  keys: 34410,
  solana: 34411,
  bitcoin: 34413,
  polkadot: 34414,
  anvil: { 31337: 38545, 31338: 38546 },
}

/** The devnet's networks by CAIP-2 id, each with the port of its node: the api's upstream for each. */
export function devnetChainPorts(ports: StackPortsOption): Record<string, number> {
  return {
    ...Object.fromEntries(Object.entries(ports.anvil).map(([chainId, port]) => [`eip155:${chainId}`, port])),
    [solanaLocalnet.caipNetworkId]: ports.solana,
    [bitcoinRegtest.caipNetworkId]: ports.bitcoin,
    [polkadotDevnet.caipNetworkId]: ports.polkadot,
  }
}

function shiftPorts(ports: StackPortsOption, offset: number): StackPortsOption {
  if (!Number.isInteger(offset) || offset < 0 || offset > 10_000)
    throw new RangeError(`AIRLOCK_E2E_PORT_OFFSET must be an integer from 0 to 10000`)
  const shift = <T extends Record<string | number, number>>(record: T) =>
    Object.fromEntries(Object.entries(record).map(([name, port]) => [name, port + offset])) as T
  const { anvil, ...rest } = ports
  return { ...shift(rest as unknown as Record<string, number>), anvil: shift(anvil) } as StackPortsOption
}

/**
 * The OAuth clients the stack registers on the social login stand-in: one per provider, id
 * `airlock-devnet-<provider>`, secret `airlock-devnet-secret`, redirect_uri
 * `<secure origin>/oauth/<provider>/callback` (the secure frame's server takes these).
 */
export function devnetOidcClients(secureOrigin: string): OidcStandInClient[] {
  // The social providers the secure frame offers; the stand-in impersonates each.
  return FRAME_SOCIAL_PROVIDERS.map((provider) => ({
    provider,
    clientId: `airlock-devnet-${provider}`,
    clientSecret: 'airlock-devnet-secret',
    redirectUris: [`${secureOrigin}/oauth/${provider}/callback`],
  }))
}
