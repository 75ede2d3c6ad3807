import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import type { MailSink } from '@airlock/devnet/mail'
import type { FrameEventApi, FrameLoginStep } from '@airlock/protocol'
import { IDBFactory } from 'fake-indexeddb'
import type { Database } from '../../../api/src/platform/db/database'
import { openDatabase } from '../../../api/src/platform/db/open'
import { createKeyServiceApp } from '../../../api/src/origins/key-service/app'
import { keyServiceKeys } from '../../../api/src/origins/key-service/secrets'
import type { Mailer } from '../../../api/src/platform/mail/mailer'
import { createSecureOriginApp, type SecureOriginAppOptions } from '../../../api/src/origins/secure/app'
import { serverKeys } from '../../../api/src/origins/secure/secrets'
import type { Confirmation, ConfirmRequest } from '../confirm/confirmation'
import { createFrameVaults, type StorageAccessState } from '../custody/storageAccess'
import { openDeviceVault, type CookieJar } from '../custody/vault'
import { createFrameMethods } from '../frame/methods'
import { createSocialProofs } from '../frame/socialProof'
import { createServerClient } from '../server/client'
import { createKeyServiceClient } from '../server/keyService'
import type { SolanaSender } from '../families/solana/sender'
import type { SmartAccounts } from '../families/eip155/smart-account/state'

/**
 * The frame's methods against the real secure-origin server and the real key service (apps/api,
 * PGlite each): each "device" is a browser profile (a partitioned cookie jar per origin, its
 * storage, a frame instance); what the frame hands the widget is recorded.
 */
export const ORIGIN = 'http://secure.localhost:4402'
export const KEY_SERVICE = 'http://keys.localhost:4410'
export const API = 'http://api.localhost:4403'

export interface Custody {
  app: ReturnType<typeof createSecureOriginApp>
  keyService: ReturnType<typeof createKeyServiceApp>
  db: Database
  ksDb: Database
  /** The secure origin's secret and the key service's: test bookkeeping (no single party holds both). */
  sosSecret: Uint8Array
  ksSecret: Uint8Array
  close(): Promise<void>
}

/** Both custody servers on fresh in-memory databases, mailing through `mailer`, on the clock `now`. */
export async function openCustody(
  options: { mailer: Mailer; now: () => number } & Partial<Pick<SecureOriginAppOptions, 'farcaster' | 'social'>>,
): Promise<Custody> {
  const [db, ksDb] = await Promise.all([
    openDatabase(),
    openDatabase({ migrationsDir: fileURLToPath(new URL('../../../api/src/origins/key-service/migrations/', import.meta.url)) }),
  ])
  const sosSecret = randomBytes(32)
  const keys = serverKeys(sosSecret)
  const ksSecret = randomBytes(32)
  const { mailer, now, ...extra } = options
  const app = createSecureOriginApp({
    origin: ORIGIN,
    widgetOrigin: 'http://widget.localhost:4401',
    keyServiceOrigin: KEY_SERVICE,
    apiOrigin: API,
    db,
    keys,
    mailer,
    ...extra,
    rateLimit: false,
    mailRateLimit: false,
    now,
  })
  const keyService = createKeyServiceApp({
    secureOrigin: ORIGIN,
    sosPublicKey: keys.assertionPublicKey,
    keys: keyServiceKeys(ksSecret),
    db: ksDb,
    mailer,
    rateLimit: false,
    now,
  })
  return { app, keyService, db, ksDb, sosSecret, ksSecret, close: async () => void (await Promise.all([db.close(), ksDb.close()])) }
}

/** A cookie jar of one origin in one top-level site's partition: what the browser sends it. */
export function jarFor(handler: { request: (url: string, init: RequestInit) => Response | Promise<Response> }): {
  fetch: typeof fetch
  cookies: Map<string, string>
} {
  const cookies = new Map<string, string>()
  const fetchThroughBrowser: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers)
    headers.set('Origin', ORIGIN)
    if (cookies.size) headers.set('Cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '))
    const path = String(input).replace(/^https?:\/\/[^/]+/, '')
    const response = await handler.request(path, { ...init, headers })
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const [name, value] = pair!.split('=') as [string, string]
      if (value) cookies.set(name, value)
      else cookies.delete(name)
    }
    return response
  }
  return { fetch: fetchThroughBrowser, cookies }
}

/** The frame sends no Solana transaction in tests that do not give it a cluster. */
const noSolana: SolanaSender = { sendTransaction: () => Promise.reject(new Error('no Solana cluster in this test')) }

