// @vitest-environment happy-dom
import { FrameErrorMessage } from '@airlock/protocol'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { AUTH_CONNECTOR_ID } from './id'
import { AUTH_SESSION_KEY } from '../../core/storage/persisted'
import { RECENT_CONNECTOR_KEY } from '../../core/session/recentConnector'
import { onHostConnected } from '../../host/connection'
import {
  CONNECTED_SOCIAL_KEY,
  EMAIL_KEY,
  EMAIL_LOGIN_USED_KEY,
  LAST_USED_CHAIN_KEY,
  SOCIAL_USERNAME_KEY,
} from '../../core/storage/persisted'
import { createMemoryStorage, type KeyValueStorage } from '../../core/storage/safeStorage'
import { authUserAtom, deviceCheckAtom, emailLoginAtom, smartAccountNetworksAtom } from './atoms'
import { openAtom } from '../../core/modal/atoms'
import { currentRouteAtom } from '../../core/router/atoms'
import { toastAtom } from '../../core/toast'
import {
  createFakeFrame,
  DEVICE_CODE,
  frameUser,
  FRAME_EMAIL,
  frameAccount,
  LOGIN_CODE,
  SENT_TO,
  SESSION_TOKEN,
  type FakeFrame,
} from '../../testing/fakeFrame'
import { createFakeHost, createTestContext, flush, type FakeHost } from '../../testing/fakeHost'
import { LAST_EMAIL_LOGIN_KEY, resendEmailCode, setAuthPreferredAccount, submitEmail, submitEmailOtp, switchAuthChain } from './auth'
import {
  addPasskey,
  PASSKEY_ADDED_MESSAGE,
  resendDeviceCode,
  submitDeviceCode,
  unlockWithPasskey,
} from '../../features/auth/device/actions'
import { disconnect } from '../disconnect'
import { openModal } from '../../core/modal/modal'
import { setOptions } from '../../core/options/options'
import { tryReconnect } from '../reconnect'
import { connectionAtom } from '../../core/session/active'

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

async function setup(options: { storage?: KeyValueStorage; host?: FakeHost; frame?: FakeFrame } = {}) {
  const host = options.host ?? createFakeHost({ connectors: [] })
  const frame = options.frame ?? createFakeFrame()
  const ctx = createTestContext(host, { storage: options.storage ?? createMemoryStorage(), frame: frame.factory })
  onHostConnected(ctx, host.api)
  await flush()
  setOptions(ctx, { projectId: 'demo', networks: ['eip155:31337', 'eip155:31338'] })
  openModal(ctx)
  return { ctx, host, frame }
}

const login = (ctx: Awaited<ReturnType<typeof setup>>['ctx']) => ctx.store.get(emailLoginAtom)
const route = (ctx: Awaited<ReturnType<typeof setup>>['ctx']) => ctx.store.get(currentRouteAtom)

