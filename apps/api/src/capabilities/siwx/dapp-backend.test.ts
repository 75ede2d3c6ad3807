import { generateKeyPairSync } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import { devnetAccounts } from '@airlock/devnet'
import { createRemoteJWKSet, decodeJwt, decodeProtectedHeader, jwtVerify, SignJWT } from 'jose'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startApiServer } from '../../origins/api/server'
import type { Database } from '../../platform/db/database'
import { openDatabase } from '../../platform/db/open'
import type { RunningServer } from '../../platform/http/server'
import { deadPort } from '../../testing/ports'
import { askNonce, dappMessage, signIn, siwxTestApi, type SiwxTestApi } from '../../origins/api/testing/siwx'

/**
 * A dapp's backend, which is not the API, trusts a session token by checking it against the keys
 * the API publishes, as the README shows: no call to the API per request, no trust in the browser.
 */

const alice = privateKeyToAccount(devnetAccounts[3]!.privateKey)
const CHAIN = 'eip155:31337'

let db: Database
let api: SiwxTestApi
let apiServer: RunningServer
let backend: Server
let backendUrl: string

/** The dapp backend's whole check (the README's): the JWKS from the API's origin, its issuer, our project id. */
function startDappBackend(apiOrigin: string, projectId: string): Promise<Server> {
  const jwks = createRemoteJWKSet(new URL('/.well-known/jwks.json', apiOrigin))
  const server = createServer((req, res) => {
    const token = req.headers.authorization?.replace(/^Bearer /, '') ?? ''
    jwtVerify(token, jwks, { issuer: apiOrigin, audience: projectId, algorithms: ['EdDSA'] }).then(
      ({ payload }) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ account: payload.sub })),
      (error: Error) => res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: error.name })),
    )
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

const askBackend = async (token: string) => {
  const res = await fetch(`${backendUrl}/me`, { headers: { authorization: `Bearer ${token}` } })
  return { status: res.status, body: (await res.json()) as { account?: string; error?: string } }
}

const tokenOfSignIn = async () => {
  const data = dappMessage(api.clock.now, { accountAddress: alice.address, chainId: CHAIN, nonce: await askNonce(api.app) })
  const reply = await signIn(api, data, (message) => alice.signMessage({ message }))
  expect(reply.status).toBe(201)
  return reply.body.token as string
}

beforeAll(async () => {
  db = await openDatabase()
  const port = await deadPort()
  const apiOrigin = `http://127.0.0.1:${port}`
  // EOA signatures need no node: the chain only has to be configured.
  api = siwxTestApi({ db, upstreams: { [CHAIN]: `http://127.0.0.1:${await deadPort()}` }, apiOrigin })
  apiServer = await startApiServer(api.app, '127.0.0.1', port)
  backend = await startDappBackend(apiOrigin, 'demo')
  const address = backend.address()
  backendUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
}, 60_000)

afterAll(async () => {
  await new Promise((resolve) => backend?.close(resolve))
  await apiServer?.close()
  await db?.close()
})

describe("a dapp's backend checking session tokens against the API's JWKS", () => {
  it('accepts the token of a sign-in: the account is the CAIP-10 of the signer', async () => {
    const reply = await askBackend(await tokenOfSignIn())
    expect(reply).toEqual({ status: 200, body: { account: `${CHAIN}:${alice.address}` } })
  })

  it('refuses a token forged with another key under the same kid, and one whose claims were edited', async () => {
    const genuine = await tokenOfSignIn()
    const forger = generateKeyPairSync('ed25519').privateKey
    const forged = await new SignJWT({ ...decodeJwt(genuine), sub: `${CHAIN}:0x000000000000000000000000000000000000dEaD` })
      .setProtectedHeader(decodeProtectedHeader(genuine) as { alg: 'EdDSA'; kid: string })
      .sign(forger)
    expect(await askBackend(forged)).toEqual({ status: 401, body: { error: 'JWSSignatureVerificationFailed' } })

    const [header, , signature] = genuine.split('.')
    const edited = Buffer.from(JSON.stringify({ ...decodeJwt(genuine), sub: `${CHAIN}:${devnetAccounts[4]!.address}` })).toString(
      'base64url',
    )
    expect(await askBackend(`${header}.${edited}.${signature}`)).toEqual({ status: 401, body: { error: 'JWSSignatureVerificationFailed' } })
  })

  it('refuses an expired token', async () => {
    // Signed in two days ago for an hour (the API's clock then); the backend reads its own clock.
    const now = api.clock.now
    api.clock.now = now - 2 * 24 * 3600_000
    try {
      expect(await askBackend(await tokenOfSignIn())).toEqual({ status: 401, body: { error: 'JWTExpired' } })
    } finally {
      api.clock.now = now
    }
  })
})
