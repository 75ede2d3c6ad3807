// @vitest-environment happy-dom
import { ProviderRpcError } from '@airlock/protocol'
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { connect } from '../../connectors/connect'
import { openModal } from '../../core/modal/modal'
import { fakeApiFetch } from '../../testing/apiFetch'
import { approvingWallet, createFakeHost, devnetWallet, TEST_ADDRESS } from '../../testing/fakeHost'
import { renderApp } from '../../testing/renderApp'
import { optionsAtom } from '../../core/options/atoms'
import { currentRouteAtom, navigateAtom } from '../../core/router/atoms'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

async function openAccount(fetch: typeof globalThis.fetch, host = createFakeHost()) {
  const rendered = await renderApp(host, { fetch, open: false })
  await act(async () => {
    await connect(rendered.ctx, devnetWallet.id)
    openModal(rendered.ctx)
  })
  await screen.findByTestId('account-view')
  return { ...rendered, host }
}

describe('Account view', () => {
  it('shows the short address, the balance through the RPC proxy and the network', async () => {
    const fetch = fakeApiFetch({ balance: '0x21e19e0c9bab2400000' }) // 10,000 ETH
    await openAccount(fetch)
    expect(screen.getByTestId('account-address').textContent).toBe('0xf39F…2266')
    expect(screen.getByTestId('account-network').textContent).toBe('Airlock Devnet')
    await waitFor(() => expect(screen.getByTestId('account-balance').textContent).toBe('10,000.000 ETH'))
    const [url, init] = fetch.mock.calls.find(([u]) => new URL(String(u)).pathname === '/v1/rpc') as unknown as [string, RequestInit]
    expect(new URL(url).searchParams.get('chainId')).toBe('eip155:31337')
    expect(JSON.parse(init.body as string)).toMatchObject({ method: 'eth_getBalance', params: [TEST_ADDRESS, 'latest'] })
  })

  it('shows a balance error state', async () => {
    await openAccount(vi.fn(async () => new Response('down', { status: 503 })))
    await waitFor(() => expect(screen.getByTestId('account-balance').dataset.state).toBe('error'))
    expect(screen.getByTestId('account-balance').textContent).toContain('Token Balance Unavailable')
  })

  it("copies the address and says 'Address copied'", async () => {
    const writeText = vi.fn(async () => {})
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    await openAccount(fakeApiFetch({ balance: '0x0' }))
    await act(async () => fireEvent.click(screen.getByTestId('copy-address')))
    expect(writeText).toHaveBeenCalledWith(TEST_ADDRESS)
    expect(screen.getByTestId('toast').textContent).toContain('Address copied')
    expect(screen.getByTestId('toast').dataset.variant).toBe('success')
  })

  it('disconnects and closes', async () => {
    const host = createFakeHost()
    await openAccount(fakeApiFetch({ balance: '0x0' }), host)
    await act(async () => fireEvent.click(screen.getByTestId('disconnect-button')))
    expect(host.lastState()).toMatchObject({ status: 'disconnected', open: false })
    expect(host.tracked()).toContain('DISCONNECT_SUCCESS')
    expect(host.walletCalls().some((c) => c.method === 'wallet_revokePermissions')).toBe(true)
    expect(screen.getByTestId('modal-overlay').dataset.open).toBe('false')
  })

  it('still disconnects when the wallet refuses to revoke', async () => {
    const host = createFakeHost()
    const approve = host.wallet
    host.wallet = (method, params, id) => {
      if (method === 'wallet_revokePermissions') throw new ProviderRpcError(4200)
      return approve(method, params, id)
    }
    await openAccount(fakeApiFetch({ balance: '0x0' }), host)
    await act(async () => fireEvent.click(screen.getByTestId('disconnect-button')))
    expect(host.lastState()?.status).toBe('disconnected')
  })
})

