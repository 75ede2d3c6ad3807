import { randomBytes } from 'node:crypto'
import type { Hono } from 'hono'
import { createPublicClient, http, isAddressEqual, parseAbi, verifyMessage, type Address, type Hex } from 'viem'
import { optimism } from 'viem/chains'
import { parseSiweMessage, validateSiweMessage } from 'viem/siwe'
import * as z from 'zod'
import { apiError } from '../../platform/http/errors'
import { readJsonBody } from '../../platform/http/json-body'
import {
  findFarcasterLogin,
  findOrLinkFarcasterUser,
  finishFarcasterLogin,
  insertFarcasterLogin,
  type FarcasterLogin,
} from './farcaster-store'
import { hashToken, randomToken } from '../../platform/security/tokens'
import type { SocialLoginDeps } from './social'
import type { SecureSession, SecureUser } from './store'

/** A Farcaster sign-in (its channel, nonce and signed message) lives 10 minutes. */
export const FARCASTER_LOGIN_TTL_MS = 10 * 60_000
/** How long the server waits for the relay or the registry on one call. */
export const FARCASTER_RELAY_TIMEOUT_MS = 10_000
/** The Farcaster IdRegistry on OP Mainnet: `custodyOf(fid)` is the address that owns the fid. */
export const ID_REGISTRY_ADDRESS: Address = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b'
/** What the Farcaster app puts in the message it signs (AuthKit). */
export const FARCASTER_STATEMENT = 'Farcaster Auth'
export const FARCASTER_CHAIN_ID = 10

/** `fetch` as the server calls the relay with (dev: the devnet's `localhostFetch`). */
export type FarcasterFetch = (url: string, init: RequestInit) => Promise<Response>

export interface FarcasterLoginOptions {
  /** The Farcaster relay (`https://relay.farcaster.xyz`; the devnet stand-in's base URL in dev). */
  relayUrl: string
  /**
   * The custody address of a fid, the IdRegistry's `custodyOf(fid)` (the zero address when no one
   * registered it). Default: read the IdRegistry on OP Mainnet over its public RPC.
   */
  custodyOf?: (fid: number) => Promise<Address>
  /** How the server reaches the relay. Default: global fetch. */
  fetch?: FarcasterFetch
}

export const FarcasterReason = {
  unavailable: 'Farcaster login is not available on this server',
  relayDown: 'Farcaster cannot be reached right now: try again later',
  registryDown: 'The Farcaster account registry cannot be reached right now: try again later',
  unknownChannel: 'This Farcaster sign-in is unknown: start the login again',
  otherDevice: 'This Farcaster sign-in was started on another device: start the login again',
  expired: 'This Farcaster sign-in has expired: start the login again',
  used: 'This Farcaster sign-in was already used: start the login again',
  badMessage: 'Farcaster sent a sign-in message this server cannot read: start the login again',
  notFarcaster: 'The signed message is not a Farcaster sign-in: start the login again',
  mismatch: (what: 'site' | 'address' | 'request' | 'account') =>
    `The Farcaster sign-in message was signed for another ${what}: start the login again`,
  messageExpired: 'The Farcaster sign-in message has expired: start the login again',
  notYetValid: 'The Farcaster sign-in message is not valid yet: start the login again',
  badSignature: 'The signature of the Farcaster sign-in does not match its custody address',
  notOwner: (fid: number) => `The address that signed does not own Farcaster account ${fid}`,
} as const

/** The relay's channel token (a UUID at farcaster.xyz's relay). */
const CHANNEL_TOKEN = /^[A-Za-z0-9_-]{8,128}$/
const ClaimBody = z.object({ channelToken: z.string().regex(CHANNEL_TOKEN, 'must be the channel token of a Farcaster login start') })

const Created = z.object({
  channelToken: z.string().regex(CHANNEL_TOKEN),
  url: z.url({ protocol: /^https?$/ }).max(4096),
  nonce: z.string(),
})
const Completed = z.object({
  state: z.literal('completed'),
  nonce: z.string(),
  message: z.string().min(1).max(4096),
  signature: z.string().regex(/^0x[0-9a-fA-F]{2,8192}$/),
  fid: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  custody: z.string().regex(/^0x[0-9a-fA-F]{40}$/),
  username: z.string().min(1).max(100).optional(),
  displayName: z.string().max(200).optional(),
  pfpUrl: z.string().max(2048).optional(),
})
const Status = z.union([z.object({ state: z.literal('pending') }), Completed])
export type FarcasterCompleted = z.infer<typeof Completed>

/** The profile the claim answers with the session (in `user.farcaster`). */
export interface FarcasterProfile {
  fid: number
  username?: string
  displayName?: string
  pfpUrl?: string
}

/** What the routes borrow from app.ts: social login's, less what only its popup and its linking use. */
export type FarcasterLoginDeps = Omit<SocialLoginDeps, 'social' | 'secureCookies' | 'currentSession'> & {
  farcaster: FarcasterLoginOptions | undefined
}

type Verdict = { ok: true; fid: number; custody: Address } | { ok: false; reason: string; transient?: boolean }

