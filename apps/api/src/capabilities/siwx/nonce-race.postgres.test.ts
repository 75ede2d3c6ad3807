import { randomBytes } from 'node:crypto'
import { devnetAccounts } from '@airlock/devnet'
import { createSiwxMessage } from '@airlock/protocol'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../platform/db/database'
import { openDatabase } from '../../platform/db/open'
import { postgresUnavailable, startTestPostgres, type TestPostgres } from '../../testing/postgres'
import { deadPort } from '../../testing/ports'
import { SiwxReason } from './reasons'
import { askNonce, call, dappMessage, reasonOf, siwxTestApi, type SiwxTestApi } from '../../origins/api/testing/siwx'
import { siwxSigner } from './tokens'

/**
 * One nonce sent to two API instances at the same instant: exactly one signs in. On PGlite (two
 * apps, one database in one process) and, where Postgres is installed, as two processes have it
 * (two apps, each with its own pool on one Postgres database).
 */

const unavailable = await postgresUnavailable()
if (unavailable) console.warn(`[nonce-race.postgres.test] Postgres part skipped: ${unavailable}`)

const alice = privateKeyToAccount(devnetAccounts[2]!.privateKey)
const CHAIN = 'eip155:31337'

let server: TestPostgres | undefined
const opened: Database[] = []
let upstreams: Record<string, string>

beforeAll(async () => {
  // EOA signatures are checked without the node: the chain only has to be configured.
  upstreams = { [CHAIN]: `http://127.0.0.1:${await deadPort()}` }
  if (!unavailable) server = await startTestPostgres()
}, 120_000)

afterAll(async () => {
  await Promise.all(opened.map((db) => db.close()))
  await server?.stop()
}, 60_000)

const databases: [string, () => Promise<[Database, Database]>, boolean][] = [
  [
    'PGlite',
    async () => {
      const db = await openDatabase()
      opened.push(db)
      return [db, db]
    },
    false,
  ],
  [
    'Postgres',
    async () => {
      const url = await server!.createDatabase(`siwx_race_${randomBytes(4).toString('hex')}`)
      const pair = [await openDatabase({ url }), await openDatabase({ url })] as [Database, Database]
      opened.push(...pair)
      return pair
    },
    unavailable !== undefined,
  ],
]

describe.each(databases)('a nonce raced at two API instances on one %s database', (_name, open, skip) => {
  it.skipIf(skip)('signs in once; the other instance answers that the nonce was used', async () => {
    const [first, second] = await open()
    const signer = siwxSigner(randomBytes(32))
    const clock = { now: Date.now() }
    const apis: [SiwxTestApi, SiwxTestApi] = [
      siwxTestApi({ db: first, upstreams, signer, clock }),
      siwxTestApi({ db: second, upstreams, signer, clock }),
    ]
    let token = ''
    for (let round = 0; round < 5; round++) {
      const message = createSiwxMessage(
        dappMessage(clock.now, { accountAddress: alice.address, chainId: CHAIN, nonce: await askNonce(apis[round % 2]!.app) }),
      )
      const body = { message, signature: await alice.signMessage({ message }) }
      const replies = await Promise.all(apis.map((api) => call(api.app, 'POST', '/v1/siwx/sessions', body)))
      expect(replies.map((reply) => reply.status).sort()).toEqual([201, 409])
      expect(replies.map(reasonOf)).toContain(SiwxReason.nonceUsed)
      token = replies.find((reply) => reply.status === 201)!.body.token as string
    }
    const listed = await call(apis[1].app, 'POST', '/v1/siwx/sessions/list', { token })
    expect(listed.body.sessions).toHaveLength(5)
  })
})
