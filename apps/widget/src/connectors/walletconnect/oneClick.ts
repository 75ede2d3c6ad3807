import { parseAnySiwxMessage, SiwxNonceResponse, siwxMessageData, siwxSettingsOf, type SiwxMessageData } from '@airlock/protocol'
import type { ProposalNamespace } from '../../chains/types'
import type { WidgetContext } from '../../core/context'
import { optionsAtom } from '../../core/options/atoms'
import type { PresignedSignIn } from '../../core/session/atoms'
import type { WalletConnectClient } from './client'

/**
 * WalletConnect one-click auth (wc_sessionAuthenticate), loaded by the connector only for a dapp
 * that signs in: the request, and the sign-in a CACAO answers it with.
 */

/** A one-click auth asked with the connection: the API's nonce and the message data the sign-in writes. */
export interface OneClickAuth {
  nonce: string
  data: SiwxMessageData
}

/**
 * One-click auth (wc_sessionAuthenticate) when the dapp signs in and asks for eip155 networks only:
 * the wallet signs the sign-in's message as it pairs. The nonce is the API's, and the domain, URI,
 * statement, expiry and resources are those the widget's own sign-in writes. Undefined otherwise,
 * or when the nonce cannot be had (the connect then goes as without sign-in, and the sign-in asks).
 */
export async function oneClickAuth(
  ctx: WidgetContext,
  optionalNamespaces: Record<string, ProposalNamespace>,
): Promise<OneClickAuth | undefined> {
  const settings = siwxSettingsOf(ctx.store.get(optionsAtom)?.siwx)
  const chains = optionalNamespaces.eip155?.chains ?? []
  if (!settings || chains.length === 0 || Object.keys(optionalNamespaces).some((namespace) => namespace !== 'eip155')) return undefined
  try {
    const { nonce } = await ctx.dataApi.post('/v1/siwx/nonce', {}, SiwxNonceResponse, 'Sign-in')
    const data = siwxMessageData({
      origin: ctx.config.parentOrigin,
      accountAddress: '',
      caipNetworkId: chains[0]!,
      nonce,
      nowMs: Date.now(),
      settings,
    })
    return { nonce, data }
  } catch (error) {
    console.warn('[airlock] WalletConnect one-click sign-in not asked (no nonce):', error)
    return undefined
  }
}

type Cacao = NonNullable<Awaited<ReturnType<WalletConnectClient['provider']['authenticate']>>['auths']>[number]

/**
 * The sign-in a CACAO holds, as our template writes it: the text is the one WalletConnect verified
 * the signature over (formatAuthMessage of the CACAO's payload, the ReCap WalletConnect adds to the
 * statement and resources included), kept only when it is byte for byte our EIP-4361 template's
 * (parseAnySiwxMessage round-trips it) and answers what was asked (nonce, domain, URI, the CACAO's
 * account). Otherwise undefined: the sign-in asks the wallet after the connection.
 */
export function presignedOf(client: WalletConnectClient, auths: readonly Cacao[], asked: OneClickAuth): PresignedSignIn | undefined {
  for (const cacao of auths) {
    const { iss } = cacao.p
    let message: string
    try {
      message = client.provider.client.formatAuthMessage({ request: cacao.p, iss })
    } catch {
      continue
    }
    const parsed = parseAnySiwxMessage(message)
    if (!parsed.ok || parsed.namespace !== 'eip155') continue
    const { data } = parsed
    const account = `${data.chainId}:${data.accountAddress}`
    if (
      data.nonce !== asked.nonce ||
      data.domain !== asked.data.domain ||
      data.uri !== asked.data.uri ||
      `did:pkh:${account}`.toLowerCase() !== iss.toLowerCase()
    )
      continue
    return { account, message, signature: cacao.s.s }
  }
  return undefined
}