describe('email login', () => {
  it('email, code, connected: the dapp hears connect and accountsChanged; SPEC section 4 stores the flag and the email', async () => {
    const { ctx, host, frame } = await setup()
    await submitEmail(ctx, `  ${FRAME_EMAIL} `)
    expect(frame.callsOf('connectEmail')).toEqual([{ email: FRAME_EMAIL }])
    expect(route(ctx)).toEqual({ name: 'EmailVerifyOtp', params: { email: FRAME_EMAIL } })
    expect(ctx.store.get(connectionAtom)).toMatchObject({ status: 'connecting', connectorId: AUTH_CONNECTOR_ID })
    expect(Number(ctx.storage.get(LAST_EMAIL_LOGIN_KEY))).toBeGreaterThan(0)

    await submitEmailOtp(ctx, LOGIN_CODE)
    expect(frame.callsOf('connectOtp')).toEqual([{ otp: LOGIN_CODE }])
    expect(frame.callsOf('getUser')).toEqual([{ chainId: 31337, preferredAccountType: 'eoa' }])
    expect(ctx.store.get(connectionAtom)).toEqual({
      status: 'connected',
      namespace: 'eip155',
      address: frameAccount.address,
      chainId: 31337,
      caipNetworkId: 'eip155:31337',
      connectorId: AUTH_CONNECTOR_ID,
      connectorName: 'Email',
    })
    expect(host.providerEvents()).toEqual([
      { event: 'connect', data: { chainId: '0x7a69' } },
      { event: 'accountsChanged', data: [frameAccount.address] },
    ])
    expect(ctx.store.get(authUserAtom)).toMatchObject({ email: FRAME_EMAIL, preferredAccountType: 'eoa' })
    expect(ctx.storage.get(EMAIL_LOGIN_USED_KEY)).toBe('true')
    expect(ctx.storage.get(EMAIL_KEY)).toBe(FRAME_EMAIL)
    expect(ctx.storage.get(LAST_USED_CHAIN_KEY)).toBe('eip155:31337')
    expect(ctx.storage.get(LAST_EMAIL_LOGIN_KEY)).toBeUndefined()
    expect(ctx.storage.get(AUTH_SESSION_KEY)).toBe(SESSION_TOKEN)
    expect(ctx.storage.get(RECENT_CONNECTOR_KEY)).toBe(AUTH_CONNECTOR_ID)
    expect(ctx.store.get(openAtom)).toBe(false)
    expect(host.tracked()).toContain('CONNECT_SUCCESS')
    expect(login(ctx)).toEqual({})
    expect(frame.invalid).toEqual([])
  })

  it('an invalid email is refused before anything is sent', async () => {
    const { ctx, frame } = await setup()
    await submitEmail(ctx, 'ada@localhost')
    expect(login(ctx)).toMatchObject({ step: 'email', error: 'Enter a valid email address' })
    expect(frame.connects).toBe(0)
    expect(ctx.store.get(connectionAtom).status).toBe('disconnected')
  })

  it("SPEC section 5: a second login within 30 s reads 'Please try again after {n} seconds', rounded up; after 30 s it goes", async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(1_000_000)
    const { ctx, frame } = await setup()
    await submitEmail(ctx, FRAME_EMAIL)
    vi.setSystemTime(1_000_000 + 6_500)
    await resendEmailCode(ctx)
    expect(login(ctx)).toMatchObject({ step: 'otp', error: 'Please try again after 24 seconds' })
    await submitEmail(ctx, FRAME_EMAIL)
    expect(login(ctx)).toMatchObject({ step: 'email', error: 'Please try again after 24 seconds' })
    vi.setSystemTime(1_000_000 + 29_001)
    await submitEmail(ctx, FRAME_EMAIL)
    expect(login(ctx).error).toBe('Please try again after 1 seconds')
    expect(frame.callsOf('connectEmail')).toHaveLength(1)
    vi.setSystemTime(1_000_000 + 30_000)
    await submitEmail(ctx, FRAME_EMAIL)
    expect(frame.callsOf('connectEmail')).toHaveLength(2)
    expect(login(ctx).error).toBeUndefined()
  })

  it('resend within the same login after the cooldown: a new code, a toast, the same step', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(2_000_000)
    const { ctx, frame } = await setup()
    await submitEmail(ctx, FRAME_EMAIL)
    vi.setSystemTime(2_000_000 + 31_000)
    await resendEmailCode(ctx)
    expect(frame.callsOf('connectEmail')).toHaveLength(2)
    expect(ctx.store.get(toastAtom)).toMatchObject({ message: `A new code was sent to ${FRAME_EMAIL}`, variant: 'success' })
    expect(route(ctx).name).toBe('EmailVerifyOtp')
    await submitEmailOtp(ctx, LOGIN_CODE)
    expect(ctx.store.get(connectionAtom).status).toBe('connected')
  })

  it("the server's messages show on the code step, which stays open for another try", async () => {
    const { ctx, frame } = await setup()
    await submitEmail(ctx, FRAME_EMAIL)
    await submitEmailOtp(ctx, '000000')
    expect(login(ctx)).toMatchObject({ step: 'otp', error: 'Wrong code: 4 tries left', busy: undefined })
    frame.methods.connectOtp = () => {
      throw new Error('Too many wrong codes: request a new code')
    }
    await submitEmailOtp(ctx, '000001')
    expect(login(ctx).error).toBe('Too many wrong codes: request a new code')
    await submitEmailOtp(ctx, '12')
    expect(login(ctx).error).toBe('Enter the 6-digit code')
    expect(ctx.store.get(connectionAtom).status).toBe('connecting')
  })

  it('a server cooldown message on connectEmail shows under the field', async () => {
    const { ctx, frame } = await setup()
    frame.methods.connectEmail = () => {
      throw new Error('Please try again after 23 seconds')
    }
    await submitEmail(ctx, FRAME_EMAIL)
    expect(login(ctx)).toMatchObject({ step: 'email', error: 'Please try again after 23 seconds' })
    expect(ctx.store.get(connectionAtom).status).toBe('disconnected')
  })

  it('VERIFY_DEVICE after the login code: the device code (or a passkey) opens the wallet, then connected', async () => {
    const { ctx, frame } = await setup()
    frame.newDevice = true
    await submitEmail(ctx, FRAME_EMAIL)
    await submitEmailOtp(ctx, LOGIN_CODE)
    // The login code was the first factor only: not connected yet, the device step replaces the code step.
    expect(ctx.store.get(connectionAtom).status).toBe('connecting')
    expect(route(ctx)).toEqual({ name: 'VerifyDevice' })
    expect(ctx.store.get(deviceCheckAtom)).toMatchObject({ sentTo: SENT_TO, passkeys: 0, login: { method: 'email', email: FRAME_EMAIL } })
    await submitDeviceCode(ctx, '999999')
    expect(ctx.store.get(deviceCheckAtom)).toMatchObject({ error: 'Wrong code: 4 tries left', busy: undefined })
    await submitDeviceCode(ctx, '12')
    expect(ctx.store.get(deviceCheckAtom).error).toBe('Enter the 6-digit code')
    await resendDeviceCode(ctx)
    expect(frame.callsOf('sendDeviceCode')).toEqual([undefined])
    await submitDeviceCode(ctx, DEVICE_CODE)
    expect(frame.callsOf('connectDevice')).toEqual([{ otp: '999999' }, { otp: DEVICE_CODE }])
    expect(ctx.store.get(connectionAtom)).toMatchObject({ status: 'connected', address: frameAccount.address })
    expect(ctx.store.get(deviceCheckAtom)).toEqual({})
  })

  it('VERIFY_DEVICE: a passkey opens the wallet instead of the code', async () => {
    const { ctx, frame } = await setup()
    frame.newDevice = true
    frame.passkeys = 1
    await submitEmail(ctx, FRAME_EMAIL)
    await submitEmailOtp(ctx, LOGIN_CODE)
    expect(ctx.store.get(deviceCheckAtom).passkeys).toBe(1)
    await unlockWithPasskey(ctx)
    expect(frame.callsOf('unlockWithPasskey')).toEqual([undefined])
    expect(ctx.store.get(connectionAtom).status).toBe('connected')
    expect(ctx.store.get(authUserAtom)?.passkeys).toBe(1)
  })

  it('a passkey added from the Account view is counted', async () => {
    const { ctx } = await setup()
    await submitEmail(ctx, FRAME_EMAIL)
    await submitEmailOtp(ctx, LOGIN_CODE)
    expect(ctx.store.get(authUserAtom)?.passkeys).toBe(0)
    await addPasskey(ctx)
    expect(ctx.store.get(authUserAtom)?.passkeys).toBe(1)
    expect(ctx.store.get(toastAtom)?.message).toBe(PASSKEY_ADDED_MESSAGE)
  })

  it('CONNECT: a device already signed in connects without a code', async () => {
    const { ctx, frame } = await setup()
    frame.methods.connectEmail = () => ({ action: 'CONNECT' })
    await submitEmail(ctx, FRAME_EMAIL)
    expect(frame.callsOf('connectOtp')).toEqual([])
    expect(ctx.store.get(connectionAtom)).toMatchObject({ status: 'connected', address: frameAccount.address })
    expect(ctx.storage.get(LAST_EMAIL_LOGIN_KEY)).toBeUndefined()
  })

  it("a frame that does not load: 'Unable to load email login dependency', and the next submit loads it again", async () => {
    const frame = createFakeFrame()
    frame.readyVersion = 99
    const { ctx } = await setup({ frame })
    await submitEmail(ctx, FRAME_EMAIL)
    expect(login(ctx)).toMatchObject({ step: 'email', error: 'Unable to load email login dependency' })
    expect(ctx.store.get(connectionAtom).status).toBe('disconnected')
    expect(ctx.storage.get(LAST_EMAIL_LOGIN_KEY)).toBeUndefined()
    frame.readyVersion = 4
    await submitEmail(ctx, FRAME_EMAIL)
    expect(route(ctx).name).toBe('EmailVerifyOtp')
  })

  it('an abandoned login (modal closed) ignores the late answer', async () => {
    const { ctx, frame } = await setup()
    let answer!: (value: { action: 'VERIFY_OTP' }) => void
    frame.methods.connectEmail = () => new Promise((resolve) => (answer = resolve))
    const submitting = submitEmail(ctx, FRAME_EMAIL)
    await vi.waitFor(() => expect(frame.callsOf('connectEmail')).toHaveLength(1))
    const { closeModal } = await import('../../core/modal/modal')
    closeModal(ctx)
    answer({ action: 'VERIFY_OTP' })
    await submitting
    expect(ctx.store.get(connectionAtom).status).toBe('disconnected')
    expect(route(ctx).name).toBe('Connect')
    await submitEmailOtp(ctx, LOGIN_CODE)
    expect(login(ctx).error).toBe('This login has expired: enter your email again')
  })

  it('a user without an Ethereum account is an error, not a connection', async () => {
    const { ctx, frame } = await setup()
    frame.methods.getUser = () => ({
      address: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      accounts: [],
      smartAccountDeployed: false,
      preferredAccountType: 'eoa',
    })
    await submitEmail(ctx, FRAME_EMAIL)
    await submitEmailOtp(ctx, LOGIN_CODE)
    expect(login(ctx).error).toBe('The embedded wallet has no Ethereum account')
    expect(ctx.store.get(connectionAtom).status).not.toBe('connected')
  })
})

