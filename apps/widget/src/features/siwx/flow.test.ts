// @vitest-environment happy-dom
import { parseAnySiwxMessage, ProviderRpcError, RpcErrorCode, type SiwxDappSession, type WidgetOptions } from '@airlock/protocol'
import { hexToString, verifyMessage, type Hex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { describe, expect, it, vi } from 'vitest'
import { connect } from '../../connectors/connect'
import { openAtom } from '../../core/modal/atoms'
import { showModal } from '../../core/modal/modal'
import { toastAtom } from '../../core/toast'
import { currentRouteAtom } from '../../core/router/atoms'
import { RECENT_CONNECTOR_KEY } from '../../core/session/atoms'
import { createMemoryStorage, type KeyValueStorage } from '../../core/storage/safeStorage'
import { fakeSiwxApi } from '../../testing/siwxApi'
import {
  createFakeHost,
  createTestContext,
  deferred,
  devnetWallet,
  flush,
  TEST_ADDRESS,
  TEST_ADDRESS_2,
  type FakeHost,
} from '../../testing/fakeHost'
import { createWidgetMethods } from '../../host/widgetMethods'
import { onHostConnected } from '../../host/connection'
import { siwxPromptAtom, siwxSessionsAtom } from './atoms'
import { DAPP_REFUSED_SIGN_IN } from './backend'
import { SIGNATURE_DECLINED, SIWX_NOT_ENABLED } from './flow'
import { SIWX_BOTH_SET } from '../../core/options/options'
import { SIWX_SESSIONS_KEY } from './sessions'

/** anvil's first two accounts: TEST_ADDRESS and TEST_ADDRESS_2. */
const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk'
const KEYS = Object.fromEntries(
  [0, 1].map((addressIndex) => {
    const account = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex })
    return [account.address.toLowerCase(), account]
  }),
)

/** A browser wallet holding anvil's keys: it signs personal_sign for real, or says no when `declines` is set. */
function signingHost(state: { accounts: string[]; declines?: number }, siwx?: FakeHost['siwx']): FakeHost {
  return createFakeHost({
    ...(siwx ? { siwx } : {}),
    wallet: (method, params) => {
      if (method === 'eth_requestAccounts' || method === 'eth_accounts') return state.accounts
      if (method === 'eth_chainId') return '0x7a69'
      if (method === 'personal_sign') {
        if (state.declines) {
          state.declines--
          throw new ProviderRpcError(RpcErrorCode.UserRejected, 'User rejected the request.')
        }
        const [message, address] = params as [Hex, string]
        return KEYS[address.toLowerCase()]!.signMessage({ message: hexToString(message) })
      }
      return null
    },
  })
}

async function boot(host: FakeHost, siwx: WidgetOptions['siwx'], api = fakeSiwxApi(), storage: KeyValueStorage = createMemoryStorage()) {
  const ctx = createTestContext(host, { storage, fetch: api.fetch })
  const methods = createWidgetMethods(ctx)
  onHostConnected(ctx, host.api)
  await methods.setOptions({ projectId: 'demo', networks: ['eip155:31337'], ...(siwx === undefined ? {} : { siwx }) })
  await flush()
  return { ctx, methods, api, storage }
}

/** Until the host's mirror says so, as a dapp waits on getState(). */
async function until(host: FakeHost, check: () => boolean) {
  await vi.waitFor(() => expect(check()).toBe(true), { timeout: 3000 })
}
const sessionOfState = (host: FakeHost) => host.lastState()?.session

