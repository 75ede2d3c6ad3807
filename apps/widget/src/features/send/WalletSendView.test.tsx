// @vitest-environment happy-dom
import { ProviderRpcError } from '@airlock/protocol'
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { decodeFunctionData, erc20Abi } from 'viem'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { connect } from '../../connectors/connect'
import { openModal } from '../../core/modal/modal'
import { fakeApiFetch } from '../../testing/apiFetch'
import { approvingWallet, createFakeHost, devnetWallet, TEST_ADDRESS, TEST_ADDRESS_2, type WalletHandler } from '../../testing/fakeHost'
import { renderApp } from '../../testing/renderApp'
import { routerAtom, navigateAtom } from '../../core/router/atoms'
import { sendAtom } from './store'
import { routes } from '../../app/routes'

// The chunks loaded up front: a first import inside a test can outlast React's Suspense retry.
beforeAll(async () => {
  await Promise.all([routes.Account.view.preload(), routes.WalletSend.view.preload(), routes.WalletSendSelectToken.view.preload()])
})

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const USDC = '0xCc624c75C7BA01A73E332aaae9daf8eC698D0c58'
const TOKENS = [
  {
    name: 'Ether',
    symbol: 'ETH',
    chainId: 'eip155:31337',
    value: 6000,
    price: 3000,
    quantity: { decimals: '18', numeric: '2' },
    iconUrl: 'http://api.localhost:4403/public/getTokenImage/ETH',
  },
  {
    name: 'USD Coin',
    symbol: 'USDC',
    chainId: 'eip155:31337',
    address: `eip155:31337:${USDC}`,
    value: 100,
    price: 1,
    quantity: { decimals: '6', numeric: '100' },
    iconUrl: 'http://api.localhost:4403/public/getTokenImage/USDC',
  },
]
const HASH = `0x${'ab'.repeat(32)}`
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
const ALICE_RECORD = {
  name: 'alice.airlock.id',
  registered: 1,
  updated: 1,
  registered_at: '2026-01-01T00:00:00.000Z',
  updated_at: '2026-01-01T00:00:00.000Z',
  addresses: { '2147514985': { address: TEST_ADDRESS_2, created: '2026-01-01T00:00:00.000Z' } },
  attributes: { avatar: 'https://img.example/alice.png' },
}

function sendingWallet(answer: (tx: Record<string, string>) => unknown = () => HASH): WalletHandler {
  return (method, params, connectorId) =>
    method === 'eth_sendTransaction' ? answer((params as Record<string, string>[])[0]!) : approvingWallet(method, params, connectorId)
}

async function openSend(
  options: { wallet?: WalletHandler; profile?: (url: URL) => Response | undefined; estimated?: Promise<unknown> } = {},
) {
  const fetch = fakeApiFetch({
    balance: '0x1bc16d674ec80000',
    tokens: TOKENS,
    rpc: (method) =>
      method === 'eth_gasPrice' ? '0x3b9aca00' : method === 'eth_estimateGas' ? (options.estimated ?? '0x5208') : undefined,
    routes: (url) => (url.pathname.startsWith('/v1/profile/') ? options.profile?.(url) : undefined),
  })
  const host = createFakeHost(options.wallet ? { wallet: options.wallet } : {})
  const rendered = await renderApp(host, { fetch, open: false })
  await act(async () => {
    await connect(rendered.ctx, devnetWallet.id)
    openModal(rendered.ctx)
  })
  await screen.findByTestId('account-view')
  await act(async () => rendered.ctx.store.set(navigateAtom, { type: 'push', route: { name: 'WalletSend' } }))
  await screen.findByTestId('wallet-send-view', {}, { timeout: 3000 })
  await waitFor(() => expect(screen.getByTestId('send-token-symbol').textContent).toBe('ETH'))
  return { ...rendered, host, fetch }
}

const type = (testId: string, value: string) => act(async () => fireEvent.change(screen.getByTestId(testId), { target: { value } }))
const routeNames = (ctx: { store: { get: (a: typeof routerAtom) => { stack: readonly { name: string }[] } } }) =>
  ctx.store.get(routerAtom).stack.map((route) => route.name)

