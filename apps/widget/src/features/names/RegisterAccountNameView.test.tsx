// @vitest-environment happy-dom
import { parseNameMessage, ProviderRpcError } from '@airlock/protocol'
import { shortAddress } from '@airlock/chains'
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { verifyMessage } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { connect } from '../../connectors/connect'
import { openModal } from '../../core/modal/modal'
import { routerAtom } from '../../core/router/atoms'
import { fakeApiFetch } from '../../testing/apiFetch'
import { approvingWallet, createFakeHost, createTestContext, devnetWallet, TEST_ADDRESS, type WalletHandler } from '../../testing/fakeHost'
import { renderApp } from '../../testing/renderApp'
import { routes } from '../../app/routes'
import { resolveName } from '../../core/names/resolve'
import { namesForAddress } from '../../core/names/resolve'

beforeAll(async () => {
  await Promise.all([
    routes.Account.view.preload(),
    routes.RegisterAccountName.view.preload(),
    routes.RegisterAccountNameSuccess.view.preload(),
  ])
})

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

// The devnet's first public test key: TEST_ADDRESS.
const signer = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const refusal = (status: number, description: string) => json({ status, error: description, reasons: [{ description }] }, status)
const record = (name: string) => ({
  name,
  registered: 1,
  updated: 1,
  registered_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  addresses: { '2147514985': { address: TEST_ADDRESS, created: '2026-01-01T00:00:00.000Z' } },
  attributes: {},
})

const signingWallet: WalletHandler = (method, params, connectorId) => {
  if (method !== 'personal_sign') return approvingWallet(method, params, connectorId)
  const [data] = params as [`0x${string}`]
  return signer.signMessage({ message: { raw: data } })
}

interface Api {
  /** Names taken by anyone. */
  registered: Set<string>
  /** Names of TEST_ADDRESS, in registration order (the identity call answers the first). */
  mine?: string[]
  posts: Record<string, unknown>[]
  register?: (body: Record<string, unknown>) => Response
  suggestions?: () => Response
}

function namesApi(api: Api) {
  return fakeApiFetch({
    identity: (address) => {
      const name = api.mine?.[0] ?? null
      return json(address === TEST_ADDRESS ? { name, avatar: null } : { name: null, avatar: null })
    },
    routes: async (url, init) => {
      const suggestion = /^\/v1\/profile\/suggestions\/(.+)$/.exec(url.pathname)
      if (suggestion) {
        if (api.suggestions) return api.suggestions()
        const label = decodeURIComponent(suggestion[1]!)
        const name = `${label}.airlock.id`
        return json({
          suggestions: [
            { name, registered: api.registered.has(name) },
            { name: `${label}1.airlock.id`, registered: false },
          ],
        })
      }
      if (url.pathname === '/v1/profile/account' && init?.method === 'POST') {
        const body = JSON.parse(String(init.body)) as Record<string, unknown>
        api.posts.push(body)
        if (api.register) return api.register(body)
        const name = parseNameMessage(String(body.message))!.name
        api.registered.add(name)
        api.mine = [...(api.mine ?? []), name]
        return json({ success: true, ...record(name) })
      }
      return undefined
    },
  })
}

async function openRegister(api: Api, wallet: WalletHandler = signingWallet) {
  const rendered = await renderApp(createFakeHost({ wallet }), { fetch: namesApi(api), open: false })
  await act(async () => {
    await connect(rendered.ctx, devnetWallet.id)
    openModal(rendered.ctx)
  })
  await act(async () => fireEvent.click(await screen.findByTestId('account-choose-name', {}, { timeout: 3000 })))
  await screen.findByTestId('register-name-view', {}, { timeout: 3000 })
  return rendered
}

const typeName = (value: string) => act(async () => fireEvent.change(screen.getByTestId('register-name-input'), { target: { value } }))
const routeNames = (ctx: Awaited<ReturnType<typeof openRegister>>['ctx']) => ctx.store.get(routerAtom).stack.map((route) => route.name)

