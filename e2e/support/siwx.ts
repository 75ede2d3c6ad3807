import type { Page } from '@playwright/test'
import type { SiwxDappSession } from '@airlock/protocol'
import { createRemoteJWKSet, jwtVerify } from 'jose'
import { stack } from '../fixtures'
import { apiFromNode } from './walletFeatures'

/** Waits as a dapp waits for its sign-in: until getSession() has a token. */
export async function dappSession(page: Page, timeout = 15_000): Promise<SiwxDappSession> {
  const handle = await page.waitForFunction(() => window.airlock!.getSession()?.token && window.airlock!.getSession(), undefined, {
    timeout,
  })
  return (await handle.jsonValue()) as SiwxDappSession
}

/** Waits as a dapp waits for its sign-in on `chain`: getSession() is the active account's, so it names that network once signed in there. */
export async function dappSessionOn(page: Page, chain: string, timeout = 20_000): Promise<SiwxDappSession> {
  const handle = await page.waitForFunction(
    (id) => {
      const session = window.airlock!.getSession()
      return session?.token && session.data.chainId === id && session
    },
    chain,
    { timeout },
  )
  return (await handle.jsonValue()) as SiwxDappSession
}

/**
 * What a dapp's backend does with the token: the API's keys, then the API's own check of the
 * session it opened (which it opened only after verifying the signature).
 */
export async function backendChecks(token: string) {
  // Reached as a backend reaches it; the issuer is the API's public origin all the same.
  const jwks = createRemoteJWKSet(new URL('/.well-known/jwks.json', apiFromNode()))
  const { payload } = await jwtVerify(token, jwks, { issuer: new URL(stack.urls.api).origin, audience: 'demo' })
  const verified = await fetch(new URL('/v1/siwx/verify?projectId=demo', apiFromNode()), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  })
  return { sub: payload.sub, status: verified.status, body: (await verified.json()) as { valid?: boolean } }
}
