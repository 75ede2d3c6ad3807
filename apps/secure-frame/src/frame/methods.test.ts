import { randomBytes } from 'node:crypto'
import {
  approveFarcasterChannel,
  localhostFetch,
  standInCustodyOf,
  startFarcasterStandIn,
  type FarcasterStandIn,
} from '@airlock/devnet/farcaster'
import { startMailSink, type MailSink } from '@airlock/devnet/mail'
import { FrameErrorMessage, type FrameEventApi } from '@airlock/protocol'
import { HDKey } from '@scure/bip32'
import { IDBFactory } from 'fake-indexeddb'
import { bytesToHex, parseTransaction, recoverTransactionAddress, verifyMessage, verifyTypedData, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../../api/src/db/database'
import { openDatabase } from '../../../api/src/db/open'
import { createSecureOriginApp, SecureReason } from '../../../api/src/secure-origin/app'
import { smtpMailer } from '../../../api/src/secure-origin/mailer'
import { serverKeys } from '../../../api/src/secure-origin/secrets'
import { deriveRecoveryKey, openRecoveryShare } from '../custody/recovery'
import { seedEntropyToBip39Seed } from '../custody/seed'
import { combineShares } from '../custody/shares'
import { openDeviceVault, parseVault } from '../custody/vault'
import { createServerClient } from '../server/client'
import { FarcasterMessage } from './farcaster'
import { createFrameMethods } from './methods'
import { userRejectedError, type Confirmation, type ConfirmRequest } from '../confirm/confirmation'
import { RpcMessage } from '../wallet/rpc'

/**
 * The frame's methods against the real secure-origin server (apps/api, PGlite, the devnet mail
 * sink): each "device" is a cookie jar, a device vault and a frame instance; what the frame hands
 * the widget is recorded, to check that no key material is in it.
 */
const ORIGIN = 'http://secure.localhost:4402'
const secret = randomBytes(32)
const keys = serverKeys(secret)
let db: Database
let sink: MailSink
let farcaster: FarcasterStandIn
let app: ReturnType<typeof createSecureOriginApp>
/** The server's clock: moved past the 30 s email cooldown where a test logs in twice. */
let time = Date.now()

beforeAll(async () => {
  ;[db, sink, farcaster] = await Promise.all([
    openDatabase(),
    startMailSink({ smtpPort: 0, httpPort: 0 }),
    startFarcasterStandIn({ port: 0 }),
  ])
  app = createSecureOriginApp({
    origin: ORIGIN,
    widgetOrigin: 'http://widget.localhost:4401',
    db,
    keys,
    mailer: smtpMailer(sink.smtpUrl),
    farcaster: { relayUrl: farcaster.url, custodyOf: standInCustodyOf(farcaster.url), fetch: localhostFetch },
    rateLimit: false,
    mailRateLimit: false,
    now: () => time,
  })
}, 30_000)
afterAll(async () => {
  await Promise.all([db?.close(), sink?.stop(), farcaster?.stop()])
})

/** A browser profile: its cookies (as a partitioned jar), its storage, and everything the widget got. */
function device(options: { storage: 'indexeddb' | 'widget' }) {
  const cookies = new Map<string, string>()
  const fetchThroughBrowser: typeof fetch = async (input, init) => {
    const headers = new Headers(init?.headers)
    headers.set('Origin', ORIGIN)
    if (cookies.size) headers.set('Cookie', [...cookies].map(([name, value]) => `${name}=${value}`).join('; '))
    const response = await app.request(String(input), { ...init, headers })
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const [name, value] = pair!.split('=') as [string, string]
      if (value) cookies.set(name, value)
      else cookies.delete(name)
    }
    return response
  }
  const idb = new IDBFactory()
  // The frame's clock for its polls: a sleep moves it, so a claim that stays pending gives up at once.
  let clock = Date.now()
  const seen: unknown[] = []
  let vaultText: string | null = null
  const widget: FrameEventApi = {
    ready: async () => undefined,
    sessionUpdate: async (params) => void seen.push(params),
    vaultGet: async () => vaultText,
    vaultSet: async (params) => {
      seen.push(params)
      vaultText = params.value
    },
    vaultRemove: async () => {
      vaultText = null
    },
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
  /** A frame page load in this profile (a reload makes a new one: memory is gone, cookies and storage stay). */
  const load = () => {
    const server = createServerClient({ fetch: fetchThroughBrowser })
    const link = { get: () => widget.vaultGet(), set: (value: string) => (value ? widget.vaultSet({ value }) : widget.vaultRemove()) }
    return createFrameMethods({
      server,
      widget: () => widget,
      vault: () => openDeviceVault(link, () => server.deviceVaultKey(), options.storage === 'indexeddb' ? idb : ({} as IDBFactory)),
      confirmation,
      sleep: async (ms) => {
        clock += ms
      },
      now: () => clock,
    })
  }
  return {
    load,
    seen,
    cookies,
    vaultText: () => vaultText,
    asked,
    answerWith: (answer: (request: ConfirmRequest) => Promise<void>) => (decide = answer),
  }
}

async function codeFor(email: string): Promise<string> {
  const mail = await sink.waitFor({ to: email })
  sink.clear()
  return mail.text.match(/\b(\d{6})\b/)![1]!
}

const OTHER_ADDRESS = '0x000000000000000000000000000000000000dEaD'
let counter = 0
const freshEmail = () => `frame${++counter}.${Date.now()}@example.com`

/** Everything a given user's wallet is made of, rebuilt from the server's data with the key service's secret (test only). */
async function keyMaterialOf(who: string | { fid: number }) {
  const { rows } = await db.query<{ id: string; auth_share: Uint8Array; sealed_recovery_share: Uint8Array }>(
    typeof who === 'string'
      ? 'SELECT u.id, s.auth_share, s.sealed_recovery_share FROM secure_users u JOIN secure_key_shares s ON s.user_id = u.id WHERE lower(u.email) = lower($1)'
      : `SELECT u.id, s.auth_share, s.sealed_recovery_share FROM secure_users u JOIN secure_key_shares s ON s.user_id = u.id
           JOIN secure_social_identities i ON i.user_id = u.id WHERE i.provider = 'farcaster' AND i.subject = $1`,
    [typeof who === 'string' ? who : String(who.fid)],
  )
  const row = rows[0]!
  const sealed = new Uint8Array(row.sealed_recovery_share)
  const recovery = await openRecoveryShare(
    { v: 1, iv: sealed.subarray(1, 13), ciphertext: sealed.subarray(13) },
    await deriveRecoveryKey(keys.recoveryMaterial(row.id), row.id),
  )
  const auth = new Uint8Array(row.auth_share)
  const entropy = await combineShares([auth, recovery.slice()])
  const privateKey = HDKey.fromMasterSeed(await seedEntropyToBip39Seed(entropy.slice())).derive("m/44'/60'/0'/0/0").privateKey!
  return { entropy, privateKey, auth, recovery }
}

/** True when `text` holds `bytes` in any of the encodings a leak would use. */
function holds(text: string, bytes: Uint8Array): boolean {
  const hex = bytesToHex(bytes).slice(2)
  const base64 = Buffer.from(bytes).toString('base64')
  const base64url = Buffer.from(bytes).toString('base64url')
  return text.toLowerCase().includes(hex) || text.includes(base64.slice(0, 40)) || text.includes(base64url.slice(0, 40))
}

async function emailLogin(frame: ReturnType<ReturnType<typeof device>['load']>, email: string) {
  const { action } = await frame.connectEmail({ email })
  if (action === 'VERIFY_DEVICE') expect(await frame.connectDevice({ otp: await codeFor(email) })).toEqual({ action: 'VERIFY_OTP' })
  else expect(action).toBe('VERIFY_OTP')
  await frame.connectOtp({ otp: await codeFor(email) })
  return frame.getUser({ chainId: 31337 })
}

describe.each(['indexeddb', 'widget'] as const)('the secure frame with %s storage', (storage) => {
  it('creates a wallet at the first login, signs, stays signed in across a reload, and recovers it on a new device', async () => {
    const email = freshEmail()
    const laptop = device({ storage })
    const frame = laptop.load()
    const user = await emailLogin(frame, email)
    expect(user).toMatchObject({ email, chainId: 31337, preferredAccountType: 'eoa', smartAccountDeployed: false })
    expect(user.accounts).toEqual([{ address: user.address, type: 'eoa' }])
    const address = user.address as Hex

    const signature = (await frame.rpcRequest({ id: 'r1', method: 'personal_sign', params: ['0x68656c6c6f', address] })) as Hex
    expect(await verifyMessage({ address, message: 'hello', signature })).toBe(true)
    const typed = {
      domain: { name: 'Airlock', version: '1', chainId: 31337 },
      types: { Mail: [{ name: 'contents', type: 'string' }] },
      primaryType: 'Mail' as const,
      message: { contents: 'hi' },
    }
    const typedSignature = (await frame.rpcRequest({
      id: 'r2',
      method: 'eth_signTypedData_v4',
      params: [address, JSON.stringify(typed)],
    })) as Hex
    expect(await verifyTypedData({ address, ...typed, signature: typedSignature })).toBe(true)
    const raw = (await frame.rpcRequest({
      id: 'r3',
      method: 'eth_sendTransaction',
      params: [
        {
          from: address,
          to: address,
          value: '0x1',
          nonce: '0x0',
          gas: '0x5208',
          maxFeePerGas: '0x3b9aca00',
          maxPriorityFeePerGas: '0x1',
          chainId: '0x7a69',
        },
      ],
    })) as Hex
    expect(parseTransaction(raw)).toMatchObject({ chainId: 31337, to: address.toLowerCase(), value: 1n, nonce: 0, type: 'eip1559' })
    const slot = `0x${'00'.repeat(31)}01`
    const withAccessList = (await frame.rpcRequest({
      id: 'r4',
      method: 'eth_sendTransaction',
      params: [
        {
          from: address,
          to: address,
          nonce: '0x1',
          gas: '0x6000',
          maxFeePerGas: '0x3b9aca00',
          maxPriorityFeePerGas: '0x1',
          chainId: '0x7a69',
          type: '0x2',
          accessList: [{ address, storageKeys: [slot] }],
        },
      ],
    })) as Hex
    expect(parseTransaction(withAccessList).accessList).toEqual([{ address: address.toLowerCase(), storageKeys: [slot] }])
    expect(await recoverTransactionAddress({ serializedTransaction: raw as never })).toBe(address)

    // A reload: a new frame page with the same cookies and storage is signed in without a login.
    const reloaded = laptop.load()
    expect(await reloaded.isConnected(undefined)).toEqual({ isConnected: true })
    expect((await reloaded.getUser({ chainId: 31337 })).address).toBe(address)

    // A new device: device verification by mail, then the same wallet from the auth and recovery shares.
    time += 31_000
    const phone = device({ storage })
    const phoneFrame = phone.load()
    expect((await phoneFrame.connectEmail({ email: email })).action).toBe('VERIFY_DEVICE')
    expect(await phoneFrame.connectDevice({ otp: await codeFor(email) })).toEqual({ action: 'VERIFY_OTP' })
    await phoneFrame.connectOtp({ otp: await codeFor(email) })
    expect((await phoneFrame.getUser({ chainId: 31337 })).address).toBe(address)
    // ... and the phone now opens it on its own after a reload.
    expect(await phone.load().isConnected(undefined)).toEqual({ isConnected: true })

    // Key isolation: nothing the widget was handed holds the seed, the key or a share.
    const { entropy, privateKey, auth, recovery } = await keyMaterialOf(email)
    const handed = JSON.stringify([...laptop.seen, ...phone.seen, user, signature, raw])
    for (const secretBytes of [entropy, privateKey, auth, recovery]) expect(holds(handed, secretBytes)).toBe(false)
    if (storage === 'widget') {
      // The widget's vault is ciphertext: parse it and look for the shares in it.
      const entries = parseVault(laptop.vaultText())
      expect(entries).toHaveLength(1)
      for (const entry of entries) for (const share of [auth, recovery]) expect(holds(bytesToHex(entry.ciphertext), share)).toBe(false)
    }
  }, 60_000)

  it('signs out the device, not the wallet: the next login on it needs no device step and opens the same address', async () => {
    const email = freshEmail()
    const laptop = device({ storage })
    const frame = laptop.load()
    const { address } = await emailLogin(frame, email)
    await frame.signOut(undefined)
    expect(await frame.isConnected(undefined)).toEqual({ isConnected: false })
    await expect(frame.getUser({ chainId: 1 })).rejects.toThrow('Not signed in')
    // The cooldown of SPEC section 5 applies to the second code within 30 s.
    await expect(frame.connectEmail({ email })).rejects.toThrow('Please try again after 30 seconds')
    time += 12_500
    await expect(frame.connectEmail({ email })).rejects.toThrow('Please try again after 18 seconds')
    time += 18_000
    expect(await frame.connectEmail({ email })).toEqual({ action: 'VERIFY_OTP' })
    await frame.connectOtp({ otp: await codeFor(email) })
    expect((await frame.getUser({ chainId: 1 })).address).toBe(address)
  }, 60_000)
})

describe('the secure frame refuses', () => {
  it('wrong codes, foreign addresses and disallowed methods, with the texts the widget shows', async () => {
    const email = freshEmail()
    const frame = device({ storage: 'indexeddb' }).load()
    await expect(frame.connectOtp({ otp: '123456' })).rejects.toThrow('Enter your email first')
    await frame.connectEmail({ email })
    const code = await codeFor(email)
    const wrong = code === '000000' ? '111111' : '000000'
    await expect(frame.connectOtp({ otp: wrong })).rejects.toThrow('Wrong code: 4 tries left')
    await frame.connectOtp({ otp: code })
    const { address } = await frame.getUser({ chainId: 31337 })
    await expect(frame.rpcRequest({ method: 'eth_sign', params: [address, '0x00'] })).rejects.toMatchObject({
      message: FrameErrorMessage.RpcNotAllowed,
      code: 4200,
    })
    await expect(
      frame.rpcRequest({ method: 'personal_sign', params: ['0x00', '0x000000000000000000000000000000000000dEaD'] }),
    ).rejects.toMatchObject({ message: RpcMessage.otherAddress, code: 4100 })
    await expect(
      frame.rpcRequest({
        method: 'eth_sendTransaction',
        params: [{ from: address, to: address, nonce: '0x0', gas: '0x5208', gasPrice: '0x1', chainId: '0x1' }],
      }),
    ).rejects.toMatchObject({ message: RpcMessage.wrongChain(1, 31337) })
    await expect(
      frame.rpcRequest({ method: 'eth_sendTransaction', params: [{ from: address, nonce: '0x0', gas: '0x5208' }] }),
    ).rejects.toMatchObject({
      message: RpcMessage.noFees,
    })
    await expect(frame.setPreferredAccount({ type: 'smartAccount' })).rejects.toThrow('Smart accounts are not available')
    expect(await frame.setPreferredAccount({ type: 'eoa' })).toEqual({ type: 'eoa', address })
    await expect(frame.connectSocial({ uri: 'https://example.com/not-started' })).rejects.toThrow('This sign-in was not started here')
  }, 60_000)

  it('signs only what the user approved in the frame: shown as signed, nothing on Reject or without an id', async () => {
    const email = freshEmail()
    const laptop = device({ storage: 'indexeddb' })
    const frame = laptop.load()
    const { address } = await emailLogin(frame, email)
    await frame.syncDappData({ origin: 'http://dapp.localhost:4400', sdkType: 'appkit', sdkVersion: '2.16.7', projectId: 'demo' })
    const tx = { from: address, to: address, value: '0x1', nonce: '0x0', gas: '0x5208', gasPrice: '0x1', extra: 'dropped' }
    const raw = (await frame.rpcRequest({ id: 'tx1', method: 'eth_sendTransaction', params: [tx] })) as Hex
    // What the user saw is the transaction signed: only the fields signed, with the chain it is signed for.
    const [seen] = laptop.asked
    expect(seen).toEqual({
      id: 'tx1',
      method: 'eth_sendTransaction',
      params: [{ from: address, to: address, value: '0x1', nonce: '0x0', gas: '0x5208', gasPrice: '0x1', chainId: '0x7a69' }],
      chainId: 31337,
      from: address,
      dapp: { origin: 'http://dapp.localhost:4400', metadata: undefined },
    })
    expect(parseTransaction(raw)).toMatchObject({ chainId: 31337, nonce: 0, gasPrice: 1n })

    let signed = false
    laptop.answerWith(async () => Promise.reject(userRejectedError()))
    await expect(
      Promise.resolve(frame.rpcRequest({ id: 'm1', method: 'personal_sign', params: ['0x68656c6c6f', address] })).then(
        () => (signed = true),
      ),
    ).rejects.toMatchObject({ code: 4001, message: 'User rejected the request.' })
    expect(signed).toBe(false)
    const before = laptop.asked.length
    await expect(frame.rpcRequest({ method: 'personal_sign', params: ['0x68656c6c6f', address] })).rejects.toMatchObject({
      code: -32602,
      message: FrameErrorMessage.NoRequestId,
    })
    // Refused before the user is asked: a request bound to fail (or that cannot be aborted) is not shown.
    await expect(frame.rpcRequest({ id: 'x', method: 'personal_sign', params: ['0x00', OTHER_ADDRESS] })).rejects.toMatchObject({
      code: 4100,
    })
    expect(laptop.asked).toHaveLength(before)
  }, 60_000)

  it('a session token alone, as the widget holds it, opens no wallet on another device', async () => {
    const email = freshEmail()
    const laptop = device({ storage: 'widget' })
    await emailLogin(laptop.load(), email)
    const token = (laptop.seen.find((item) => typeof item === 'object' && item && 'token' in item) as { token: string }).token
    const thief = device({ storage: 'widget' }).load()
    // The session is alive, but the shares need the laptop's device token too.
    expect(await thief.isConnected({ token })).toEqual({ isConnected: false })
    expect(SecureReason.otherDeviceSession).toContain('another device')
  }, 60_000)
})

describe('Farcaster login through the devnet stand-in', () => {
  it('QR url, still pending, approve in the app, then the wallet: created, used, reopened after a reload and recovered on a new device', async () => {
    const laptop = device({ storage: 'indexeddb' })
    const frame = laptop.load()
    await expect(frame.connectFarcaster(undefined)).rejects.toThrow(FarcasterMessage.notStarted)
    const { url } = await frame.getFarcasterUri(undefined)
    expect(url).toMatch(new RegExp(`^${farcaster.url}/~/siwf\\?channelToken=[0-9a-f-]{36}$`))
    // Not approved yet: the frame gives up after SOCIAL_CLAIM_WAIT_MS and the widget asks again.
    await expect(frame.connectFarcaster(undefined)).rejects.toThrow(FrameErrorMessage.SocialPending)

    await approveFarcasterChannel(url, { fid: 1001 })
    const user = await frame.connectFarcaster(undefined)
    expect(user).toMatchObject({ socialProvider: 'farcaster', userName: 'bob', chainId: 1, preferredAccountType: 'eoa' })
    expect(user).not.toHaveProperty('email')
    expect(user.accounts).toEqual([{ address: user.address, type: 'eoa' }])
    expect(await frame.getUser({ chainId: 31337 })).toMatchObject({ address: user.address, userName: 'bob', socialProvider: 'farcaster' })
    const address = user.address as Hex
    const signature = (await frame.rpcRequest({ id: 'r1', method: 'personal_sign', params: ['0x68656c6c6f', address] })) as Hex
    expect(await verifyMessage({ address, message: 'hello', signature })).toBe(true)
    // The channel was used: connecting again needs a new QR code.
    await expect(frame.connectFarcaster(undefined)).rejects.toThrow(FarcasterMessage.notStarted)

    // A reload keeps the session and opens the same wallet.
    const reloaded = laptop.load()
    expect(await reloaded.isConnected(undefined)).toEqual({ isConnected: true })
    expect((await reloaded.getUser({ chainId: 31337 })).address).toBe(address)

    // Another device: the same fid gets the same wallet (auth + recovery share, right after this login).
    const phone = device({ storage: 'widget' })
    const phoneFrame = phone.load()
    const second = await phoneFrame.getFarcasterUri(undefined)
    await approveFarcasterChannel(second.url, { fid: 1001 })
    expect(await phoneFrame.connectFarcaster(undefined)).toMatchObject({ address, userName: 'bob' })

    // Key isolation, as for email login.
    const { entropy, privateKey, auth, recovery } = await keyMaterialOf({ fid: 1001 })
    const handed = JSON.stringify([...laptop.seen, ...phone.seen, user, signature, url, second.url])
    for (const secretBytes of [entropy, privateKey, auth, recovery]) expect(holds(handed, secretBytes)).toBe(false)
  }, 60_000)

  it('a newer QR code replaces the older one, and a refused claim ends it', async () => {
    const frame = device({ storage: 'indexeddb' }).load()
    const first = await frame.getFarcasterUri(undefined)
    const second = await frame.getFarcasterUri(undefined)
    expect(second.url).not.toBe(first.url)
    // Approving the old code signs nobody in here: the frame waits for the newer one.
    await approveFarcasterChannel(first.url, { fid: 1002 })
    await expect(frame.connectFarcaster(undefined)).rejects.toThrow(FrameErrorMessage.SocialPending)
    await approveFarcasterChannel(second.url, { fid: 1003 })
    expect(await frame.connectFarcaster(undefined)).toMatchObject({ userName: 'dave', socialProvider: 'farcaster' })

    // A channel whose message is refused (here: another site's) is dropped: the next try needs a new code.
    const third = await frame.getFarcasterUri(undefined)
    const token = new URL(third.url).searchParams.get('channelToken')!
    const status = (await (
      await localhostFetch(`${farcaster.url}/v1/channel/status`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as { nonce: string }
    const forged = await localhostFetch(`${farcaster.url}/v1/channel/authenticate`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        message: `evil.localhost wants you to sign in with your Ethereum account:\n0x0000000000000000000000000000000000000001\n\nFarcaster Auth\n\nURI: http://evil.localhost\nVersion: 1\nChain ID: 10\nNonce: ${status.nonce}\nIssued At: 2026-01-01T00:00:00.000Z\nResources:\n- farcaster://fid/1000`,
        signature: '0x00',
        fid: 1000,
        username: 'alice',
        custody: '0x0000000000000000000000000000000000000001',
      }),
    })
    expect(forged.status).toBe(201)
    await expect(frame.connectFarcaster(undefined)).rejects.toThrow('The Farcaster sign-in message was signed for another site')
    await expect(frame.connectFarcaster(undefined)).rejects.toThrow(FarcasterMessage.notStarted)
  }, 60_000)
})