/**
 * Checks a completed channel as AuthKit's `verifySignInMessage` does: the message parses as
 * EIP-4361, is a Farcaster sign-in (statement, chain 10, one `farcaster://fid/N` resource naming
 * the fid the relay reports) for this site (domain and URI) and this attempt (nonce), is within its
 * validity window, is signed by `custody`, and `custody` owns the fid in the IdRegistry.
 */
export async function verifyFarcasterSignIn(
  completed: FarcasterCompleted,
  expected: { domain: string; uri: string; nonce: string; time: Date },
  custodyOf: (fid: number) => Promise<Address>,
): Promise<Verdict> {
  const refuse = (reason: string): Verdict => ({ ok: false, reason })
  if (completed.nonce !== expected.nonce) return refuse(FarcasterReason.mismatch('request'))
  const message = parseSiweMessage(completed.message)
  const { address, domain, uri, nonce, version, chainId, issuedAt } = message
  if (!address || !domain || !uri || !nonce || version !== '1' || chainId === undefined || !issuedAt || Number.isNaN(issuedAt.getTime())) {
    return refuse(FarcasterReason.badMessage)
  }
  if (domain !== expected.domain || uri !== expected.uri) return refuse(FarcasterReason.mismatch('site'))
  if (nonce !== expected.nonce) return refuse(FarcasterReason.mismatch('request'))
  const fids = (message.resources ?? []).filter((resource) => resource.startsWith('farcaster://fid/'))
  const fid = fids.length === 1 ? /^farcaster:\/\/fid\/([1-9]\d{0,15})$/.exec(fids[0]!)?.[1] : undefined
  if (message.statement !== FARCASTER_STATEMENT || chainId !== FARCASTER_CHAIN_ID || fid === undefined) {
    return refuse(FarcasterReason.notFarcaster)
  }
  if (Number(fid) !== completed.fid) return refuse(FarcasterReason.mismatch('account'))
  if (message.expirationTime && !(expected.time < message.expirationTime)) return refuse(FarcasterReason.messageExpired)
  if (message.notBefore && expected.time < message.notBefore) return refuse(FarcasterReason.notYetValid)
  const custody = completed.custody as Address
  if (!isAddressEqual(address, custody)) return refuse(FarcasterReason.mismatch('address'))
  // Every field above once more, by viem's EIP-4361 rules (nonce syntax, dates, address).
  if (!validateSiweMessage({ message, domain: expected.domain, nonce: expected.nonce, address: custody, time: expected.time })) {
    return refuse(FarcasterReason.badMessage)
  }
  const signed = await verifyMessage({ address: custody, message: completed.message, signature: completed.signature as Hex }).catch(
    () => false,
  )
  if (!signed) return refuse(FarcasterReason.badSignature)
  let owner: Address
  try {
    owner = await custodyOf(completed.fid)
  } catch (error) {
    console.error(`[secure origin] farcaster: custody of fid ${completed.fid} could not be read:`, error)
    return { ok: false, reason: FarcasterReason.registryDown, transient: true }
  }
  if (!isAddressEqual(owner, custody)) return refuse(FarcasterReason.notOwner(completed.fid))
  return { ok: true, fid: completed.fid, custody }
}

/** `custodyOf` over the IdRegistry on OP Mainnet (production's default; the devnet passes its stand-in's). */
export function idRegistryCustodyOf(rpcUrl?: string): (fid: number) => Promise<Address> {
  const client = createPublicClient({ chain: optimism, transport: http(rpcUrl, { timeout: FARCASTER_RELAY_TIMEOUT_MS }) })
  const abi = parseAbi(['function custodyOf(uint256 fid) view returns (address)'])
  return (fid) => client.readContract({ address: ID_REGISTRY_ADDRESS, abi, functionName: 'custodyOf', args: [BigInt(fid)] })
}

type E = { Variables: { session: SecureSession } }

/**
 * Sign In With Farcaster (AuthKit's relay flow). The frame calls `POST {api}/farcaster/start`: the
 * server opens a channel at the relay for this origin with a fresh nonce and answers its `url` (the
 * widget draws it as a QR code / deep link) and `channelToken`; the user approves in the Farcaster
 * app, which posts the signed EIP-4361 message to the relay; the frame polls
 * `POST {api}/farcaster/claim`, which asks the relay, verifies the message (verifyFarcasterSignIn)
 * and opens a session exactly like email login, for the user linked to the fid (created without
 * email at the first sign-in). The channel token is in the QR URL for anyone who sees it: the claim
 * is bound to the device that started it, and a channel is claimed once.
 */