describe('account type (SPEC sections 5, 6 and 8)', () => {
  it("a smart-account network: the login tries it, falls back to EOA with 'This application might not support Smart Accounts'", async () => {
    const { ctx, frame } = await setup()
    frame.methods.getSmartAccountEnabledNetworks = () => ({ smartAccountEnabledNetworks: [31337] })
    await submitEmail(ctx, FRAME_EMAIL)
    await submitEmailOtp(ctx, LOGIN_CODE)
    expect(frame.callsOf('setPreferredAccount')).toEqual([{ type: 'smartAccount' }])
    expect(ctx.store.get(toastAtom)).toMatchObject({ message: 'This application might not support Smart Accounts', variant: 'error' })
    expect(ctx.store.get(authUserAtom)?.preferredAccountType).toBe('eoa')
    expect(ctx.store.get(connectionAtom).address).toBe(frameAccount.address)
  })

  it('a smart account the frame gives is the first account the dapp hears of, and the only one', async () => {
    const { ctx, host, frame } = await setup()
    const smart = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    frame.methods.getSmartAccountEnabledNetworks = () => ({ smartAccountEnabledNetworks: [31337] })
    frame.methods.setPreferredAccount = ({ type }) => ({ type, address: smart })
    await submitEmail(ctx, FRAME_EMAIL)
    await submitEmailOtp(ctx, LOGIN_CODE)
    expect(host.providerEvents()).toEqual([
      { event: 'connect', data: { chainId: '0x7a69' } },
      { event: 'accountsChanged', data: [smart] },
    ])
    expect(
      host
        .states()
        .filter((state) => state.status === 'connected')
        .map((state) => state.address),
    ).not.toContain(frameAccount.address)
  })

  it('no smart-account network (or a failed fetch, or an eoa default): EOA without asking', async () => {
    const { ctx, frame } = await setup()
    frame.methods.getSmartAccountEnabledNetworks = () => {
      throw new Error('no')
    }
    await submitEmail(ctx, FRAME_EMAIL)
    await submitEmailOtp(ctx, LOGIN_CODE)
    expect(frame.callsOf('setPreferredAccount')).toEqual([])
    expect(ctx.store.get(toastAtom)).toBeUndefined()
  })

  it('setting eoa works', async () => {
    const { ctx, frame } = await setup()
    await submitEmail(ctx, FRAME_EMAIL)
    await submitEmailOtp(ctx, LOGIN_CODE)
    await setAuthPreferredAccount(ctx, 'eoa')
    expect(frame.callsOf('setPreferredAccount')).toEqual([{ type: 'eoa' }])
    expect(ctx.store.get(authUserAtom)?.preferredAccountType).toBe('eoa')
  })
})