describe('RegisterAccountName', () => {
  it('checks the name rule, shows suggestions while typing and a taken name as unavailable', async () => {
    await openRegister({ registered: new Set(['taken.airlock.id']), posts: [] })
    await typeName('ali')
    expect(screen.getByTestId('register-name-rule').textContent).toBe('At least 4 characters: letters, digits and hyphens')
    await typeName('al_ice')
    expect(screen.getByTestId('register-name-rule').textContent).toBe('At least 4 characters: letters, digits and hyphens')
    expect(screen.getByTestId('register-name-submit').hasAttribute('disabled')).toBe(true)

    await typeName('alice')
    await waitFor(() => expect(screen.getByTestId('register-name-availability').textContent).toBe('alice.airlock.id is available'), {
      timeout: 2000,
    })
    expect(screen.getByTestId('register-name-suggestion-alice1.airlock.id')).toBeTruthy()
    expect(screen.getByTestId('register-name-submit').hasAttribute('disabled')).toBe(false)

    await typeName('taken')
    await waitFor(() => expect(screen.getByTestId('register-name-availability').textContent).toBe('taken.airlock.id is unavailable'), {
      timeout: 2000,
    })
    expect(screen.getByTestId('register-name-submit').hasAttribute('disabled')).toBe(true)
    await act(async () => fireEvent.click(screen.getByTestId('register-name-suggestion-taken1.airlock.id')))
    expect((screen.getByTestId('register-name-input') as HTMLInputElement).value).toBe('taken1')
  })

  it("says 'Error fetching name suggestions' when the call fails without a reason", async () => {
    await openRegister({ registered: new Set(), posts: [], suggestions: () => new Response('down', { status: 502 }) })
    await typeName('alice')
    await waitFor(() => expect(screen.getByTestId('register-name-suggestions-error').textContent).toBe('Error fetching name suggestions'), {
      timeout: 2000,
    })
  })

  it("signs a message bound to the api's host, the purpose and the coin type, registers, then the Account view shows the name", async () => {
    const api: Api = { registered: new Set(), posts: [] }
    const { ctx } = await openRegister(api)
    await typeName('Alice')
    await waitFor(() => expect(screen.getByTestId('register-name-submit').hasAttribute('disabled')).toBe(false), { timeout: 2000 })
    const before = Math.floor(Date.now() / 1000)
    await act(async () => fireEvent.click(screen.getByTestId('register-name-submit')))
    await waitFor(() => expect(screen.getByTestId('register-name-success').textContent).toBe('alice.airlock.id is yours'), {
      timeout: 2000,
    })

    expect(api.posts).toHaveLength(1)
    const body = api.posts[0] as { coin_type: number; address: string; message: string; signature: `0x${string}` }
    expect(body.coin_type).toBe(2147514985)
    expect(body.address).toBe(TEST_ADDRESS)
    const message = parseNameMessage(body.message)
    expect(message).toMatchObject({
      domain: 'api.localhost:4403',
      purpose: 'Register an Airlock name',
      name: 'alice.airlock.id',
      address: TEST_ADDRESS,
      coinType: 2147514985,
      attributes: {},
    })
    expect(message!.issuedAt).toBeGreaterThanOrEqual(before)
    expect(message!.issuedAt).toBeLessThan(before + 5)
    expect(message!.expiresAt).toBe(message!.issuedAt + 600)
    expect(await verifyMessage({ address: TEST_ADDRESS, message: body.message, signature: body.signature })).toBe(true)

    await act(async () => fireEvent.click(screen.getByTestId('register-name-done')))
    expect(routeNames(ctx)).toEqual(['Account'])
    await waitFor(() => expect(screen.getByTestId('account-address').textContent).toBe('alice.airlock.id'))
    expect(screen.queryByTestId('account-choose-name')).toBeNull()
  })

  it('goes back to the register view with the api reason, the default text, or Signature declined', async () => {
    const cases: [Partial<Api>, WalletHandler, string][] = [
      [{ register: () => refusal(409, 'Name is already registered') }, signingWallet, 'Name is already registered'],
      [
        { register: () => new Response('{"error":"Internal Server Error"}', { status: 500 }) },
        signingWallet,
        'Error registering name alice.airlock.id',
      ],
      [
        {},
        (method, params, id) => {
          if (method === 'personal_sign') throw new ProviderRpcError(4001, 'User rejected the request.')
          return approvingWallet(method, params, id)
        },
        'Signature declined',
      ],
    ]
    for (const [extra, wallet, text] of cases) {
      const { ctx } = await openRegister({ registered: new Set(), posts: [], ...extra }, wallet)
      await typeName('alice')
      await waitFor(() => expect(screen.getByTestId('register-name-submit').hasAttribute('disabled')).toBe(false), { timeout: 2000 })
      await act(async () => fireEvent.click(screen.getByTestId('register-name-submit')))
      await waitFor(() => expect(screen.getByTestId('register-name-error').textContent).toBe(text), { timeout: 2000 })
      expect(routeNames(ctx)).toEqual(['Account', 'RegisterAccountName'])
      expect((screen.getByTestId('register-name-input') as HTMLInputElement).value).toBe('alice')
      expect(screen.getByTestId('toast').textContent).toContain(text)
      cleanup()
    }
  })

  it('offers no name entry when the account already has a name', async () => {
    const rendered = await renderApp(createFakeHost(), {
      fetch: namesApi({ registered: new Set(['bob1.airlock.id']), mine: ['bob1.airlock.id'], posts: [] }),
      open: false,
    })
    await act(async () => {
      await connect(rendered.ctx, devnetWallet.id)
      openModal(rendered.ctx)
    })
    await waitFor(() => expect(screen.getByTestId('account-address').textContent).toBe('bob1.airlock.id'), { timeout: 3000 })
    expect(screen.queryByTestId('account-choose-name')).toBeNull()
    // The name took the address's place in the title: the address is under it.
    expect(screen.getByTestId('account-name-address').textContent).toBe(shortAddress(TEST_ADDRESS))
  })
})

describe('name calls outside the register view', () => {
  it("resolve and reverse: the api's reason, else 'Error resolving name' / 'Error fetching names for address'", async () => {
    const fetch = vi.fn(async (input: RequestInfo | URL) => {
      const url = new URL(String(input))
      if (url.pathname.endsWith('/nobody.airlock.id')) return refusal(404, 'Name is not registered: nobody.airlock.id')
      if (url.pathname.endsWith('/alice.airlock.id')) return json(record('alice.airlock.id'))
      if (url.pathname === `/v1/profile/reverse/${TEST_ADDRESS}`) return json([record('alice.airlock.id')])
      throw new TypeError('Failed to fetch')
    })
    const ctx = createTestContext(createFakeHost(), { fetch })
    await expect(resolveName(ctx, 'alice.airlock.id', 31337)).resolves.toEqual({ address: TEST_ADDRESS })
    await expect(resolveName(ctx, 'alice.airlock.id', 8453)).rejects.toThrow('alice.airlock.id has no address on this network')
    await expect(resolveName(ctx, 'nobody.airlock.id', 31337)).rejects.toThrow('Name is not registered: nobody.airlock.id')
    await expect(resolveName(ctx, 'down.airlock.id', 31337)).rejects.toThrow('Error resolving name')
    expect((await namesForAddress(ctx, TEST_ADDRESS)).map((entry) => entry.name)).toEqual(['alice.airlock.id'])
    await expect(namesForAddress(ctx, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).rejects.toThrow('Error fetching names for address')
  })
})
