import { createHmac } from 'node:crypto'
import {
  approveFarcasterChannel,
  localhostFetch,
  standInCustodyOf,
  startFarcasterStandIn,
  type FarcasterStandIn,
} from '@airlock/devnet/farcaster'
import { startMailSink, type MailSink } from '@airlock/devnet/mail'
import { startOidcStandIn, type OidcStandIn } from '@airlock/devnet/oidc'
import { FeeMessage } from '@airlock/chains'
import { FrameErrorMessage, type FrameLoginStep, type FrameSocialLoginStep } from '@airlock/protocol'
import { HDKey } from '@scure/bip32'
import { bytesToHex, parseTransaction, recoverTransactionAddress, verifyMessage, verifyTypedData, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../../api/src/platform/db/database'
import { keyServiceKeys } from '../../../api/src/origins/key-service/secrets'
import { smtpMailer } from '../../../api/src/platform/mail/mailer'
import { SecureReason } from '../../../api/src/origins/secure/reasons'
import { insertPasskey } from '../../../api/src/origins/secure/store'
import { KeyServiceReason } from '../../../api/src/origins/key-service/app'
import { SocialReason } from '../../../api/src/origins/secure/social'
import { popupBrowser, postedProof } from '../../../api/src/origins/secure/social-testing'
import { decodeSealedRecovery, deriveRecoveryKey, openRecoveryShare } from '../custody/recovery'
import { seedEntropyToBip39Seed } from '../custody/seed'
import { combineShares } from '../custody/shares'
import { parseVault } from '../custody/vault'
import { frameDevice, mailedCode, openCustody, ORIGIN, signInByEmail, type Custody } from '../testing/frameDevice'
import { FarcasterMessage } from './farcaster'
import { SessionMessage } from './session'
import { userRejectedError } from '../confirm/confirmation'
import { RpcMessage } from '../families/eip155/prepare'

/**
 * The frame's methods against the real secure-origin server and the real key service (apps/api,
 * PGlite each, the devnet mail sink; testing/frameDevice.ts): what the frame hands the widget is
 * recorded, to check that no key material is in it.
 */
let custody: Custody
let db: Database
let ksDb: Database
let sosSecret: Uint8Array
let ksSecret: Uint8Array
let sink: MailSink
let farcaster: FarcasterStandIn
let oidc: OidcStandIn
let app: Custody['app']
/** The servers' clock: moved past code back-offs where a test logs in twice. */
let time = Date.now()

beforeAll(async () => {
  ;[sink, farcaster, oidc] = await Promise.all([
    startMailSink({ smtpPort: 0, httpPort: 0 }),
    startFarcasterStandIn({ port: 0 }),
    startOidcStandIn({
      port: 0,
      clients: [
        { provider: 'google', clientId: 'airlock-google', clientSecret: 'secret', redirectUris: [`${ORIGIN}/oauth/google/callback`] },
      ],
    }),
  ])
  custody = await openCustody({
    mailer: smtpMailer(sink.smtpUrl),
    now: () => time,
    farcaster: { relayUrl: farcaster.url, custodyOf: standInCustodyOf(farcaster.url), fetch: localhostFetch },
    social: {
      providers: { google: { issuer: oidc.issuer('google'), clientId: 'airlock-google', clientSecret: 'secret' } },
      fetch: localhostFetch,
    },
  })
  ;({ app, db, ksDb, sosSecret, ksSecret } = custody)
}, 30_000)
afterAll(async () => {
  await Promise.all([custody?.close(), sink?.stop(), farcaster?.stop(), oidc?.stop()])
})

const device = (options: { storage: 'indexeddb' | 'cookie'; sleep?: (ms: number) => Promise<void> }) => frameDevice(custody, options)

/** The code of the newest mail to `email` whose subject matches. */
const codeFor = (email: string, subject: RegExp) => mailedCode(sink, email, subject)

const OTHER_ADDRESS = '0x000000000000000000000000000000000000dEaD'
let counter = 0
const freshEmail = () => `frame${++counter}.${Date.now()}@example.com`
type Frame = ReturnType<ReturnType<typeof device>['load']>

/**
 * Everything a user's wallet is made of, rebuilt from BOTH stores and the key service's secret
 * (test bookkeeping only: no single party has all of this).
 */
async function keyMaterialOf(who: string | { fid: number }) {
  const { rows } = await db.query<{ id: string; auth_share: Uint8Array; sealed_recovery_share: Uint8Array }>(
    typeof who === 'string'
      ? 'SELECT u.id, s.auth_share, s.sealed_recovery_share FROM secure_users u JOIN secure_key_shares s ON s.user_id = u.id WHERE lower(u.email) = lower($1)'
      : `SELECT u.id, s.auth_share, s.sealed_recovery_share FROM secure_users u JOIN secure_key_shares s ON s.user_id = u.id
           JOIN secure_social_identities i ON i.user_id = u.id WHERE i.provider = 'farcaster' AND i.subject = $1`,
    [typeof who === 'string' ? who : String(who.fid)],
  )
  const row = rows[0]!
  const { keyId, sealed } = decodeSealedRecovery(new Uint8Array(row.sealed_recovery_share))
  const stored = await ksDb.query<{ sealed: Uint8Array }>('SELECT sealed FROM ks_materials WHERE key_id = $1', [keyId])
  const material = keyServiceKeys(ksSecret).openMaterial(row.id, keyId, new Uint8Array(stored.rows[0]!.sealed))
  const recovery = await openRecoveryShare(sealed, await deriveRecoveryKey(material, row.id))
  const auth = new Uint8Array(row.auth_share)
  const entropy = await combineShares([auth, recovery.slice()])
  const privateKey = HDKey.fromMasterSeed(await seedEntropyToBip39Seed(entropy.slice())).derive("m/44'/60'/0'/0/0").privateKey!
  return { userId: row.id, entropy, privateKey, auth, recovery, material }
}

/** True when `text` holds `bytes` in any of the encodings a leak would use. */
function holds(text: string, bytes: Uint8Array): boolean {
  const hex = bytesToHex(bytes).slice(2)
  const base64 = Buffer.from(bytes).toString('base64')
  const base64url = Buffer.from(bytes).toString('base64url')
  return text.toLowerCase().includes(hex) || text.includes(base64.slice(0, 40)) || text.includes(base64url.slice(0, 40))
}

/** Email login to the point the frame answers: CONNECT, or VERIFY_DEVICE on a device new to the wallet. */
const emailLogin = (frame: Frame, email: string): Promise<FrameLoginStep> => signInByEmail(sink, frame, email)

const DEVICE_MAIL = /new device/

describe.each(['indexeddb', 'cookie'] as const)('the secure frame with %s storage', (storage) => {
  it('creates a wallet at the first login, signs, stays signed in across a reload, and opens on a new device only with the key service code', async () => {
    const email = freshEmail()
    const laptop = device({ storage })
    const frame = laptop.load()
    expect(await emailLogin(frame, email)).toEqual({ action: 'CONNECT' })
    const user = await frame.getUser({ chainId: 31337 })
    expect(user).toMatchObject({ email, chainId: 31337, preferredAccountType: 'eoa', smartAccountDeployed: false, passkeys: 0 })
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

    // A new device: the login code is the first factor only; the key service mails the second.
    time += 31_000
    const phone = device({ storage })
    const phoneFrame = phone.load()
    const step = await emailLogin(phoneFrame, email)
    expect(step).toEqual({
      action: 'VERIFY_DEVICE',
      sentTo: `${email[0]}***@example.com`,
      match: expect.stringMatching(/^[1-9]\d$/),
      passkeys: 0,
    })
    await expect(phoneFrame.getUser({ chainId: 31337 })).rejects.toThrow(SessionMessage.notSignedIn)
    const deviceCode = await codeFor(email, DEVICE_MAIL)
    await expect(phoneFrame.connectDevice({ otp: deviceCode === '000000' ? '111111' : '000000' })).rejects.toThrow(
      'Wrong code: 4 tries left',
    )
    expect(await phoneFrame.connectDevice({ otp: deviceCode })).toEqual({ action: 'CONNECT' })
    expect((await phoneFrame.getUser({ chainId: 31337 })).address).toBe(address)
    // ... and the phone now opens it on its own after a reload.
    expect(await phone.load().isConnected(undefined)).toEqual({ isConnected: true })

    // Key isolation: nothing the widget was handed holds the seed, the key, a share or the material.
    const { entropy, privateKey, auth, recovery, material } = await keyMaterialOf(email)
    const handed = JSON.stringify([...laptop.seen, ...phone.seen, user, signature, raw])
    for (const secretBytes of [entropy, privateKey, auth, recovery, material]) expect(holds(handed, secretBytes)).toBe(false)
    if (storage === 'cookie') {
      // The vault cookie (which the secure-origin server receives) is ciphertext under the key service's key.
      const entries = parseVault(laptop.sosCookies.get('airlock_vault') ?? null)
      expect(entries).toHaveLength(1)
      for (const entry of entries) for (const share of [auth, recovery]) expect(holds(bytesToHex(entry.ciphertext), share)).toBe(false)
      expect(laptop.ksCookies.get('airlock_ks_device')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    }
  }, 60_000)

  it('signs out the device, not the wallet: the next login on it needs no second factor and opens the same address', async () => {
    const email = freshEmail()
    const laptop = device({ storage })
    const frame = laptop.load()
    await emailLogin(frame, email)
    const { address } = await frame.getUser({ chainId: 1 })
    await frame.signOut(undefined)
    expect(await frame.isConnected(undefined)).toEqual({ isConnected: false })
    await expect(frame.getUser({ chainId: 1 })).rejects.toThrow('Not signed in')
    // The back-off of SPEC section 5 applies to the second code within 30 s.
    await expect(frame.connectEmail({ email })).rejects.toThrow('Please try again after 30 seconds')
    time += 12_500
    await expect(frame.connectEmail({ email })).rejects.toThrow('Please try again after 18 seconds')
    time += 18_000
    expect(await emailLogin(frame, email)).toEqual({ action: 'CONNECT' })
    expect((await frame.getUser({ chainId: 1 })).address).toBe(address)
  }, 60_000)
})

describe('the secure frame refuses', () => {
  it('wrong codes, foreign addresses and disallowed methods, with the texts the widget shows', async () => {
    const email = freshEmail()
    const frame = device({ storage: 'indexeddb' }).load()
    await expect(frame.connectOtp({ otp: '123456' })).rejects.toThrow('Enter your email first')
    await expect(frame.connectDevice({ otp: '123456' })).rejects.toThrow(SessionMessage.noLoginWaiting)
    await frame.connectEmail({ email })
    const code = await codeFor(email, /login code/)
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
    ).rejects.toMatchObject({ message: FeeMessage.none, code: -32602 })
    // SPEC section 5: a gas price beside EIP-1559 fees is refused, not signed at one while shown at the other.
    await expect(
      frame.rpcRequest({
        method: 'eth_sendTransaction',
        params: [{ from: address, to: address, nonce: '0x0', gas: '0x5208', maxFeePerGas: '0x3b9aca00', gasPrice: '0x2d79883d2000' }],
      }),
    ).rejects.toMatchObject({ message: FeeMessage.mixed, code: -32602 })
    // EIP-5792 and ERC-7715 params are the frame's to check: refused before anything is shown.
    await expect(frame.rpcRequest({ id: 'b1', method: 'wallet_sendCalls', params: [{ calls: [{ to: 'abc' }] }] })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringMatching(/^Invalid wallet_sendCalls params/),
    })
    await expect(frame.setPreferredAccount({ type: 'smartAccount' })).rejects.toThrow('Smart accounts are not available')
    expect(await frame.setPreferredAccount({ type: 'eoa' })).toEqual({ type: 'eoa', address })
    await expect(frame.connectSocial({ uri: 'https://example.com/not-started' })).rejects.toThrow('This sign-in was not started here')
  }, 60_000)

  it('signs only what the user approved in the frame: shown as signed, nothing on Reject or without an id', async () => {
    const email = freshEmail()
    const laptop = device({ storage: 'indexeddb' })
    const frame = laptop.load()
    await emailLogin(frame, email)
    const { address } = await frame.getUser({ chainId: 31337 })
    await frame.syncDappData({ origin: 'http://dapp.localhost:4400', sdkType: 'appkit', sdkVersion: '2.16.7', projectId: 'demo' })
    const tx = { from: address, to: address, value: '0x1', nonce: '0x0', gas: '0x5208', gasPrice: '0x1', extra: 'dropped' }
    const raw = (await frame.rpcRequest({ id: 'tx1', method: 'eth_sendTransaction', params: [tx] })) as Hex
    // What the user saw is the transaction signed: only the fields signed, with the chain it is signed for.
    const [seen] = laptop.asked
    expect(seen).toEqual({
      id: 'tx1',
      method: 'eth_sendTransaction',
      params: [{ from: address, to: address, value: '0x1', nonce: '0x0', gas: '0x5208', chainId: '0x7a69', type: '0x0', gasPrice: '0x1' }],
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
    const laptop = device({ storage: 'cookie' })
    await emailLogin(laptop.load(), email)
    const token = (laptop.seen.find((item) => typeof item === 'object' && item && 'token' in item) as { token: string }).token
    const thief = device({ storage: 'cookie' }).load()
    // The session is alive, but the shares need the laptop's device token too.
    expect(await thief.isConnected({ token })).toEqual({ isConnected: false })
    expect(SecureReason.otherDeviceSession).toContain('another device')
  }, 60_000)
})

describe('what each party alone holds', () => {
  it("the secure origin's database, its secret and the vault cookies it receives rebuild no seed; nor does the key service's store", async () => {
    const email = freshEmail()
    const laptop = device({ storage: 'cookie' })
    await emailLogin(laptop.load(), email)
    time += 31_000
    const phone = device({ storage: 'cookie' })
    const phoneFrame = phone.load()
    await emailLogin(phoneFrame, email)
    await phoneFrame.connectDevice({ otp: await codeFor(email, DEVICE_MAIL) })
    const { userId, entropy } = await keyMaterialOf(email)
    const seedHex = bytesToHex(entropy)

    // The secure origin: the whole database, its secret, and every cookie its browsers sent it.
    const sosRows = await db.query<{ auth_share: Uint8Array; sealed_recovery_share: Uint8Array }>(
      'SELECT auth_share, sealed_recovery_share FROM secure_key_shares WHERE user_id = $1',
      [userId],
    )
    const auth = new Uint8Array(sosRows.rows[0]!.auth_share)
    const stored = new Uint8Array(sosRows.rows[0]!.sealed_recovery_share)
    const cookieCiphertexts = [laptop, phone].flatMap((profile) => parseVault(profile.sosCookies.get('airlock_vault') ?? null))
    expect(cookieCiphertexts).toHaveLength(2)
    const candidates = [
      stored,
      stored.subarray(29, 29 + auth.length),
      stored.subarray(stored.length - auth.length),
      ...cookieCiphertexts.flatMap((entry) => [entry.ciphertext.subarray(0, auth.length), entry.ciphertext.subarray(-auth.length)]),
    ]
    for (const candidate of candidates) {
      const attempt = await combineShares([auth, candidate.slice()]).then(bytesToHex, () => 'refused')
      expect(attempt).not.toBe(seedHex)
    }
    // The secret derives no material: the old scheme's derivation opens nothing.
    const { sealed } = decodeSealedRecovery(stored)
    for (const label of [
      'airlock:secure-origin:recovery-material:v1',
      'airlock:secure-origin:assertion-key:v1',
      'airlock:secure-origin:otp:v1',
    ]) {
      const guess = createHmac('sha256', createHmac('sha256', sosSecret).update(label).digest()).update(userId).digest()
      await expect(openRecoveryShare(sealed, await deriveRecoveryKey(guess, userId))).rejects.toThrow()
    }

    // The key service: its store (and even its secret) hold material, never a share.
    const ksRows = await ksDb.query<{ key_id: string; sealed: Uint8Array }>('SELECT key_id, sealed FROM ks_materials WHERE user_id = $1', [
      userId,
    ])
    expect(ksRows.rows).toHaveLength(1)
    const material = keyServiceKeys(ksSecret).openMaterial(userId, ksRows.rows[0]!.key_id, new Uint8Array(ksRows.rows[0]!.sealed))
    const ksDump = JSON.stringify((await ksDb.query('SELECT row_to_json(t)::text AS r FROM ks_materials t')).rows)
    expect(holds(ksDump, material)).toBe(false)
    for (const share of [auth]) expect(holds(ksDump, share)).toBe(false)
    // The material alone is a key to a ciphertext the key service never had.
    const recovery = await openRecoveryShare(sealed, await deriveRecoveryKey(material, userId))
    expect(recovery).toHaveLength(33)
    // Both together do rebuild it: the two operators colluding is the stated limit.
    expect(bytesToHex(await combineShares([auth, recovery]))).toBe(seedHex)
    // And each release was audited by the key service.
    const audit = await ksDb.query<{ action: string; factor: string | null }>(
      'SELECT action, factor FROM ks_audit WHERE user_id = $1 ORDER BY id',
      [userId],
    )
    expect(audit.rows.filter((row) => row.action !== 'device-key')).toEqual([
      { action: 'enrol', factor: null },
      { action: 'recover', factor: 'email-code' },
    ])
  }, 60_000)
})

describe('social login through the devnet OIDC stand-in', () => {
  it("claims with the proof its popup's page posted, and only then; the same identity opens the same wallet", async () => {
    const email = freshEmail()
    const laptop = device({ storage: 'indexeddb' })
    const frame = laptop.load()
    const { uri } = await frame.getSocialRedirectUri({ provider: 'google' })
    expect(uri).toMatch(new RegExp(`^${ORIGIN}/oauth/google/start\\?flow=[A-Za-z0-9_-]{43}$`))
    const page = await popupBrowser(app, ORIGIN).signIn(uri, { email })
    const proof = postedProof(page)!
    // The callback is done, but no proof has reached the frame: still pending.
    await expect(frame.connectSocial({ uri })).rejects.toThrow(FrameErrorMessage.SocialPending)
    // Only this origin's messages, in the proof's shape, for a flow started here, are kept.
    expect(laptop.post(proof, 'http://widget.localhost:4401')).toBe(false)
    expect(laptop.post({ ...proof, proof: 'forged' })).toBe(false)
    expect(laptop.post({ ...proof, flow: 'f'.repeat(64) })).toBe(false)
    expect(laptop.post(proof)).toBe(true)
    const user = connected(await frame.connectSocial({ uri }))
    expect(user).toMatchObject({ email, socialProvider: 'google', chainId: 1 })

    // Another device, the same Google identity: the login alone opens nothing; the key service's
    // code to the account's email does, and it is the same wallet.
    time += 31_000
    const phone = device({ storage: 'cookie' })
    const phoneFrame = phone.load()
    const again = await phoneFrame.getSocialRedirectUri({ provider: 'google' })
    expect(phone.post(postedProof(await popupBrowser(app, ORIGIN).signIn(again.uri, { email }))!)).toBe(true)
    expect(await phoneFrame.connectSocial({ uri: again.uri })).toMatchObject({ action: 'VERIFY_DEVICE', passkeys: 0 })
    await expect(phoneFrame.getUser({ chainId: 1 })).rejects.toThrow(SessionMessage.notSignedIn)
    expect(await phoneFrame.connectDevice({ otp: await codeFor(email, DEVICE_MAIL) })).toEqual({ action: 'CONNECT' })
    expect((await phoneFrame.getUser({ chainId: 1 })).address).toBe(user.address)
  }, 60_000)

  it('claims as soon as the proof comes, without waiting for its next poll', async () => {
    // A poll interval that never ends: only the proof's arrival can wake the frame up.
    const laptop = device({ storage: 'indexeddb', sleep: () => new Promise(() => {}) })
    const frame = laptop.load()
    const { uri } = await frame.getSocialRedirectUri({ provider: 'google' })
    const proof = postedProof(await popupBrowser(app, ORIGIN).signIn(uri, { email: freshEmail() }))!
    const connecting = frame.connectSocial({ uri })
    await new Promise((resolve) => setTimeout(resolve, 50))
    laptop.post(proof)
    expect(connected(await connecting)).toMatchObject({ socialProvider: 'google' })
  }, 60_000)

  it('a proof posted to another frame is of no use to it: the flow was not started there', async () => {
    const frame = device({ storage: 'indexeddb' }).load()
    const { uri } = await frame.getSocialRedirectUri({ provider: 'google' })
    const proof = postedProof(await popupBrowser(app, ORIGIN).signIn(uri, { email: freshEmail() }))!
    expect(device({ storage: 'indexeddb' }).post(proof)).toBe(false)
  }, 60_000)

  it('an email wallet gets Google linked only while signed in to it; then Google opens that wallet', async () => {
    const email = freshEmail()
    // Google first, on a fresh device, with no session of the account: refused, with what to do.
    const stranger = device({ storage: 'indexeddb' })
    const strangerFrame = stranger.load()
    const laptop = device({ storage: 'indexeddb' })
    const signedIn = laptop.load()
    await emailLogin(signedIn, email)
    const { address } = await signedIn.getUser({ chainId: 1 })
    const tried = await strangerFrame.getSocialRedirectUri({ provider: 'google' })
    stranger.post(postedProof(await popupBrowser(app, ORIGIN).signIn(tried.uri, { email }))!)
    await expect(strangerFrame.connectSocial({ uri: tried.uri })).rejects.toThrow(SocialReason.linkRequired('Google'))

    // Signed in by email on the laptop, Google is added to that account and opens its wallet.
    const frame = laptop.load()
    expect(await frame.isConnected(undefined)).toEqual({ isConnected: true })
    const { uri } = await frame.getSocialRedirectUri({ provider: 'google' })
    laptop.post(postedProof(await popupBrowser(app, ORIGIN).signIn(uri, { email }))!)
    expect(connected(await frame.connectSocial({ uri }))).toMatchObject({ address, email, socialProvider: 'google' })
  }, 60_000)
})

describe('Farcaster login through the devnet stand-in', () => {
  it('QR url, still pending, approve in the app, then the wallet: created, used, reopened after a reload; a new device needs a passkey', async () => {
    const laptop = device({ storage: 'indexeddb' })
    const frame = laptop.load()
    await expect(frame.connectFarcaster(undefined)).rejects.toThrow(FarcasterMessage.notStarted)
    const { url } = await frame.getFarcasterUri(undefined)
    expect(url).toMatch(new RegExp(`^${farcaster.url}/~/siwf\\?channelToken=[0-9a-f-]{36}$`))
    // Not approved yet: the frame gives up after SOCIAL_CLAIM_WAIT_MS and the widget asks again.
    await expect(frame.connectFarcaster(undefined)).rejects.toThrow(FrameErrorMessage.SocialPending)

    await approveFarcasterChannel(url, { fid: 1001 })
    const step = await frame.connectFarcaster(undefined)
    const user = connected(step)
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

    // Another device: the fid alone (a channel anyone could have started and had approved) opens
    // nothing; the account has no email, so only a passkey would.
    const phone = device({ storage: 'cookie' })
    const phoneFrame = phone.load()
    const second = await phoneFrame.getFarcasterUri(undefined)
    await approveFarcasterChannel(second.url, { fid: 1001 })
    expect(await phoneFrame.connectFarcaster(undefined)).toEqual({ action: 'VERIFY_DEVICE', passkeys: 0 })
    await expect(phoneFrame.sendDeviceCode(undefined)).rejects.toThrow('This account has no email to send a device code to: use a passkey')
    await expect(phoneFrame.getUser({ chainId: 31337 })).rejects.toThrow(SessionMessage.notSignedIn)

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
    expect(connected(await frame.connectFarcaster(undefined))).toMatchObject({ userName: 'dave', socialProvider: 'farcaster' })

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

describe('the secure frame: an account with a passkey (issue 23, the two-code phishing)', () => {
  /** The wallet of a new account on a laptop, then a passkey as the user adds one (its WebAuthn half needs a browser: e2e). */
  async function accountWithPasskey() {
    const email = freshEmail()
    const laptop = device({ storage: 'indexeddb' }).load()
    expect(await emailLogin(laptop, email)).toEqual({ action: 'CONNECT' })
    const { userId } = await keyMaterialOf(email)
    await insertPasskey(
      db,
      userId,
      { credentialId: 'C'.repeat(22), prfSalt: new Uint8Array(32), sealedShare: new Uint8Array(81) },
      10,
      new Date(time),
    )
    return { email, laptop, address: (await laptop.getUser({ chainId: 1 })).address }
  }

  it("a new device with the victim's login code gets no device code: recovery by email waits, and the laptop sees it and cancels it", async () => {
    const { email, laptop } = await accountWithPasskey()
    time += 31_000
    const phone = device({ storage: 'indexeddb' }).load()
    expect(await emailLogin(phone, email)).toEqual({ action: 'VERIFY_DEVICE', passkeys: 1, emailRecovery: true })
    // Nothing was mailed for the device: the passkey is the way, and email must be asked for.
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(sink.messages().filter((mail) => mail.to.includes(email))).toEqual([])
    const asked = await phone.sendDeviceCode(undefined)
    expect(asked).toEqual({
      sentTo: expect.stringMatching(/\*\*\*@example\.com$/),
      match: expect.stringMatching(/^[1-9]\d$/),
      opensAt: time + 48 * 60 * 60_000,
    })
    const mail = await sink.waitFor((candidate) => candidate.to.includes(email))
    expect(mail.subject).toBe('A device asked to open your Airlock wallet by email')
    expect(mail.text).toContain(`Its screen shows the number ${asked.match}.`)
    await expect(phone.connectDevice({ otp: '123456' })).rejects.toThrow(KeyServiceReason.recoveryWaiting)

    expect(await laptop.getRecoveries(undefined)).toEqual({
      recoveries: [
        {
          id: expect.any(String),
          requestedAt: time,
          opensAt: asked.opensAt,
          device: 'an unknown browser',
          place: expect.any(String),
          match: asked.match,
        },
      ],
    })
    const { id } = (await laptop.getRecoveries(undefined)).recoveries[0]!
    expect(await laptop.cancelRecovery({ id })).toEqual({ recoveries: [] })
    await expect(phone.sendDeviceCode(undefined)).rejects.toThrow(KeyServiceReason.recoveryCancelled)
    await expect(phone.getRecoveries(undefined)).rejects.toThrow(SessionMessage.notSignedIn)
  }, 60_000)

  it('once the wait is over, a fresh login on the same device gets the code under the same number and opens the same wallet', async () => {
    const { email, address } = await accountWithPasskey()
    time += 31_000
    const phoneDevice = device({ storage: 'indexeddb' })
    const phone = phoneDevice.load()
    await emailLogin(phone, email)
    const asked = await phone.sendDeviceCode(undefined)
    await sink.waitFor((candidate) => candidate.to.includes(email))
    sink.clear()
    time += 48 * 60 * 60_000 + 1
    const later = phoneDevice.load()
    expect(await emailLogin(later, email)).toEqual({ action: 'VERIFY_DEVICE', passkeys: 1, emailRecovery: true })
    expect(await later.sendDeviceCode(undefined)).toEqual({ sentTo: asked.sentTo, match: asked.match })
    const code = await codeFor(email, DEVICE_MAIL)
    expect(await later.connectDevice({ otp: code })).toEqual({ action: 'CONNECT' })
    expect((await later.getUser({ chainId: 1 })).address).toBe(address)
  }, 60_000)
})

function connected(step: FrameSocialLoginStep) {
  if (step.action !== 'CONNECT') throw new Error(`expected the wallet to open, got ${JSON.stringify(step)}`)
  return step.user
}
