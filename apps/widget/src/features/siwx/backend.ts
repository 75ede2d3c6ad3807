import {
  SIWX_NONCE_PATTERN,
  SiwxNonceResponse,
  SiwxRevokeResponse,
  SiwxSessionResponse,
  type SiwxDappSession,
  type SiwxMessageData,
} from '@airlock/protocol'
import * as z from 'zod/mini'
import type { WidgetContext } from '../../core/context'
import { siwxBackendAtom } from './atoms'

/** SPEC section 8's 'Signature declined' is the wallet's no; this is the dapp backend's. */
export const DAPP_REFUSED_SIGN_IN = 'The app did not accept the sign-in'

/**
 * Where a sign-in's nonce comes from and where its signed message goes: the API (its nonce, its
 * check, the session and its token), or the dapp's own `siwxConfig` functions, called in the dapp's
 * page through the host (their answers checked here; such a session has no token of ours: the dapp's
 * backend made its own in `verify`).
 */
export interface SiwxBackend {
  nonce(caipAddress: string): Promise<string>
  session(signed: { message: string; signature: string; data: SiwxMessageData }): Promise<SiwxDappSession>
  /** Ends the session where it was made (the API); nothing to do for the dapp's own. */
  revoke(session: SiwxDappSession): Promise<void>
}

const DappNonce = z.string().check(z.regex(SIWX_NONCE_PATTERN))

export function siwxBackend(ctx: WidgetContext): SiwxBackend {
  return ctx.store.get(siwxBackendAtom) === 'dapp' ? dappBackend(ctx) : apiBackend(ctx)
}

/** The API's session for a signed message (its own check of the nonce it gave, the domain and the signature). */
export const apiSession = (
  ctx: WidgetContext,
  { message, signature }: { message: string; signature: string },
): Promise<SiwxSessionResponse> => ctx.dataApi.post('/v1/siwx/sessions', { message, signature }, SiwxSessionResponse, 'Sign-in')

const apiBackend = (ctx: WidgetContext): SiwxBackend => ({
  nonce: async () => (await ctx.dataApi.post('/v1/siwx/nonce', {}, SiwxNonceResponse, 'Sign-in')).nonce,
  session: (signed) => apiSession(ctx, signed),
  revoke: async (session) =>
    void (await ctx.dataApi.post('/v1/siwx/sessions/revoke', { token: session.token }, SiwxRevokeResponse, 'Sign-out')),
})

function dappBackend(ctx: WidgetContext): SiwxBackend {
  const host = () => {
    if (!ctx.host.api) throw new Error('The page is not connected')
    return ctx.host.api
  }
  return {
    async nonce(caipAddress) {
      const nonce = DappNonce.safeParse(await host().siwx({ call: 'getNonce', params: { caipAddress } }))
      if (!nonce.success) throw new Error('The app’s getNonce gave no nonce of 8 to 64 letters and digits')
      return nonce.data
    },
    async session({ message, signature, data }) {
      const accepted = await host().siwx({ call: 'verify', params: { message, signature, data } })
      if (accepted !== true) throw new Error(DAPP_REFUSED_SIGN_IN)
      return { id: `dapp:${data.nonce}`, data, message, signature, expiresAt: data.expirationTime!, token: '' }
    },
    revoke: async () => {},
  }
}