export function mountFarcasterLogin(api: Hono<E>, deps: FarcasterLoginDeps): void {
  const { db, now, farcaster } = deps
  const origin = new URL(deps.origin)
  const relay = farcaster?.relayUrl.replace(/\/+$/, '')
  const send: FarcasterFetch = farcaster?.fetch ?? ((url, init) => fetch(url, init))
  let registry: ((fid: number) => Promise<Address>) | undefined
  const custodyOf = (fid: number) => (farcaster?.custodyOf ?? (registry ??= idRegistryCustodyOf()))(fid)
  /** What the signed message must say: this origin, and the nonce this attempt sent. */
  const expectedOf = (login: FarcasterLogin) => ({ domain: origin.host, uri: origin.origin, nonce: login.nonce, time: new Date(now()) })

  /** A JSON call to the relay: the status and parsed body, or undefined when it cannot be reached. */
  const callRelay = async (path: string, init: RequestInit): Promise<{ status: number; body: unknown } | undefined> => {
    try {
      const response = await send(`${relay}${path}`, { ...init, signal: AbortSignal.timeout(FARCASTER_RELAY_TIMEOUT_MS) })
      return { status: response.status, body: await response.json().catch(() => undefined) }
    } catch (error) {
      console.error(`[secure origin] farcaster relay ${path}:`, error)
      return undefined
    }
  }

  api.post('/farcaster/start', deps.bodyLimit, async (c) => {
    if (!relay) return apiError(c, 404, FarcasterReason.unavailable)
    let device = deps.deviceToken(c)
    const issued = device === undefined
    device ??= randomToken()
    const nonce = randomBytes(16).toString('hex')
    const createdAt = new Date(now())
    const expiresAt = new Date(createdAt.getTime() + FARCASTER_LOGIN_TTL_MS)
    const answer = await callRelay('/v1/channel', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ siweUri: origin.origin, domain: origin.host, nonce, expirationTime: expiresAt.toISOString() }),
    })
    const created = answer && answer.status >= 200 && answer.status < 300 ? Created.safeParse(answer.body) : undefined
    if (!created?.success || created.data.nonce !== nonce) {
      if (answer) console.error(`[secure origin] farcaster relay: unexpected channel answer ${answer.status}`, answer.body)
      return apiError(c, 502, FarcasterReason.relayDown)
    }
    const { channelToken, url } = created.data
    await insertFarcasterLogin(db, {
      channelTokenHash: hashToken(channelToken),
      nonce,
      deviceHash: hashToken(device),
      createdAt,
      expiresAt,
    })
    if (issued) deps.issueDevice(c, device)
    return c.json({ url, channelToken, ...(issued ? { deviceToken: device } : {}) })
  })

  api.post('/farcaster/claim', deps.bodyLimit, async (c) => {
    if (!relay) return apiError(c, 404, FarcasterReason.unavailable)
    const parsed = await readJsonBody(c, ClaimBody)
    if (!parsed.success) return parsed.response
    const { channelToken } = parsed.data
    const device = deps.deviceToken(c)
    const tokenHash = hashToken(channelToken)
    const login = await findFarcasterLogin(db, tokenHash)
    if (!login) return apiError(c, 400, FarcasterReason.unknownChannel)
    if (!device || hashToken(device) !== login.deviceHash) return apiError(c, 403, FarcasterReason.otherDevice)
    if (login.status === 'claimed') return apiError(c, 400, FarcasterReason.used)
    if (login.status === 'failed') return apiError(c, 400, login.failure ?? FarcasterReason.expired)
    if (login.expiresAt.getTime() <= now()) return apiError(c, 400, FarcasterReason.expired)

    const fail = async (reason: string) => {
      await finishFarcasterLogin(db, tokenHash, { status: 'failed', failure: reason }, new Date(now()))
      return apiError(c, 400, reason)
    }
    const answer = await callRelay('/v1/channel/status', { headers: { Authorization: `Bearer ${channelToken}` } })
    if (!answer) return apiError(c, 502, FarcasterReason.relayDown)
    // The relay forgets a channel after its TTL: 401 for the token.
    if (answer.status === 401 || answer.status === 404) return fail(FarcasterReason.expired)
    const status = answer.status < 300 ? Status.safeParse(answer.body) : undefined
    if (!status?.success) {
      console.error(`[secure origin] farcaster relay: unexpected status answer ${answer.status}`, answer.body)
      return status ? fail(FarcasterReason.badMessage) : apiError(c, 502, FarcasterReason.relayDown)
    }
    if (status.data.state === 'pending') return c.json({ status: 'pending' as const }, 202)

    const completed = status.data
    const verdict = await verifyFarcasterSignIn(completed, expectedOf(login), custodyOf)
    if (!verdict.ok) return verdict.transient ? apiError(c, 502, verdict.reason) : fail(verdict.reason)
    if (!(await finishFarcasterLogin(db, tokenHash, { status: 'claimed', fid: verdict.fid }, new Date(now())))) {
      return apiError(c, 400, FarcasterReason.used)
    }
    const profile: FarcasterProfile = {
      fid: verdict.fid,
      ...(completed.username ? { username: completed.username } : {}),
      ...(completed.displayName ? { displayName: completed.displayName } : {}),
      ...(completed.pfpUrl && /^https?:\/\//.test(completed.pfpUrl) ? { pfpUrl: completed.pfpUrl } : {}),
    }
    return deps.openSession(c, device, async (tx, at) => {
      const user: SecureUser & { farcaster: FarcasterProfile } = {
        ...(await findOrLinkFarcasterUser(tx, { fid: verdict.fid, username: completed.username ?? null }, at)),
        farcaster: profile,
      }
      return user
    })
  })
}
