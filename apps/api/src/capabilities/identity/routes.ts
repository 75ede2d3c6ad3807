import { Hono } from 'hono'
import * as z from 'zod'
import type { ApiVariables } from '../../platform/projects/request'
import type { ApiDeps } from '../deps'
import { apiError, invalidInput } from '../../platform/http/errors'
import { coinTypesOf } from '../names/routes'
import { NameReason } from '../names/rules'
import { getNamesForAddress } from '../names/store'
import { parseAccountId } from '../../chains/eip155/address'

/** SPEC section 9: identity is cached 5 minutes. */
export const IDENTITY_CACHE_CONTROL = 'public, max-age=300'

export const IdentityParams = z.object({ address: z.string().min(1).max(200) })
export const IdentityQuery = z.object({ sender: z.string().max(200).optional() })
export const IdentityResponse = z.object({ name: z.string().nullable(), avatar: z.string().nullable() })

/**
 * `GET /identity/:address?sender=` (relative to /v1): the address's primary name (its oldest
 * registered name) and that name's `avatar` attribute, or nulls. `sender` is accepted and unused.
 */
export function identityRoutes(deps: ApiDeps): Hono<{ Variables: ApiVariables }> {
  const route = new Hono<{ Variables: ApiVariables }>()
  route.get('/identity/:address', async (c) => {
    const query = IdentityQuery.safeParse(c.req.query())
    if (!query.success) return invalidInput(c, query.error)
    const account = parseAccountId(c.req.param('address'))
    if (!account) return apiError(c, 400, NameReason.address, [{ description: NameReason.address, field: 'address' }])
    const [primary] = await getNamesForAddress(deps.db, account.address, coinTypesOf(account.chainId))
    c.header('Cache-Control', IDENTITY_CACHE_CONTROL)
    return c.json({ name: primary?.name ?? null, avatar: primary?.attributes.avatar ?? null })
  })
  return route
}
