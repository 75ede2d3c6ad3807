import type { DevPorts } from '@airlock/api'
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
  anvil: { 31337: 8545, 31338: 8546 },
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
