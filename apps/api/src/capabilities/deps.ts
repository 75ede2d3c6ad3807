import type { ChainRegistry } from '../chains/registry'
import type { Database } from '../platform/db/database'
import type { ProjectRegistry } from '../platform/projects/registry'

/**
 * What the route modules of the data API are built from. Each capability folder exports
 * `<capability>Routes(deps)`, a Hono app with paths relative to /v1, which createApiApp mounts.
 */
export interface ApiDeps {
  db: Database
  chains: ChainRegistry
  projects: ProjectRegistry
  /** The API's own public origin, e.g. for links to the on-ramp sandbox checkout page. */
  apiOrigin: string
  /** Current time in ms; injectable so that time-based rules are testable. */
  now: () => number
}