/** A browser profile: its cookies (partitioned jars), its storage, and everything the widget got. */
export function frameDevice(
  custody: Pick<Custody, 'app' | 'keyService'>,
  options: {
    storage: 'indexeddb' | 'cookie'
    sleep?: (ms: number) => Promise<void>
    solana?: SolanaSender
    /** The smart-account networks (families/eip155/smart-account/state.ts); absent: none, as without them in the config. */
    smartAccounts?: SmartAccounts
    /**
     * This profile is one dapp site of a browser whose unpartitioned IndexedDB is `factory` (the
     * Storage Access API's handle, shared by the browser's sites); `state` is what the browser
     * answers there (`refuses`: its prompt says no). The frame's own button is clicked at once.
     */
    sharedStorage?: { factory: IDBFactory; state: StorageAccessState; refuses?: boolean }
  },
) {
  const secure = jarFor(custody.app)
  const ks = jarFor(custody.keyService)
  const idb = new IDBFactory()
  // The frame's own document.cookie: the same jar the secure origin's server receives.
  const vaultJar: CookieJar = {
    get: () => secure.cookies.get('airlock_vault') ?? null,
    set: (value) => (value ? secure.cookies.set('airlock_vault', value) : secure.cookies.delete('airlock_vault')),
  }
  // The frame's clock for its polls: a sleep moves it, so a claim that stays pending gives up at once.
  let clock = Date.now()
  const seen: unknown[] = []
  const widget: FrameEventApi = {
    ready: async () => undefined,
    sessionUpdate: async (params) => void seen.push(params),
    surfaceHeight: async () => undefined,
  }
  /** The user at the frame's confirmation: approves by default; a test may answer otherwise. */
  const asked: ConfirmRequest[] = []
  let decide: (request: ConfirmRequest) => Promise<void> = async () => undefined
  const confirmation: Confirmation = {
    ask: (request) => {
      asked.push(request)
      return decide(request)
    },
    abort: () => undefined,
  }
  /** What the frame page of the latest load keeps of the proofs its social logins' popups post it. */
  let socialProofs = createSocialProofs(ORIGIN)
  /** A frame page load in this profile (a reload makes a new one: memory is gone, cookies and storage stay). */
  const load = () => {
    const server = createServerClient({ fetch: secure.fetch })
    const keyClient = createKeyServiceClient({ origin: KEY_SERVICE, assertion: (purpose) => server.assertion(purpose), fetch: ks.fetch })
    socialProofs = createSocialProofs(ORIGIN)
    const ownVault = () =>
      openDeviceVault(vaultJar, () => keyClient.deviceKey(), options.storage === 'indexeddb' ? idb : ({} as IDBFactory))
    const shared = options.sharedStorage
    const vaults = shared
      ? createFrameVaults({
          access: {
            state: async () => shared.state,
            request: async () => (shared.state === 'refused' || shared.refuses ? undefined : shared.factory),
          },
          partitioned: ownVault,
        })
      : undefined
    return createFrameMethods({
      server,
      keys: keyClient,
      widget: () => widget,
      vault: vaults ? () => vaults.vault() : ownVault,
      ...(vaults ? { storage: vaults } : {}),
      // No passkey ceremony in Node: these tests never reach a prompt (the e2e suite clicks it in
      // Chromium); the storage-access button is clicked at once.
      userAction: () => (vaults ? Promise.resolve() : Promise.reject(new Error('no prompt in this test'))),
      rpId: 'secure.localhost',
      socialProofs,
      confirmation,
      solana: options.solana ?? noSolana,
      ...(options.smartAccounts ? { smartAccounts: options.smartAccounts } : {}),
      sleep:
        options.sleep ??
        (async (ms) => {
          clock += ms
        }),
      now: () => clock,
    })
  }
  /** A `message` event reaching the frame's window, as the popup's callback page posts it. */
  const post = (data: unknown, origin = ORIGIN) => socialProofs.receive({ origin, data })
  return {
    load,
    seen,
    sosCookies: secure.cookies,
    ksCookies: ks.cookies,
    post,
    asked,
    answerWith: (answer: (request: ConfirmRequest) => Promise<void>) => (decide = answer),
  }
}

export type FrameUnderTest = ReturnType<ReturnType<typeof frameDevice>['load']>

/** The code of the newest mail to `email` whose subject matches. */
export async function mailedCode(sink: MailSink, email: string, subject: RegExp): Promise<string> {
  const mail = await sink.waitFor((candidate) => candidate.to.includes(email) && subject.test(candidate.subject))
  sink.clear()
  return mail.text.match(/\b(\d{6})\b/)![1]!
}

/** Email login to the point the frame answers: CONNECT, or VERIFY_DEVICE on a device new to the wallet. */
export async function signInByEmail(sink: MailSink, frame: FrameUnderTest, email: string): Promise<FrameLoginStep> {
  const { action } = await frame.connectEmail({ email })
  if (action !== 'VERIFY_OTP') throw new Error(`connectEmail asked for ${action}, not the login code`)
  return frame.connectOtp({ otp: await mailedCode(sink, email, /login code/) })
}