describe('reload, network, disconnect', () => {
  async function connectedThenReload() {
    const storage = createMemoryStorage()
    const host = createFakeHost({ connectors: [] })
    const first = await setup({ host, storage })
    await submitEmail(first.ctx, FRAME_EMAIL)
    await submitEmailOtp(first.ctx, LOGIN_CODE)
    // A new page: a new widget, a new frame whose cookie is gone; the token the frame pushed remains.
    const frame = createFakeFrame()
    const ctx = createTestContext(host, { storage, frame: frame.factory })
    setOptions(ctx, { projectId: 'demo', networks: ['eip155:31337', 'eip155:31338'] })
    return { ctx, host, frame }
  }

  it('a reload restores the account silently with isConnected {token} and getUser', async () => {
    const { ctx, host, frame } = await connectedThenReload()
    host.events.length = 0
    onHostConnected(ctx, host.api)
    await vi.waitFor(() => expect(ctx.store.get(connectionAtom).status).toBe('connected'))
    expect(frame.callsOf('isConnected')).toEqual([{ token: SESSION_TOKEN }])
    expect(ctx.store.get(connectionAtom)).toMatchObject({ address: frameAccount.address, chainId: 31337, connectorName: 'Email' })
    expect(ctx.store.get(authUserAtom)?.email).toBe(FRAME_EMAIL)
    expect(host.providerEvents().map((e) => e.event)).toEqual(['connect', 'accountsChanged'])
  })

  it('a reload chooses the smart account again where the network has one (the frame forgot it with its page)', async () => {
    const { ctx, host, frame } = await connectedThenReload()
    frame.methods.getSmartAccountEnabledNetworks = () => ({ smartAccountEnabledNetworks: [31337] })
    frame.methods.setPreferredAccount = ({ type }) => ({ type, address: frameAccount.address })
    onHostConnected(ctx, host.api)
    await vi.waitFor(() => expect(ctx.store.get(connectionAtom).status).toBe('connected'))
    expect(frame.callsOf('setPreferredAccount')).toEqual([{ type: 'smartAccount' }])
    expect(ctx.store.get(authUserAtom)?.preferredAccountType).toBe('smartAccount')
    expect(ctx.store.get(smartAccountNetworksAtom)).toEqual([31337])
    expect(ctx.store.get(connectionAtom).address).toBe(frameAccount.address)
    await disconnect(ctx)
    expect(ctx.store.get(smartAccountNetworksAtom)).toEqual([])
  })

  it('a session the frame no longer has: disconnected, and the login forgotten', async () => {
    const { ctx, host, frame } = await connectedThenReload()
    frame.methods.isConnected = () => ({ isConnected: false })
    onHostConnected(ctx, host.api)
    await flush()
    await tryReconnect(ctx)
    expect(ctx.store.get(connectionAtom).status).toBe('disconnected')
    for (const key of [AUTH_SESSION_KEY, RECENT_CONNECTOR_KEY, EMAIL_KEY, EMAIL_LOGIN_USED_KEY])
      expect(ctx.storage.get(key), key).toBeUndefined()
  })

  it('a frame that does not load on reload: disconnected for now, the login kept for the next load', async () => {
    const { ctx, host, frame } = await connectedThenReload()
    frame.readyVersion = 1
    onHostConnected(ctx, host.api)
    await flush()
    await tryReconnect(ctx)
    expect(ctx.store.get(connectionAtom).status).toBe('disconnected')
    expect(ctx.storage.get(RECENT_CONNECTOR_KEY)).toBe(AUTH_CONNECTOR_ID)
    expect(ctx.storage.get(AUTH_SESSION_KEY)).toBe(SESSION_TOKEN)
  })

  it('a social session the frame restores without its provider: the stored provider and user name come back', async () => {
    const storage = createMemoryStorage()
    storage.set(RECENT_CONNECTOR_KEY, AUTH_CONNECTOR_ID)
    storage.set(CONNECTED_SOCIAL_KEY, 'google')
    storage.set(SOCIAL_USERNAME_KEY, 'ada')
    const frame = createFakeFrame()
    frame.signedIn = true
    const host = createFakeHost({ connectors: [] })
    const ctx = createTestContext(host, { storage, frame: frame.factory })
    await tryReconnect(ctx)
    expect(ctx.store.get(connectionAtom).status).toBe('connected')
    expect(ctx.store.get(connectionAtom).connectorName).toBe('Google')
    expect(ctx.store.get(authUserAtom)).toMatchObject({ socialProvider: 'google', userName: 'ada', email: FRAME_EMAIL })
    expect(ctx.storage.get(SOCIAL_USERNAME_KEY)).toBe('ada')
  })

  it('a social session restores its provider from the frame user', async () => {
    const storage = createMemoryStorage()
    storage.set(RECENT_CONNECTOR_KEY, AUTH_CONNECTOR_ID)
    storage.set(CONNECTED_SOCIAL_KEY, 'github')
    const frame = createFakeFrame()
    frame.signedIn = true
    frame.methods.getUser = ({ chainId }) => frameUser({ email: undefined, userName: 'ada', socialProvider: 'github', chainId })
    const host = createFakeHost({ connectors: [] })
    const ctx = createTestContext(host, { storage, frame: frame.factory })
    await tryReconnect(ctx)
    expect(ctx.store.get(connectionAtom).status).toBe('connected')
    expect(ctx.store.get(connectionAtom).connectorName).toBe('GitHub')
    expect(ctx.storage.get(SOCIAL_USERNAME_KEY)).toBe('ada')
  })

  it('switchNetwork through the frame moves the connection and tells the dapp', async () => {
    const { ctx, host, frame } = await setup()
    await submitEmail(ctx, FRAME_EMAIL)
    await submitEmailOtp(ctx, LOGIN_CODE)
    host.events.length = 0
    await switchAuthChain(ctx, 31338)
    expect(frame.callsOf('switchNetwork')).toEqual([{ chainId: 31338 }])
    expect(ctx.store.get(connectionAtom).chainId).toBe(31338)
    expect(host.providerEvents()).toEqual([{ event: 'chainChanged', data: '0x7a6a' }])
    expect(ctx.storage.get(LAST_USED_CHAIN_KEY)).toBe('eip155:31338')
  })

  it('disconnect signs the frame out, forgets the token and the cached login data', async () => {
    const { ctx, host, frame } = await setup()
    await submitEmail(ctx, FRAME_EMAIL)
    await submitEmailOtp(ctx, LOGIN_CODE)
    host.events.length = 0
    await disconnect(ctx)
    expect(frame.callsOf('signOut')).toEqual([undefined])
    expect(frame.signedIn).toBe(false)
    expect(ctx.store.get(connectionAtom)).toEqual({ status: 'disconnected' })
    expect(ctx.store.get(authUserAtom)).toBeUndefined()
    for (const key of [AUTH_SESSION_KEY, RECENT_CONNECTOR_KEY, EMAIL_KEY, EMAIL_LOGIN_USED_KEY, LAST_USED_CHAIN_KEY])
      expect(ctx.storage.get(key), key).toBeUndefined()
    expect(host.providerEvents().map((e) => e.event)).toEqual(['disconnect', 'accountsChanged'])
    expect(host.tracked()).toEqual(['DISCONNECT_SUCCESS'])
  })

  it("a sign-out that fails: 'Failed to disconnect', and disconnected anyway", async () => {
    const { ctx, frame } = await setup()
    await submitEmail(ctx, FRAME_EMAIL)
    await submitEmailOtp(ctx, LOGIN_CODE)
    frame.methods.signOut = () => {
      throw new Error('offline')
    }
    vi.spyOn(console, 'error').mockImplementation(() => {})
    await expect(disconnect(ctx)).rejects.toThrow('Failed to disconnect')
    expect(ctx.store.get(connectionAtom).status).toBe('disconnected')
    expect(ctx.store.get(toastAtom)?.message).toBe('Failed to disconnect')
  })

  it('FrameErrorMessage texts are the SPEC section 8 ones', () => {
    expect(FrameErrorMessage.LoadFailed).toBe('Unable to load email login dependency')
  })
})
