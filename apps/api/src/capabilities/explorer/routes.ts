import { type Context, Hono } from 'hono'
import * as z from 'zod'
import type { ApiVariables } from '../../platform/projects/request'
import { apiError, invalidInput } from '../../platform/http/errors'
import type { EndpointDoc } from '../../platform/http/endpoint-doc'
import { type PublicImages, type StoredImage, etagMatches, loadPublicImages } from './images'
import { GetWalletsQuery, queryWallets } from './query'
import { DATA_DIR, type WalletRegistry, WcWallet, loadWalletRegistry } from './registry'

export interface ExplorerRoutesOptions {
  /** Default: `apps/api/data/wallets.json` and its icons (loadWalletRegistry). */
  registry?: WalletRegistry
  /** Default: the network, token and currency images of `apps/api/data/explorer-images`. */
  images?: PublicImages
}

/** Images never change under an id: a new image gets a new id (or a new deploy, and the ETag changes). */
export const IMAGE_CACHE_CONTROL = 'public, max-age=86400, immutable'

/**
 * An image id in a path: an image id, a token symbol or a currency code. Anything else, such as a
 * decoded `../`, is a 400 before any lookup; lookups are map reads, never file paths.
 */
export const IMAGE_PATH_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/

export const GetWalletsResponse = z.object({ count: z.int().min(0), data: z.array(WcWallet) })
export const GetAnalyticsConfigResponse = z.object({ isAnalyticsEnabled: z.boolean() })

type Env = { Variables: ApiVariables }

function serveImage(c: Context<Env>, lookup: (id: string) => StoredImage | undefined) {
  const id = c.req.param('id') ?? ''
  if (!IMAGE_PATH_ID.test(id)) return apiError(c, 400, 'Invalid image id: expected 1-64 characters of A-Z a-z 0-9 . _ -')
  const image = lookup(id)
  if (!image) return apiError(c, 404, `No image with id ${id}`)
  const headers = { ETag: image.etag, 'Cache-Control': IMAGE_CACHE_CONTROL }
  if (etagMatches(c.req.header('if-none-match'), image.etag)) return c.body(null, 304, headers)
  return c.body(image.body as Uint8Array<ArrayBuffer>, 200, { ...headers, 'Content-Type': image.contentType })
}

/**
 * Reown's explorer API (SPEC section 7), mounted at `/` behind the project guard, which checks
 * `projectId` and sets `project`:
 * - `GET /getWallets?page&entries&chains&include&exclude&injected&search&badge_type` -> `{ count, data }`
 *   (see queryWallets); a malformed parameter is a 400 naming it.
 * - `GET /getWalletImage/:imageId`, `/public/getAssetImage/:id` (network images, ids are the
 *   `network` slugs of packages/chains), `/public/getTokenImage/:symbol`,
 *   `/public/getCurrencyImage/:code`: the bytes, cacheable for a day, with an ETag (304 on
 *   If-None-Match); unknown id 404, malformed id 400.
 * - `GET /getAnalyticsConfig` -> `{ isAnalyticsEnabled }` from the project's `features.analytics`.
 */
export function explorerRoutes(options: ExplorerRoutesOptions = {}): Hono<Env> {
  const registry = options.registry ?? loadWalletRegistry()
  const images = options.images ?? loadPublicImages(DATA_DIR)
  const app = new Hono<Env>()

  app.get('/getWallets', (c) => {
    const query = GetWalletsQuery.safeParse(c.req.query())
    if (!query.success) return invalidInput(c, query.error)
    return c.json(queryWallets(registry.wallets, query.data))
  })
  app.get('/getWalletImage/:id', (c) => serveImage(c, (id) => registry.walletImage(id)))
  app.get('/public/getAssetImage/:id', (c) => serveImage(c, (id) => images.asset(id)))
  app.get('/public/getTokenImage/:id', (c) => serveImage(c, (id) => images.token(id)))
  app.get('/public/getCurrencyImage/:id', (c) => serveImage(c, (id) => images.currency(id)))
  app.get('/getAnalyticsConfig', (c) => {
    const project = c.get('project') as ApiVariables['project'] | undefined
    if (!project) return apiError(c, 401, 'Invalid Project ID')
    return c.json({ isAnalyticsEnabled: project.features.analytics })
  })
  return app
}

const ImageIdParam = z.object({ id: z.string().regex(IMAGE_PATH_ID) })
/** The guard reads these on every explorer call (openApiDocument adds them only under /v1). */
const ProjectQuery = z.object({
  projectId: z.string().describe('Your project id'),
  st: z.string().optional().describe('SDK type'),
  sv: z.string().optional().describe('SDK version'),
})

/** For the OpenAPI document (openapi/document.ts): the explorer endpoints and their schemas. */
export const explorerEndpointDocs: readonly EndpointDoc[] = [
  {
    method: 'get',
    path: '/getWallets',
    summary: 'Wallets of the explorer, filtered and paged (Reown explorer API)',
    query: GetWalletsQuery.extend(ProjectQuery.shape),
    response: GetWalletsResponse,
  },
  { method: 'get', path: '/getWalletImage/{id}', summary: 'A wallet icon by image_id', params: ImageIdParam, query: ProjectQuery },
  {
    method: 'get',
    path: '/public/getAssetImage/{id}',
    summary: 'A network image by network slug',
    params: ImageIdParam,
    query: ProjectQuery,
  },
  { method: 'get', path: '/public/getTokenImage/{id}', summary: 'A token image by symbol', params: ImageIdParam, query: ProjectQuery },
  {
    method: 'get',
    path: '/public/getCurrencyImage/{id}',
    summary: 'A currency image by ISO 4217 code',
    params: ImageIdParam,
    query: ProjectQuery,
  },
  {
    method: 'get',
    path: '/getAnalyticsConfig',
    summary: "Whether the project's analytics are enabled",
    query: ProjectQuery,
    response: GetAnalyticsConfigResponse,
  },
]