async function pickUsdc() {
  await act(async () => fireEvent.click(screen.getByTestId('send-token-button')))
  await act(async () => fireEvent.click(await screen.findByTestId('send-token-USDC', {}, { timeout: 3000 })))
  await waitFor(() => expect(screen.getByTestId('send-token-symbol').textContent).toBe('USDC'))
}

describe('Send view', () => {
  it('lists the held tokens, shows the balance, and checks the amount as typed', async () => {
    await openSend()
    expect(screen.getByTestId('send-balance').textContent).toBe('2.000 ETH')
    await pickUsdc()
    expect(screen.getByTestId('send-balance').textContent).toBe('100.000 USDC')
    const cases: [string, string][] = [
      ['1.1234567', 'Too many decimals: USDC has 6'],
      ['-5', 'Amount cannot be negative'],
      ['0', 'Amount must be greater than 0'],
      ['100.01', 'Insufficient balance'],
      ['1,5', 'Use a dot for decimals; commas only between thousands'],
      ['abc', 'Incorrect amount'],
    ]
    for (const [input, error] of cases) {
      await type('send-amount-input', input)
      expect(screen.getByTestId('send-amount-error').textContent, input).toBe(error)
      expect(screen.getByTestId('send-button').hasAttribute('disabled')).toBe(true)
      expect((screen.getByTestId('send-amount-input') as HTMLInputElement).value).toBe(input)
    }
    await type('send-amount-input', '1.5')
    expect(screen.queryByTestId('send-amount-error')).toBeNull()
    expect(screen.getByTestId('send-amount-usd').textContent).toBe('$1.50')
  })

  it('refuses invalid and wrongly checksummed receivers, and shows a typed address', async () => {
    await openSend()
    await type('send-receiver-input', '0x1234')
    expect(screen.getByTestId('send-receiver-error').textContent).toBe('Enter a valid address or name')
    await type('send-receiver-input', TEST_ADDRESS_2.replace('C51812', 'c51812'))
    expect(screen.getByTestId('send-receiver-error').textContent).toBe('Address checksum is invalid: check the address')
    await type('send-receiver-input', TEST_ADDRESS_2.toLowerCase())
    expect(screen.getByTestId('send-receiver-address').textContent).toBe('0x7099…79C8')
  })

  it('resolves a name to its address and avatar; an unknown name shows the api reason, a failure the default', async () => {
    await openSend({
      profile: (url) => {
        if (url.pathname === '/v1/profile/account/alice.airlock.id') return json(ALICE_RECORD)
        if (url.pathname === '/v1/profile/account/nobody.airlock.id') {
          const description = 'Name is not registered: nobody.airlock.id'
          return json({ status: 404, error: description, reasons: [{ description, field: 'name' }] }, 404)
        }
        return new Response('boom', { status: 500 })
      },
    })
    await type('send-receiver-input', 'alice.airlock.id')
    expect(screen.getByTestId('send-receiver-resolving').textContent).toContain('alice.airlock.id')
    await waitFor(() => expect(screen.getByTestId('send-receiver-name').textContent).toBe('alice.airlock.id'), { timeout: 2000 })
    expect(screen.getByTestId('send-receiver-address').textContent).toBe('0x7099…79C8')
    expect(screen.getByTestId('account-avatar').getAttribute('src')).toBe('https://img.example/alice.png')

    await type('send-receiver-input', 'nobody')
    await waitFor(() => expect(screen.getByTestId('send-receiver-error').textContent).toBe('Name is not registered: nobody.airlock.id'), {
      timeout: 2000,
    })
    await type('send-receiver-input', 'broken.airlock.id')
    await waitFor(() => expect(screen.getByTestId('send-receiver-error').textContent).toBe('Error resolving name'), { timeout: 2000 })
  })

  it('a click before the fee is quoted waits for the quote, then sends', async () => {
    let estimate!: (gas: string) => void
    const estimated = new Promise<unknown>((resolve) => (estimate = resolve))
    const sent: Record<string, string>[] = []
    await openSend({ wallet: sendingWallet((tx) => (sent.push(tx), HASH)), estimated })
    await type('send-amount-input', '0.5')
    await type('send-receiver-input', TEST_ADDRESS_2)
    await waitFor(() => expect(screen.getByTestId('send-button').textContent).toBe('Send'))
    expect(screen.getByTestId('send-gas-usd').textContent).toBe('–')
    await act(async () => fireEvent.click(screen.getByTestId('send-button')))
    expect(screen.queryByTestId('toast')).toBeNull()
    await act(async () => estimate('0x5208'))
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toContain('Transaction started'))
    expect(sent).toHaveLength(1)
  })

  it("sends USDC with transfer(to, amount): 'Transaction started', the form reset, the Account view pushed", async () => {
    const sent: Record<string, string>[] = []
    const { ctx } = await openSend({ wallet: sendingWallet((tx) => (sent.push(tx), HASH)) })
    await pickUsdc()
    await type('send-amount-input', '12.5')
    await type('send-receiver-input', TEST_ADDRESS_2)
    await waitFor(() => expect(screen.getByTestId('send-gas-usd').textContent).toBe('≈ $0.06'))
    await waitFor(() => expect(screen.getByTestId('send-button').textContent).toBe('Send'))
    await act(async () => fireEvent.click(screen.getByTestId('send-button')))
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toContain('Transaction started'))
    expect(screen.getByTestId('toast').dataset.variant).toBe('success')
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({ from: TEST_ADDRESS, to: USDC, value: '0x0' })
    expect(decodeFunctionData({ abi: erc20Abi, data: sent[0]!.data as `0x${string}` })).toEqual({
      functionName: 'transfer',
      args: [TEST_ADDRESS_2, 12_500_000n],
    })
    expect(routeNames(ctx)).toEqual(['Account', 'WalletSend', 'Account'])
    expect(ctx.store.get(sendAtom)).toMatchObject({ sendTokenAmount: '', receiverInput: '' })
    expect(ctx.store.get(sendAtom).token).toBeUndefined()
  })

  it('sends the native maximum with empty data, leaving exactly the gas', async () => {
    const sent: Record<string, string>[] = []
    await openSend({ wallet: sendingWallet((tx) => (sent.push(tx), HASH)) })
    await type('send-receiver-input', TEST_ADDRESS_2)
    await act(async () => fireEvent.click(screen.getByTestId('send-max')))
    await waitFor(() => expect((screen.getByTestId('send-amount-input') as HTMLInputElement).value).toBe('1.999979'))
    await act(async () => fireEvent.click(screen.getByTestId('send-button')))
    await waitFor(() => expect(sent).toHaveLength(1))
    expect(sent[0]).toEqual({
      from: TEST_ADDRESS,
      to: TEST_ADDRESS_2,
      value: `0x${(2n * 10n ** 18n - 21_000n * 10n ** 9n).toString(16)}`,
      gas: '0x5208',
      gasPrice: '0x3b9aca00',
    })
  })

  it('keeps the form when the wallet rejects, and says Something went wrong when the send fails', async () => {
    let answer: () => unknown = () => {
      throw new ProviderRpcError(4001, 'User rejected the request.')
    }
    const { ctx } = await openSend({ wallet: sendingWallet(() => answer()) })
    await type('send-amount-input', '0.5')
    await type('send-receiver-input', TEST_ADDRESS_2)
    await waitFor(() => expect(screen.getByTestId('send-button').textContent).toBe('Send'))
    await act(async () => fireEvent.click(screen.getByTestId('send-button')))
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toContain('Transaction rejected in your wallet'))
    expect(screen.getByTestId('toast').dataset.variant).toBe('error')
    expect((screen.getByTestId('send-amount-input') as HTMLInputElement).value).toBe('0.5')
    expect((screen.getByTestId('send-receiver-input') as HTMLInputElement).value).toBe(TEST_ADDRESS_2)
    expect(routeNames(ctx)).toEqual(['Account', 'WalletSend'])

    answer = () => {
      throw new ProviderRpcError(-32603, 'insufficient funds')
    }
    await act(async () => fireEvent.click(screen.getByTestId('send-button')))
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toContain('Something went wrong'), { timeout: 2000 })
    expect((screen.getByTestId('send-amount-input') as HTMLInputElement).value).toBe('0.5')
  })
})