describe('Account view identity and links', () => {
  it('shows the profile name instead of the address, and the avatar, from the identity call', async () => {
    const fetch = fakeApiFetch({ identity: { name: 'alice.airlock.id', avatar: 'https://img.example/alice.png' } })
    await openAccount(fetch)
    await waitFor(() => expect(screen.getByTestId('account-address').textContent).toBe('alice.airlock.id'))
    expect(screen.getByTestId('account-address').title).toBe(TEST_ADDRESS)
    const avatar = screen.getByTestId('account-avatar')
    expect(avatar.dataset.kind).toBe('image')
    expect(avatar.getAttribute('src')).toBe('https://img.example/alice.png')
    const call = fetch.mock.calls.map(([input]) => new URL(String(input))).find((url) => url.pathname.startsWith('/v1/identity/'))!
    expect(call.pathname).toBe(`/v1/identity/${TEST_ADDRESS}`)
    expect(call.searchParams.get('sender')).toBe(TEST_ADDRESS)
    expect(call.searchParams.get('projectId')).toBe('demo')
  })

  it('falls back to the generated avatar when the image fails, and to the short address without a name', async () => {
    await openAccount(fakeApiFetch({ identity: { name: null, avatar: 'https://img.example/broken.png' } }))
    await waitFor(() => expect(screen.getByTestId('account-avatar').dataset.kind).toBe('image'))
    await act(async () => fireEvent.error(screen.getByTestId('account-avatar')))
    expect(screen.getByTestId('account-avatar').dataset.kind).toBe('generated')
    expect(screen.getByTestId('account-address').textContent).toBe('0xf39F…2266')
  })

  it('keeps the address and the generated avatar when the identity call fails or the avatar is not a web image', async () => {
    await openAccount(fakeApiFetch({ identity: () => new Response('down', { status: 503 }) }))
    await waitFor(() => expect(screen.getByTestId('account-balance').dataset.state).toBe('success'))
    expect(screen.getByTestId('account-address').textContent).toBe('0xf39F…2266')
    expect(screen.getByTestId('account-avatar').dataset.kind).toBe('generated')
    cleanup()
    await openAccount(fakeApiFetch({ identity: { name: 'eve.airlock.id', avatar: 'javascript:alert(1)' } }))
    await waitFor(() => expect(screen.getByTestId('account-address').textContent).toBe('eve.airlock.id'))
    expect(screen.getByTestId('account-avatar').dataset.kind).toBe('generated')
  })

  it("links the address on the network's block explorer in a new tab", async () => {
    const host = createFakeHost({
      wallet: (method, params, id) => (method === 'eth_chainId' ? '0x1' : approvingWallet(method, params, id)),
    })
    await openAccount(fakeApiFetch(), host)
    const link = screen.getByTestId('account-explorer') as HTMLAnchorElement
    expect(link.textContent).toBe('Block Explorer')
    expect(link.getAttribute('href')).toBe(`https://etherscan.io/address/${TEST_ADDRESS}`)
    expect(link.target).toBe('_blank')
    expect(link.rel).toBe('noopener noreferrer')
  })

  it('has no explorer link on a network without one (the devnet)', async () => {
    await openAccount(fakeApiFetch())
    expect(screen.getByTestId('account-network').textContent).toBe('Airlock Devnet')
    expect(screen.queryByTestId('account-explorer')).toBeNull()
  })

  it('formats the balance with 3 decimals, en-US', async () => {
    await openAccount(fakeApiFetch({ balance: '0x1b1ae4d6e2ef5000e' })) // 31.25 ETH plus dust
    await waitFor(() => expect(screen.getByTestId('account-balance').textContent).toBe('31.250 ETH'))
  })
})

describe('Account view wallet features and tokens (any connector)', () => {
  const featureIds = () => screen.queryAllByTestId(/^account-feature-/).map((b) => b.dataset.testid)

  it('shows Buy, Swap, Receive, Send by default and opens their views', async () => {
    const { ctx } = await openAccount(fakeApiFetch())
    expect(featureIds()).toEqual(['account-feature-onramp', 'account-feature-swaps', 'account-feature-receive', 'account-feature-send'])
    expect(screen.getAllByTestId(/^account-feature-/).map((b) => b.textContent)).toEqual(['Buy', 'Swap', 'Receive', 'Send'])
    const routes: Record<string, string> = { onramp: 'OnRamp', swaps: 'Swap', receive: 'WalletReceive', send: 'WalletSend' }
    for (const [feature, route] of Object.entries(routes)) {
      await act(async () => fireEvent.click(screen.getByTestId(`account-feature-${feature}`)))
      expect(ctx.store.get(currentRouteAtom).name).toBe(route)
      await act(async () => ctx.store.set(navigateAtom, { type: 'reset', route: { name: 'Account' } }))
    }
  })

  it('follows walletFeaturesOrder and the feature switches', async () => {
    const { ctx } = await openAccount(fakeApiFetch())
    await act(async () => ctx.store.set(optionsAtom, { projectId: 'demo', walletFeaturesOrder: ['send', 'receive', 'swaps'] }))
    expect(featureIds()).toEqual(['account-feature-send', 'account-feature-receive', 'account-feature-swaps'])
    await act(async () => ctx.store.set(optionsAtom, { projectId: 'demo', features: { swaps: false, onramp: false } }))
    expect(featureIds()).toEqual(['account-feature-receive', 'account-feature-send'])
    await act(async () => ctx.store.set(optionsAtom, { projectId: 'demo', features: { history: false } }))
    await screen.findByTestId('tokens-empty')
    expect(screen.queryByTestId('account-activity')).toBeNull()
  })

  it('lists the tokens of a browser-wallet account, zero-decimal tokens dropped, 3 decimals and USD values', async () => {
    const item = (symbol: string, decimals: string, numeric: string, value: number) => ({
      name: symbol,
      symbol,
      chainId: 'eip155:31337',
      value,
      price: 1,
      quantity: { decimals, numeric },
      iconUrl: '',
    })
    await openAccount(
      fakeApiFetch({ tokens: [item('USDC', '6', '1234.5678', 1234.5678), item('LOW', '0', '7', 7), item('ETH', '18', '2', 6000)] }),
    )
    await screen.findByTestId('token-row-ETH')
    expect(screen.getAllByTestId(/^token-row-/).map((row) => row.dataset.testid)).toEqual(['token-row-ETH', 'token-row-USDC'])
    expect(screen.getByTestId('token-row-USDC').textContent).toContain('1,234.568')
    expect(screen.getByTestId('token-row-USDC').textContent).toContain('$1,234.57')
    expect(screen.getByTestId('account-activity').textContent).toBe('Activity')
  })
})
