import { createServer } from 'node:http'
import { DEVNET_CHAINS, DEVNET_TOKENS, DEVNET_TREASURY } from '@airlock/devnet'
import { getRequestListener } from '@hono/node-server'
import { Hono } from 'hono'
import type { ApiVariables } from '../../platform/projects/request'
import { historyRoutes } from '../history/routes'
import { startHistoryFixture, TEST_PROJECT, type HistoryFixture } from '../history/testing'
import { onrampConfigFromDevnet } from './catalog'
import { onrampCheckoutRoutes } from './checkout'
import { purchaseHistory } from './history'
import { onrampRoutes } from './routes'

/**
 * Test fixture (not a test): the history fixture on the devnet `ports` with the on-ramp, checkout
 * and history routes served over real HTTP on an ephemeral port, since the checkout page and the
 * generated URLs need a real origin.
 */
export interface OnrampFixture {
  fx: HistoryFixture
  origin: string
  stop(): Promise<void>
}

export async function startOnrampFixture(ports: [number, number]): Promise<OnrampFixture> {
  const fx = await startHistoryFixture({ ports })
  const config = onrampConfigFromDevnet({ chains: DEVNET_CHAINS, tokens: DEVNET_TOKENS, treasury: DEVNET_TREASURY })
  const app = new Hono<{ Variables: ApiVariables }>()
  app.route('/', onrampCheckoutRoutes(fx.deps, config))
  const v1 = new Hono<{ Variables: ApiVariables }>()
  v1.route('/', historyRoutes(fx.deps, { purchases: purchaseHistory(fx.deps.db) }))
  v1.route('/', onrampRoutes(fx.deps, config))
  app.use('/v1/*', async (c, next) => {
    c.set('project', TEST_PROJECT)
    await next()
  })
  app.route('/v1', v1)
  const listener = getRequestListener(app.fetch)
  const server = createServer((req, res) => void listener(req, res))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  fx.deps.apiOrigin = origin
  return {
    fx,
    origin,
    async stop() {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      await fx.stop()
    },
  }
}
