import { parseAnySiwxMessage, SiwxSessionRequest, type SiwxSessionResponse } from '@airlock/protocol'
import { verifyMessage, type Hex } from 'viem'
import { vi } from 'vitest'
import { json } from './apiFetch'
import { TEST_CONFIG } from './fakeHost'

/**
 * The API's sign-in routes at the network edge, checking what the API checks that matters to the
 * widget: a nonce it issued, once; a message that round-trips, at the dapp page's site; a signature
 * by the message's account (for real). `refuse` answers every session with that reason, in the
 * API's error shape. Revoked tokens are listed in `revoked`.
 */
export function fakeSiwxApi(options: { refuse?: string } = {}) {
  const nonces = new Set<string>()
  const revoked: string[] = []
  const site = new URL(TEST_CONFIG.parentOrigin).host
  let count = 0
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input))
    const body = init?.body ? (JSON.parse(String(init.body)) as unknown) : undefined
    if (url.pathname === '/v1/siwx/nonce') {
      const nonce = `n${++count}`.padEnd(16, '0')
      nonces.add(nonce)
      return json({ nonce, expiresAt: new Date(Date.now() + 600_000).toISOString() }, 201)
    }
    if (url.pathname === '/v1/siwx/sessions') {
      if (options.refuse) return json({ status: 400, error: options.refuse, reasons: [{ description: options.refuse }] }, 400)
      const { message, signature } = SiwxSessionRequest.parse(body)
      const parsed = parseAnySiwxMessage(message)
      if (!parsed.ok || !nonces.delete(parsed.data.nonce) || parsed.data.domain !== site)
        return json({ status: 400, error: 'Invalid nonce or site' }, 400)
      if (!(await verifyMessage({ address: parsed.data.accountAddress as Hex, message, signature: signature as Hex })))
        return json({ status: 401, error: 'Bad signature' }, 401)
      const answer: SiwxSessionResponse = {
        id: `session-${count}`,
        data: parsed.data,
        message,
        signature,
        expiresAt: parsed.data.expirationTime!,
        token: `token-${count}`,
      }
      return json(answer, 201)
    }
    if (url.pathname === '/v1/siwx/sessions/revoke') {
      revoked.push((body as { token: string }).token)
      return json({ revoked: true })
    }
    return json({ status: 404, error: 'Not found' }, 404)
  })
  return { fetch, nonces, revoked }
}