describe('sign in with the wallet', () => {
  it('asks the wallet at once after the connection, keeps the modal until the API made the session, then hands the dapp its token', async () => {
    const host = signingHost({ accounts: [TEST_ADDRESS.toLowerCase()] })
    const { ctx, storage } = await boot(host, true)
    showModal(ctx)
    const closes: boolean[] = []
    ctx.store.sub(openAtom, () => closes.push(ctx.store.get(openAtom)))
    await connect(ctx, devnetWallet.id)
    await vi.waitFor(() => expect(ctx.store.get(currentRouteAtom).name).toBe('SIWXSignMessage'))
    // The connection closed nothing: the sign-in holds the modal.
    expect(closes).toEqual([])
    await until(host, () => sessionOfState(host) !== undefined)
    const session = sessionOfState(host)!
    expect(session.token).toBe('token-1')
    expect(session.data).toMatchObject({ domain: 'dapp.localhost:4400', accountAddress: TEST_ADDRESS, chainId: 'eip155:31337' })
    const signs = host.walletCalls().filter((call) => call.method === 'personal_sign')
    expect(signs).toHaveLength(1)
    expect(hexToString((signs[0]!.params as [Hex])[0])).toBe(session.message)
    expect(ctx.store.get(openAtom)).toBe(false)
    expect(host.tracked()).toContain('SIWX_AUTH_SUCCESS')
    expect(JSON.parse(storage.get(SIWX_SESSIONS_KEY)!)).toHaveLength(1)
  })

  /** A dapp page whose storage answers the kept sessions only when `answer` is called (a slow host). */
  function slowSessionsHost(kept?: string) {
    const host = signingHost({ accounts: [TEST_ADDRESS] })
    const read = deferred<void>()
    vi.mocked(host.api.storageGet).mockImplementation(async ({ key }) => {
      if (key === SIWX_SESSIONS_KEY) {
        await read.promise
        return kept ?? null
      }
      return host.storage.get(key) ?? null
    })
    return { host, answer: () => read.resolve() }
  }

  it('a connection made in the open modal before the kept sessions are read holds it until the sign-in is asked', async () => {
    const { host, answer } = slowSessionsHost()
    const { ctx } = await boot(host, true)
    showModal(ctx)
    const closes: boolean[] = []
    ctx.store.sub(openAtom, () => closes.push(ctx.store.get(openAtom)))
    await connect(ctx, devnetWallet.id)
    expect(host.lastState()?.status).toBe('connected')
    expect(ctx.store.get(openAtom)).toBe(true)
    answer()
    await vi.waitFor(() => expect(ctx.store.get(currentRouteAtom).name).toBe('SIWXSignMessage'))
    await until(host, () => sessionOfState(host) !== undefined)
    // Open throughout, then closed once, by the sign-in's end.
    expect(closes).toEqual([false])
  })

  it('the same early connection with a kept session for the account: the modal closes once they are read, with no prompt', async () => {
    const first = signingHost({ accounts: [TEST_ADDRESS] })
    const storage = createMemoryStorage()
    const signedIn = await boot(first, true, fakeSiwxApi(), storage)
    await connect(signedIn.ctx, devnetWallet.id)
    await until(first, () => sessionOfState(first) !== undefined)

    const { host, answer } = slowSessionsHost(storage.get(SIWX_SESSIONS_KEY))
    const { ctx } = await boot(host, true)
    showModal(ctx)
    await connect(ctx, devnetWallet.id)
    expect(ctx.store.get(openAtom)).toBe(true)
    answer()
    await vi.waitFor(() => expect(ctx.store.get(openAtom)).toBe(false))
    expect(sessionOfState(host)?.token).toBe(sessionOfState(first)?.token)
    expect(host.walletCalls().some((call) => call.method === 'personal_sign')).toBe(false)
  })

  it('a refusal shows ‘Signature declined’ and stays; Try again signs in', async () => {
    const wallet = { accounts: [TEST_ADDRESS], declines: 1 }
    const host = signingHost(wallet)
    const { ctx } = await boot(host, { required: true })
    await connect(ctx, devnetWallet.id)
    await vi.waitFor(() => expect(ctx.store.get(siwxPromptAtom)?.status).toBe('declined'))
    expect(ctx.store.get(siwxPromptAtom)?.error).toBe(SIGNATURE_DECLINED)
    expect(ctx.store.get(toastAtom)).toMatchObject({ message: SIGNATURE_DECLINED, variant: 'error' })
    expect(host.tracked()).toContain('SIWX_AUTH_ERROR')
    expect(ctx.store.get(openAtom)).toBe(true)
    const { retrySignIn } = await import('./flow')
    retrySignIn(ctx)
    await until(host, () => sessionOfState(host) !== undefined)
    expect(ctx.store.get(openAtom)).toBe(false)
  })

  it('required: the dapp’s close() and the user’s close act as Cancel, disconnecting; the modal stays on Connect', async () => {
    const host = signingHost({ accounts: [TEST_ADDRESS], declines: 5 })
    const { ctx, methods } = await boot(host, { required: true })
    await connect(ctx, devnetWallet.id)
    await vi.waitFor(() => expect(ctx.store.get(siwxPromptAtom)?.status).toBe('declined'))
    await methods.close(undefined)
    await until(host, () => host.lastState()?.status === 'disconnected')
    expect(ctx.store.get(openAtom)).toBe(true)
    expect(ctx.store.get(currentRouteAtom).name).toBe('Connect')
    expect(host.tracked()).toContain('CLICK_CANCEL_SIWX')
    // Nothing holds the modal any more: the next close closes it.
    await methods.close(undefined)
    expect(ctx.store.get(openAtom)).toBe(false)
  })

  it('not required: a close leaves the account connected without a session, and a reload does not ask again', async () => {
    const host = signingHost({ accounts: [TEST_ADDRESS], declines: 5 })
    const storage = createMemoryStorage()
    const { ctx, methods } = await boot(host, true, fakeSiwxApi(), storage)
    await connect(ctx, devnetWallet.id)
    await vi.waitFor(() => expect(ctx.store.get(siwxPromptAtom)?.status).toBe('declined'))
    await methods.close(undefined)
    expect(ctx.store.get(openAtom)).toBe(false)
    expect(host.lastState()?.status).toBe('connected')
    expect(sessionOfState(host)).toBeUndefined()

    storage.set(RECENT_CONNECTOR_KEY, devnetWallet.id)
    const reloaded = signingHost({ accounts: [TEST_ADDRESS] })
    const again = await boot(reloaded, true, fakeSiwxApi(), storage)
    await until(reloaded, () => reloaded.lastState()?.status === 'connected')
    await flush()
    expect(again.ctx.store.get(openAtom)).toBe(false)
    expect(reloaded.walletCalls().some((call) => call.method === 'personal_sign')).toBe(false)
  })

  it('a reload keeps the session: no prompt, no signature, the same token', async () => {
    const host = signingHost({ accounts: [TEST_ADDRESS] })
    const storage = createMemoryStorage()
    const first = await boot(host, { required: true }, fakeSiwxApi(), storage)
    await connect(first.ctx, devnetWallet.id)
    await until(host, () => sessionOfState(host) !== undefined)
    const token = sessionOfState(host)!.token

    const reloaded = signingHost({ accounts: [TEST_ADDRESS] })
    const again = await boot(reloaded, { required: true }, fakeSiwxApi(), storage)
    await until(reloaded, () => reloaded.lastState()?.status === 'connected')
    await flush()
    expect(sessionOfState(reloaded)?.token).toBe(token)
    expect(again.ctx.store.get(openAtom)).toBe(false)
    expect(reloaded.walletCalls().some((call) => call.method === 'personal_sign')).toBe(false)
  })

  it('an account switch in the wallet asks again for the new account, and switching back needs no new signature', async () => {
    const wallet = { accounts: [TEST_ADDRESS] }
    const host = signingHost(wallet)
    const { ctx, methods } = await boot(host, true)
    await connect(ctx, devnetWallet.id)
    await until(host, () => sessionOfState(host)?.data.accountAddress === TEST_ADDRESS)
    wallet.accounts = [TEST_ADDRESS_2]
    await methods.connectorEvent({ connectorId: devnetWallet.id, event: 'accountsChanged', data: [TEST_ADDRESS_2] })
    expect(ctx.store.get(currentRouteAtom).name).toBe('SIWXSignMessage')
    await until(host, () => sessionOfState(host)?.data.accountAddress === TEST_ADDRESS_2)
    wallet.accounts = [TEST_ADDRESS]
    await methods.connectorEvent({ connectorId: devnetWallet.id, event: 'accountsChanged', data: [TEST_ADDRESS] })
    await until(host, () => sessionOfState(host)?.data.accountAddress === TEST_ADDRESS)
    expect(host.walletCalls().filter((call) => call.method === 'personal_sign')).toHaveLength(2)
  })

  it('a disconnect ends the sessions here and at the API; the dapp can keep them, or sign out itself', async () => {
    const host = signingHost({ accounts: [TEST_ADDRESS] })
    const { ctx, methods, api, storage } = await boot(host, true)
    await connect(ctx, devnetWallet.id)
    await until(host, () => sessionOfState(host) !== undefined)
    await methods.disconnect(undefined)
    await vi.waitFor(() => expect(api.revoked).toEqual(['token-1']))
    expect(JSON.parse(storage.get(SIWX_SESSIONS_KEY)!)).toEqual([])

    const keeping = signingHost({ accounts: [TEST_ADDRESS] })
    const kept = await boot(keeping, { signOutOnDisconnect: false })
    await connect(kept.ctx, devnetWallet.id)
    await until(keeping, () => sessionOfState(keeping) !== undefined)
    await kept.methods.disconnect(undefined)
    await flush()
    expect(kept.api.revoked).toEqual([])
    await connect(kept.ctx, devnetWallet.id)
    await until(keeping, () => sessionOfState(keeping) !== undefined)
    await kept.methods.signOut(undefined)
    expect(sessionOfState(keeping)).toBeUndefined()
    expect(kept.api.revoked).toEqual(['token-1'])
    expect(keeping.lastState()?.status).toBe('connected')
  })

  it('an API refusal is shown with its reason; without the option nothing is asked and signOut says SIWX is not enabled', async () => {
    const host = signingHost({ accounts: [TEST_ADDRESS] })
    const { ctx } = await boot(host, true, fakeSiwxApi({ refuse: 'The nonce was already used' }))
    await connect(ctx, devnetWallet.id)
    await vi.waitFor(() => expect(ctx.store.get(siwxPromptAtom)).toMatchObject({ status: 'failed', error: 'The nonce was already used' }))

    const plain = signingHost({ accounts: [TEST_ADDRESS] })
    const off = await boot(plain, undefined)
    await connect(off.ctx, devnetWallet.id)
    expect(off.ctx.store.get(openAtom)).toBe(false)
    expect(plain.walletCalls().some((call) => call.method === 'personal_sign')).toBe(false)
    await expect(off.methods.signOut(undefined)).rejects.toThrow(SIWX_NOT_ENABLED)
  })

  it('the dapp’s own siwxConfig: its nonce and its verify run in the page, the API is not asked; its no is shown; with siwx too, setOptions refuses', async () => {
    const verified: { message: string; signature: string }[] = []
    let accept = false
    const dapp: FakeHost['siwx'] = (call, params) => {
      if (call === 'getNonce') return 'dappnonce1234'
      verified.push(params as { message: string; signature: string })
      return accept
    }
    const host = signingHost({ accounts: [TEST_ADDRESS] }, dapp)
    const api = fakeSiwxApi()
    const ctx = createTestContext(host, { fetch: api.fetch })
    const methods = createWidgetMethods(ctx)
    onHostConnected(ctx, host.api)
    expect(() => methods.setOptions({ projectId: 'demo', siwx: true, siwxConfig: { required: true } })).toThrow(SIWX_BOTH_SET)
    await methods.setOptions({ projectId: 'demo', networks: ['eip155:31337'], siwxConfig: { statement: 'Sign in to the dapp' } })
    await connect(ctx, devnetWallet.id)
    await vi.waitFor(() => expect(ctx.store.get(siwxPromptAtom)).toMatchObject({ status: 'failed', error: DAPP_REFUSED_SIGN_IN }))
    expect(verified).toHaveLength(1)
    const parsed = parseAnySiwxMessage(verified[0]!.message)
    expect(parsed).toMatchObject({
      ok: true,
      data: { nonce: 'dappnonce1234', statement: 'Sign in to the dapp', accountAddress: TEST_ADDRESS },
    })
    expect(await verifyMessage({ address: TEST_ADDRESS, message: verified[0]!.message, signature: verified[0]!.signature as Hex })).toBe(
      true,
    )

    accept = true
    const { retrySignIn } = await import('./flow')
    retrySignIn(ctx)
    await until(host, () => sessionOfState(host)?.data.nonce === 'dappnonce1234')
    expect(sessionOfState(host)?.token).toBe('')
    expect(api.fetch.mock.calls.filter(([url]) => String(url).includes('/v1/siwx/'))).toEqual([])
  })

  it('a session that ends leaves the dapp’s state when it ends', async () => {
    const host = signingHost({ accounts: [TEST_ADDRESS] })
    const { ctx } = await boot(host, true)
    await connect(ctx, devnetWallet.id)
    await until(host, () => sessionOfState(host) !== undefined)
    const session = sessionOfState(host)!
    // The API made it end in 300 ms (its expiry is the API's to say).
    ctx.store.set(siwxSessionsAtom, (sessions) => ({
      ...sessions,
      [`eip155:31337:${TEST_ADDRESS}`]: { ...(session as SiwxDappSession), expiresAt: new Date(Date.now() + 300).toISOString() },
    }))
    expect(sessionOfState(host)).toBeDefined()
    await until(host, () => sessionOfState(host) === undefined)
    expect(host.lastState()?.status).toBe('connected')
  })
})
