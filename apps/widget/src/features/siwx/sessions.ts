import { SiwxSessionResponse, type SiwxDappSession } from '@airlock/protocol'
import * as z from 'zod/mini'

/**
 * The sign-in sessions this browser holds for the dapp, by CAIP-10 account (`eip155:1:0xAbC…`),
 * kept as persisted values are (core/storage/persisted.ts). Pure: reading drops what does not parse
 * or has ended, so a stored value never shows a session the API would refuse for its age.
 */
export const SIWX_SESSIONS_KEY = 'airlock.siwxSessions'

export type SiwxSessions = Readonly<Record<string, SiwxDappSession>>

const Stored = z.array(z.unknown())

/** The CAIP-10 account a session signs in (its network and address). */
export const sessionAccount = (session: Pick<SiwxDappSession, 'data'>) => `${session.data.chainId}:${session.data.accountAddress}`

export function readSessions(stored: string | undefined, nowMs: number): SiwxSessions {
  if (!stored) return {}
  let json: unknown
  try {
    json = JSON.parse(stored)
  } catch {
    return {}
  }
  const list = Stored.safeParse(json)
  if (!list.success) return {}
  const sessions: Record<string, SiwxDappSession> = {}
  for (const item of list.data) {
    const session = SiwxSessionResponse.safeParse(item)
    if (session.success && isLive(session.data, nowMs)) sessions[sessionAccount(session.data)] = session.data
  }
  return sessions
}

export const writeSessions = (sessions: SiwxSessions): string => JSON.stringify(Object.values(sessions))

export const isLive = (session: Pick<SiwxDappSession, 'expiresAt'>, nowMs: number) => Date.parse(session.expiresAt) > nowMs

/** The sessions that have not ended (the same object when none has). */
export function liveSessions(sessions: SiwxSessions, nowMs: number): SiwxSessions {
  const live = Object.entries(sessions).filter(([, session]) => isLive(session, nowMs))
  return live.length === Object.keys(sessions).length ? sessions : Object.fromEntries(live)
}

/**
 * Whether a stored key is `account`. eip155 addresses compare without case (a wallet may report them
 * in lower case while the message holds the EIP-55 form); other families' are case-sensitive.
 */
export const sameAccount = (key: string, account: string) =>
  key === account || (key.startsWith('eip155:') && key.toLowerCase() === account.toLowerCase())

/** The account's live session. */
export function sessionOf(sessions: SiwxSessions, account: string, nowMs: number): SiwxDappSession | undefined {
  const found = Object.entries(sessions).find(([key]) => sameAccount(key, account))?.[1]
  return found && isLive(found, nowMs) ? found : undefined
}

/** The sessions without those of `accounts` (CAIP-10). */
export function withoutAccounts(sessions: SiwxSessions, accounts: readonly string[]): SiwxSessions {
  return Object.fromEntries(Object.entries(sessions).filter(([key]) => !accounts.some((account) => sameAccount(key, account))))
}
