import { SIWX_TEMPLATES, siwxSettingsOf, type SiwxDappSession } from '@airlock/protocol'
import { atom } from 'jotai'
import { unsupportedChainAtom } from '../../core/network/atoms'
import { optionsAtom } from '../../core/options/atoms'
import { connectionAtom } from '../../core/session/active'
import { sessionOf, type SiwxSessions } from './sessions'

/** The sign-in settings (the `siwx` option, or the dapp's own `siwxConfig`); undefined when sign-in is off. */
export const siwxSettingsAtom = atom((get) => siwxSettingsOf(get(optionsAtom)?.siwx) ?? get(optionsAtom)?.siwxConfig)

/** Whose sign-in it is: the API's (nonce, check, token), or the dapp's own (`siwxConfig`, through the host). */
export const siwxBackendAtom = atom((get) => (get(optionsAtom)?.siwxConfig ? 'dapp' : 'api'))

/** The sessions this browser holds for the dapp (sessions.ts), loaded by watch.ts. */
export const siwxSessionsAtom = atom<SiwxSessions>({})

/**
 * The account (CAIP-10) a sign-in is for now: the active namespace's connected account, when its
 * family signs in and its network is one the dapp supports; undefined otherwise.
 */
export const siwxAccountAtom = atom((get) => {
  const connection = get(connectionAtom)
  if (connection.status !== 'connected' || !connection.address || !connection.caipNetworkId) return undefined
  if (!SIWX_TEMPLATES.some((template) => template.namespace === connection.namespace)) return undefined
  if (get(unsupportedChainAtom)) return undefined
  return `${connection.caipNetworkId}:${connection.address}`
})

/** The active account's live session: what the dapp's `getSession()` reads. */
export const activeSiwxSessionAtom = atom<SiwxDappSession | undefined>((get) => {
  const account = get(siwxAccountAtom)
  return account && get(siwxSettingsAtom) ? sessionOf(get(siwxSessionsAtom), account, Date.now()) : undefined
})

/**
 * The sign-in being asked (the SIWXSignMessage view): its account, its attempt (a retry is a new
 * one; an answer of an older one is dropped) and how it goes. 'declined': the user said no in the
 * wallet; 'failed': anything else, with its message.
 */
export interface SiwxPrompt {
  account: string
  attempt: number
  status: 'signing' | 'verifying' | 'declined' | 'failed'
  error?: string
}
export const siwxPromptAtom = atom<SiwxPrompt | undefined>(undefined)
