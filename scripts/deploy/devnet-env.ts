import * as z from 'zod'
import { HttpOrigin } from '../../apps/api/src/platform/http/origin'

/**
 * What scripts/devnet-services.ts (the compose `devnet` profile's container) reads from its
 * environment: the public names the proxy gives the stand-ins, which browsers and the other
 * services are told. Its ports are `npm start`'s (START_PORTS).
 */
export const DevnetServicesEnv = z.object({
  /** Every stand-in binds this address: 0.0.0.0 in the container (the compose network alone reaches it). */
  DEVNET_HOST: z.string().min(1).default('0.0.0.0'),
  /** The secure origin: the OIDC stand-in's clients redirect back under it. */
  DEVNET_SECURE_ORIGIN: HttpOrigin,
  /** The OIDC stand-in's issuer base (`http://oidc.localhost`): issuers are `<base>/google` etc. */
  DEVNET_OIDC_URL: HttpOrigin,
  /** The Farcaster stand-in's base (`http://farcaster.localhost`): the relay, and the app page its QR codes open. */
  DEVNET_FARCASTER_URL: HttpOrigin,
  /** The WalletConnect relay as the widget is told it (`wss://relay.localhost`). */
  DEVNET_RELAY_URL: z.string().regex(/^wss?:\/\/[^\s/?#]+$/, 'must be a ws:// or wss:// origin'),
  /** Where it writes `ready` once every stand-in answers (the container's healthcheck reads it). */
  DEVNET_READY_FILE: z.string().min(1).default('/tmp/devnet-ready'),
})
export type DevnetServicesEnv = z.output<typeof DevnetServicesEnv>

/** The variables the devnet container reads: what docker-compose.yml may set for it. */
export const devnetEnvKeys = (): string[] => Object.keys(DevnetServicesEnv.shape)

export function parseDevnetServicesEnv(env: Record<string, string | undefined>): DevnetServicesEnv {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''))
  const parsed = DevnetServicesEnv.safeParse(present)
  if (!parsed.success) throw new Error(`Invalid environment of the devnet services:\n${z.prettifyError(parsed.error)}`)
  return parsed.data
}
