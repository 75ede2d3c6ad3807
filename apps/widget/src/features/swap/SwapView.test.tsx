// @vitest-environment happy-dom
import { ProviderRpcError, RpcErrorCode } from '@airlock/protocol'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { connect } from '../../connectors/connect'
import { openModal } from '../../core/modal/modal'
import { prepareSwapTransaction } from './actions'
import { currentRouteAtom, navigateAtom, routerAtom } from '../../core/router/atoms'
import { swapAtom } from './store'
import { apiCalls as calls, fakeApiFetch, json } from '../../testing/apiFetch'
import { approvingWallet, createFakeHost, deferred, devnetWallet, TEST_ADDRESS, type WalletHandler } from '../../testing/fakeHost'
import { renderApp } from '../../testing/renderApp'
import { routes } from '../../app/routes'
import { moveEvmChain, clearSession } from '../../testing/session'

// The views' chunks loaded up front: a first import inside a test can outlast React's Suspense retry.
beforeAll(async () => {
  await Promise.all([routes.Swap.view.preload(), routes.SwapSelectToken.view.preload(), routes.SwapPreview.view.preload()])
})

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const API = 'http://api.localhost:4403'
const CHAIN = 'eip155:31337'
const NATIVE = `${CHAIN}:0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee`
const USDC = `${CHAIN}:0xCc624c75C7BA01A73E332aaae9daf8eC698D0c58`
const DAI = `${CHAIN}:0xE481149120FF09958c38Cb236202741a1ffa28a3`
const WETH = `${CHAIN}:0x0000000000000000000000000000000000000001`
const ROUTER = '0xB9aB91835F6b5fBFbe5a7910edD3F9Ff308f4427'
const HASH = `0x${'ab'.repeat(32)}`

const refusal = (description: string, status = 400) => json({ status, error: description, reasons: [{ description }] }, status)

const token = (symbol: string, address: string, decimals: number) => ({
  name: `${symbol} token`,
  symbol,
  address,
  decimals,
  logoUri: `${API}/public/getTokenImage/${symbol}`,
  eip2612: false,
})
const TOKENS = [token('WETH', WETH, 18), token('USDC', USDC, 6), token('ETH', NATIVE, 18), token('DAI', DAI, 18)]
const PRICES: Record<string, number> = { [NATIVE]: 3000, [USDC]: 1, [DAI]: 1, [WETH]: 3000 }
const balance = (symbol: string, numeric: string, price: number, address?: string) => ({
  name: `${symbol} token`,
  symbol,
  chainId: CHAIN,
  ...(address ? { address } : {}),
  value: Number(numeric) * price,
  price,
  quantity: { decimals: symbol === 'USDC' ? '6' : '18', numeric },
  iconUrl: '',
})

type Handler = (url: URL, body: unknown) => Response | Promise<Response>

/** The api of a devnet swap: routes a test leaves out answer like the real api does for account 0. */
function swapApi(
  routes: Partial<Record<'tokens' | 'prices' | 'quotes' | 'allowance' | 'approve' | 'build' | 'gas' | 'receipt', Handler>> = {},
  balances = [balance('ETH', '10', 3000), balance('USDC', '500', 1, USDC), balance('DAI', '20', 1, DAI)],
) {
  const rest = fakeApiFetch({ tokens: balances })
  const convert: Record<string, Handler> = {
    '/v1/convert/tokens': routes.tokens ?? (() => json({ tokens: TOKENS })),
    '/v1/fungible/price':
      routes.prices ??
      ((_url, body) =>
        json({
          fungibles: (body as { addresses: string[] }).addresses.map((address) => ({
            address,
            name: address,
            symbol: 'X',
            iconUrl: '',
            price: PRICES[address] ?? 0,
            decimals: 18,
          })),
        })),
    '/v1/convert/gas-price': routes.gas ?? (() => json({ standard: '1000000000', fast: '2000000000', instant: '3000000000' })),
    '/v1/convert/quotes':
      routes.quotes ??
      ((url) => {
        const amount = BigInt(url.searchParams.get('amount')!)
        const toAmount = url.searchParams.get('to') === USDC ? (amount * 2988n) / 10n ** 12n : amount * 10n ** 12n
        return json({
          quotes: [
            {
              id: null,
              fromAmount: String(amount),
              fromAccount: url.searchParams.get('from'),
              toAmount: String(toAmount),
              toAccount: url.searchParams.get('to'),
            },
          ],
        })
      }),
    '/v1/convert/allowance': routes.allowance ?? (() => json({ allowance: '0' })),
    '/v1/convert/build-approve':
      routes.approve ??
      ((url) =>
        json({
          tx: {
            from: USDC,
            to: USDC,
            data: `0x095ea7b3${url.searchParams.get('amount')!.padStart(64, '0')}`,
            value: '0',
            eip155: { gasPrice: '2000000000' },
          },
        })),
    '/v1/convert/build-transaction':
      routes.build ??
      ((_url, body) =>
        json({
          tx: {
            from: `${CHAIN}:${TEST_ADDRESS}`,
            to: `${CHAIN}:${ROUTER}`,
            data: '0x7ff36ab5',
            amount: (body as { to: string }).to === USDC ? '2988000000' : '100000000000000000000',
            value: (body as { from: string }).from === NATIVE ? (body as { amount: string }).amount : '0',
            eip155: { gas: '193342', gasPrice: '2000000000' },
          },
        })),
  }
  return vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input))
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined
    if (url.pathname === '/v1/rpc' && body?.method === 'eth_getTransactionReceipt')
      return routes.receipt
        ? routes.receipt(url, body)
        : json({ jsonrpc: '2.0', id: body.id, result: { status: '0x1', blockNumber: '0x10' } })
    const handler = convert[url.pathname]
    return handler ? handler(url, body) : rest(input, init)
  })
}

/** The devnet wallet: connects, and answers each eth_sendTransaction with `send`. */
function wallet(send: (params: unknown) => unknown = () => HASH): WalletHandler {
  return (method, params, connectorId) => (method === 'eth_sendTransaction' ? send(params) : approvingWallet(method, params, connectorId))
}

const BATCH = `0x${'ef'.repeat(32)}`

/** A smart account's wallet (EIP-5792): atomic 'ready' on the devnet chain; each wallet_sendCalls kept in `sent`, its status read from `statuses` in turn. */
function batchingWallet(statuses: number[], sent: unknown[] = []): WalletHandler {
  return (method, params, connectorId) => {
    if (method === 'wallet_getCapabilities') return { '0x7a69': { atomic: { status: 'ready' }, paymasterService: { supported: true } } }
    if (method === 'wallet_sendCalls') {
      sent.push(params)
      return { id: BATCH }
    }
    if (method === 'wallet_getCallsStatus')
      return { version: '2.0.0', id: BATCH, chainId: '0x7a69', status: statuses.shift(), atomic: true }
    return wallet()(method, params, connectorId)
  }
}

async function openSwap(fetch: ReturnType<typeof swapApi>, host = createFakeHost({ wallet: wallet() })) {
  const rendered = await renderApp(host, { fetch, open: false })
  await act(async () => {
    await connect(rendered.ctx, devnetWallet.id)
    openModal(rendered.ctx)
    rendered.ctx.store.set(navigateAtom, { type: 'push', route: { name: 'Swap' } })
  })
  return { ...rendered, host }
}

const sends = (host: ReturnType<typeof createFakeHost>) => host.walletCalls().filter((c) => c.method === 'eth_sendTransaction')
const toast = () => screen.getByTestId('toast')
/** Views are lazy chunks: the first visit of each waits for its import. */
const find = (testId: string) => screen.findByTestId(testId, {}, { timeout: 5000 })
const route = (ctx: { store: { get: (a: typeof currentRouteAtom) => { name: string } } }) => ctx.store.get(currentRouteAtom).name

async function pick(side: 'source' | 'to', symbol: string) {
  await act(async () => fireEvent.click(screen.getByTestId(`swap-token-${side}`)))
  await act(async () => fireEvent.click(await find(`swap-token-popular-${symbol}`)))
}

async function type(value: string) {
  await act(async () => fireEvent.change(screen.getByTestId('swap-input-source'), { target: { value } }))
}

/** Waits out the 500 ms debounce and the quote. */
const quoted = (text: string) => waitFor(() => expect(screen.getByTestId('swap-output').textContent).toBe(text), { timeout: 2000 })

describe('Swap view', () => {
  it('initialises with the network token as the source and amount 1, then quotes once the destination is picked', async () => {
    const fetch = swapApi()
    await openSwap(fetch)
    await find('swap-view')
    expect((screen.getByTestId('swap-input-source') as HTMLInputElement).value).toBe('1')
    expect(screen.getByTestId('swap-token-source').textContent).toContain('ETH')
    expect(screen.getByTestId('swap-balance-ETH').textContent).toBe('Balance: 10.000')
    expect(screen.getByTestId('swap-source-usd').textContent).toBe('$3,000.00')
    expect(screen.getByTestId('swap-review').textContent).toBe('Select token')
    expect(calls(fetch, '/v1/convert/tokens')[0]!.url.searchParams.get('chainId')).toBe(CHAIN)
    expect(calls(fetch, '/v1/fungible/price')).toHaveLength(1)
    expect(calls(fetch, '/v1/convert/quotes')).toHaveLength(0)

    await pick('to', 'USDC')
    // The destination with 6 decimals; fee, gas (assumed 150000 gas at the fast price) and impact.
    await quoted('2,988.000000')
    const quote = calls(fetch, '/v1/convert/quotes')
    expect(quote).toHaveLength(1)
    expect(Object.fromEntries(quote[0]!.url.searchParams)).toMatchObject({
      amount: '1000000000000000000',
      from: NATIVE,
      to: USDC,
      userAddress: `${CHAIN}:${TEST_ADDRESS}`,
      gasPrice: '2000000000',
    })
    expect(screen.getByTestId('swap-provider-fee').textContent).toBe('0.008500 ETH')
    expect(screen.getByTestId('swap-gas-usd').textContent).toBe('$0.90')
    expect(screen.getByTestId('swap-price-impact').textContent).toBe('0.40%')
    expect(screen.getByTestId('swap-to-usd').textContent).toBe('$2,988.00')
    expect(screen.getByTestId('swap-review').textContent).toBe('Review swap')
  })

  it('the picker: my tokens, suggested, popular sorted by symbol, and search', async () => {
    await openSwap(swapApi())
    await find('swap-view')
    await act(async () => fireEvent.click(screen.getByTestId('swap-token-source')))
    const popular = within(screen.getByTestId('swap-tokens-popular')).getAllByRole('button')
    expect(popular.map((b) => b.dataset.testid)).toEqual([
      'swap-token-popular-DAI',
      'swap-token-popular-ETH',
      'swap-token-popular-USDC',
      'swap-token-popular-WETH',
    ])
    expect(
      within(screen.getByTestId('swap-tokens-mine'))
        .getAllByRole('button')
        .map((b) => b.dataset.testid),
    ).toEqual(['swap-token-mine-ETH', 'swap-token-mine-USDC', 'swap-token-mine-DAI'])
    expect(screen.getByTestId('swap-token-mine-USDC').textContent).toContain('500.000')
    expect(
      within(screen.getByTestId('swap-suggested'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['USDC', 'DAI', 'WETH'])
    await act(async () => fireEvent.change(screen.getByTestId('swap-token-search'), { target: { value: 'dai' } }))
    expect(
      within(screen.getByTestId('swap-tokens-result'))
        .getAllByRole('button')
        .map((b) => b.dataset.testid),
    ).toEqual(['swap-token-result-DAI'])
    await act(async () => fireEvent.change(screen.getByTestId('swap-token-search'), { target: { value: 'nope' } }))
    expect(screen.getByTestId('swap-tokens-empty').textContent).toBe('No tokens found')
    await act(async () => fireEvent.change(screen.getByTestId('swap-token-search'), { target: { value: 'usdc' } }))
    await act(async () => fireEvent.click(screen.getByTestId('swap-token-result-USDC')))
    await find('swap-view')
    expect(screen.getByTestId('swap-token-source').textContent).toContain('USDC')
  })

  it('quotes once after 500 ms of typing, not per keystroke', async () => {
    const fetch = swapApi()
    await openSwap(fetch)
    await find('swap-view')
    await pick('to', 'USDC')
    await quoted('2,988.000000')
    await type('2')
    await type('2.')
    await type('2.5')
    expect(calls(fetch, '/v1/convert/quotes')).toHaveLength(1)
    await quoted('7,470.000000')
    expect(calls(fetch, '/v1/convert/quotes')).toHaveLength(2)
  })

  it("bad amounts: 'Incorrect amount' with a hint, 'Insufficient balance', commas read as typed", async () => {
    const fetch = swapApi()
    await openSwap(fetch)
    await find('swap-view')
    await pick('source', 'USDC')
    await pick('to', 'DAI')
    await quoted('1.000000')
    const error = () => screen.getByTestId('swap-input-error').textContent
    await type('1.1234567')
    expect(error()).toBe('Incorrect amountThis token has at most 6 decimals')
    expect(screen.getByTestId('swap-review').textContent).toBe('Incorrect amount')
    expect((screen.getByTestId('swap-review') as HTMLButtonElement).disabled).toBe(true)
    await type('-5')
    expect(error()).toBe('Incorrect amountThe amount cannot be negative')
    await type('0')
    expect(error()).toBe('Incorrect amountThe amount must be above 0')
    await type('abc')
    expect(error()).toBe('Incorrect amountPlease enter a valid amount')
    await type('500.000001')
    expect(error()).toBe('Insufficient balance')
    expect(screen.getByTestId('swap-review').textContent).toBe('Insufficient balance')
    await type('1,000')
    expect(error()).toBe('Insufficient balance')
    expect((screen.getByTestId('swap-input-source') as HTMLInputElement).value).toBe('1000')
    await type('2,5')
    expect(error()).toBe('Incorrect amountUse a dot for decimals; commas only between thousands')
    await type('2.5')
    expect(screen.queryByTestId('swap-input-error')).toBeNull()
    await quoted('2.500000')
    // Only the good amounts reached the api.
    expect(calls(fetch, '/v1/convert/quotes').map((c) => c.url.searchParams.get('amount'))).toEqual(['1000000', '2500000'])
  })

  it('insufficient gas: a network balance below the gas cost in USD blocks the review', async () => {
    // 0.0001 ETH is $0.30; 150000 gas at 2 gwei is 0.0003 ETH, $0.90.
    await openSwap(swapApi({}, [balance('ETH', '0.0001', 3000), balance('USDC', '500', 1, USDC)]))
    await find('swap-view')
    await pick('source', 'USDC')
    await pick('to', 'DAI')
    await waitFor(() => expect(screen.getByTestId('swap-review').textContent).toBe('Insufficient ETH for gas'), { timeout: 2000 })
    expect((screen.getByTestId('swap-review') as HTMLButtonElement).disabled).toBe(true)
    expect(screen.getByTestId('swap-gas-usd').textContent).toBe('$0.90')
  })

  it('a quote refusal shows the api reason', async () => {
    await openSwap(swapApi({ quotes: () => refusal('insufficient liquidity: no pool route swaps this amount of ETH to USDC') }))
    await find('swap-view')
    await pick('to', 'USDC')
    await waitFor(() => expect(screen.getByTestId('swap-quote-error').textContent).toContain('insufficient liquidity'), { timeout: 2000 })
    expect((screen.getByTestId('swap-review') as HTMLButtonElement).disabled).toBe(true)
  })

  it('switching source and destination: only once initialized, the quote output becomes the amount', async () => {
    const tokens = deferred<Response>()
    const fetch = swapApi({ tokens: () => tokens.promise })
    const { ctx } = await openSwap(fetch)
    await find('swap-loading')
    expect(ctx.store.get(swapAtom).status).toBe('initializing')
    await act(async () => tokens.resolve(json({ tokens: TOKENS })))
    await find('swap-view')
    expect((screen.getByTestId('swap-switch') as HTMLButtonElement).disabled).toBe(false)
    await pick('to', 'USDC')
    await quoted('2,988.000000')
    await act(async () => fireEvent.click(screen.getByTestId('swap-switch')))
    expect(screen.getByTestId('swap-token-source').textContent).toContain('USDC')
    expect(screen.getByTestId('swap-token-to').textContent).toContain('ETH')
    expect((screen.getByTestId('swap-input-source') as HTMLInputElement).value).toBe('2988')
    expect(screen.getByTestId('swap-input-error').textContent).toBe('Insufficient balance')
  })

  it("'Failed to initialize swap' and back when the token list fails", async () => {
    const { ctx } = await openSwap(swapApi({ tokens: () => refusal('upstream down', 502) }))
    await waitFor(() => expect(toast().textContent).toContain('Failed to initialize swap'))
    expect(toast().dataset.variant).toBe('error')
    expect(route(ctx)).toBe('Account')
  })

  it("'Failed to fetch network token price' when prices fail; the swap still opens", async () => {
    await openSwap(swapApi({ prices: () => refusal('prices down', 502) }))
    await find('swap-view')
    await waitFor(() => expect(toast().textContent).toContain('Failed to fetch network token price'))
    expect(screen.getByTestId('swap-source-usd').textContent).toBe('')
  })

  it("'Network not supported for Swaps' off the swap networks, without a request", async () => {
    const fetch = swapApi()
    const host = createFakeHost({ wallet: wallet() })
    const rendered = await renderApp(host, { fetch, open: false })
    await act(async () => {
      await connect(rendered.ctx, devnetWallet.id)
      moveEvmChain(rendered.ctx.store, 5)
      openModal(rendered.ctx)
      rendered.ctx.store.set(navigateAtom, { type: 'push', route: { name: 'Swap' } })
    })
    await waitFor(() => expect(toast().textContent).toContain('Network not supported for Swaps'))
    expect(route(rendered.ctx)).not.toBe('Swap')
    expect(calls(fetch, '/v1/convert/tokens')).toHaveLength(0)
  })
})

async function toPreview(
  fetch: ReturnType<typeof swapApi>,
  host = createFakeHost({ wallet: wallet() }),
  pair: [string, string] = ['USDC', 'DAI'],
) {
  const rendered = await openSwap(fetch, host)
  await find('swap-view')
  if (pair[0] !== 'ETH') await pick('source', pair[0])
  await pick('to', pair[1])
  await waitFor(() => expect((screen.getByTestId('swap-review') as HTMLButtonElement).disabled).toBe(false), { timeout: 2000 })
  await act(async () => fireEvent.click(screen.getByTestId('swap-review')))
  return rendered
}

const confirm = () => act(async () => fireEvent.click(screen.getByTestId('swap-preview-confirm')))

describe('Swap preview', () => {
  it('ETH: no allowance call, the swap sent with the built gas, then Swapped and the Account view in its place', async () => {
    const mined = deferred<void>()
    const fetch = swapApi({
      receipt: async (_url, body) => {
        await mined.promise
        return json({ jsonrpc: '2.0', id: (body as { id: number }).id, result: { status: '0x1', blockNumber: '0x10' } })
      },
    })
    const send = deferred<string>()
    const host = createFakeHost({ wallet: wallet(() => send.promise) })
    const { ctx } = await toPreview(fetch, host, ['ETH', 'USDC'])
    await waitFor(() => expect(screen.getByTestId('swap-preview-confirm').textContent).toBe('Swap'))
    expect(calls(fetch, '/v1/convert/allowance')).toHaveLength(0)
    expect(calls(fetch, '/v1/convert/build-transaction')[0]!.init?.body).toBe(
      JSON.stringify({
        amount: '1000000000000000000',
        eip155: { slippage: '1' },
        projectId: 'demo',
        from: NATIVE,
        to: USDC,
        userAddress: `${CHAIN}:${TEST_ADDRESS}`,
      }),
    )
    expect(screen.getByTestId('swap-preview-to').textContent).toBe('2,988.000000 USDC')
    await confirm()
    await confirm()
    await waitFor(() => expect(toast().textContent).toBe('Confirm transaction in your wallet'))
    expect(toast().dataset.variant).toBe('loading')
    expect(sends(host)).toHaveLength(1)
    expect(sends(host)[0]!.params).toEqual([
      { from: TEST_ADDRESS, to: ROUTER, data: '0x7ff36ab5', value: '0xde0b6b3a7640000', gas: '0x2f33e', gasPrice: '0x77359400' },
    ])
    const before = ctx.store.get(routerAtom).stack.length
    await act(async () => send.resolve(HASH))
    await waitFor(() => expect(toast().textContent).toBe('Swapping 1 ETH to 2,988 USDC'))
    expect(toast().dataset.variant).toBe('loading')
    await act(async () => mined.resolve())
    await waitFor(() => expect(toast().textContent).toBe('Swapped 1 ETH to 2,988 USDC'))
    expect(toast().dataset.variant).toBe('success')
    expect(route(ctx)).toBe('Account')
    expect(ctx.store.get(routerAtom).stack.length).toBe(before)
    expect(host.tracked()).toContain('SWAP_SUCCESS')
    expect(ctx.store.get(swapAtom).status).toBe('uninitialized')
    expect(sends(host)).toHaveLength(1)
  })

  it("reads 'Preparing…', disabled, until the allowance says whether an approval comes first", async () => {
    const allowance = deferred<Response>()
    const fetch = swapApi({ allowance: () => allowance.promise })
    await toPreview(fetch, createFakeHost({ wallet: wallet(() => HASH) }))
    const button = screen.getByTestId('swap-preview-confirm') as HTMLButtonElement
    expect(button.textContent).toBe('Preparing…')
    expect(button.disabled).toBe(true)
    await act(async () => allowance.resolve(json({ allowance: '0' })))
    await waitFor(() => expect(screen.getByTestId('swap-preview-confirm').textContent).toBe('Approve USDC'))
  })

  it('USDC: approval of exactly the amount, then a rebuilt quote and swap', async () => {
    let allowance = '0'
    const fetch = swapApi({ allowance: () => json({ allowance }) })
    const approval = deferred<string>()
    const hashes = [() => approval.promise, () => HASH]
    const host = createFakeHost({ wallet: wallet(() => hashes.shift()!()) })
    const { ctx } = await toPreview(fetch, host)
    await waitFor(() => expect(screen.getByTestId('swap-preview-confirm').textContent).toBe('Approve USDC'))
    expect(screen.getByTestId('swap-approval-note')).toBeTruthy()
    expect(calls(fetch, '/v1/convert/build-approve')[0]!.url.searchParams.get('amount')).toBe('1000000')
    expect(calls(fetch, '/v1/convert/build-transaction')).toHaveLength(0)
    await confirm()
    await confirm()
    await waitFor(() => expect(toast().textContent).toBe('Approve limit increase in your wallet'))
    expect(screen.getByTestId('swap-preview-confirm').textContent).toBe('Approving…')
    expect(sends(host)).toHaveLength(1)
    expect((sends(host)[0]!.params as [{ to: string; data: string }])[0]).toMatchObject({
      to: USDC.split(':')[2],
      data: `0x095ea7b3${'1000000'.padStart(64, '0')}`,
    })
    allowance = '1000000'
    const quotesBefore = calls(fetch, '/v1/convert/quotes').length
    await act(async () => approval.resolve(`0x${'cd'.repeat(32)}`))
    await waitFor(() => expect(screen.getByTestId('swap-preview-confirm').textContent).toBe('Swap'))
    expect(calls(fetch, '/v1/convert/quotes').length).toBe(quotesBefore + 1)
    expect(calls(fetch, '/v1/convert/allowance')).toHaveLength(2)
    expect(calls(fetch, '/v1/convert/build-transaction')).toHaveLength(1)
    await confirm()
    await waitFor(() => expect(route(ctx)).toBe('Account'))
    expect(sends(host)).toHaveLength(2)
    expect(screen.getByTestId('toast').textContent).toBe('Swapped 1 USDC to 100 DAI')
  })

  it("a rejected approval: SWAP_APPROVAL_ERROR, 'Transaction error', back to the swap with the amount kept; a retry works", async () => {
    const fetch = swapApi()
    const answers: (() => unknown)[] = [
      () => {
        throw new ProviderRpcError(RpcErrorCode.UserRejected, 'User rejected the request.')
      },
      () => HASH,
    ]
    const host = createFakeHost({ wallet: wallet(() => answers.shift()!()) })
    const { ctx } = await toPreview(fetch, host)
    await waitFor(() => expect(screen.getByTestId('swap-preview-confirm').textContent).toBe('Approve USDC'))
    await confirm()
    await find('swap-view')
    await waitFor(() => expect(toast().textContent).toBe('Transaction error'))
    expect(screen.getByTestId('swap-transaction-error').textContent).toBe('Transaction error')
    expect(host.tracked()).toContain('SWAP_APPROVAL_ERROR')
    expect((screen.getByTestId('swap-input-source') as HTMLInputElement).value).toBe('1')
    await act(async () => fireEvent.click(screen.getByTestId('swap-review')))
    await waitFor(() => expect(screen.getByTestId('swap-preview-confirm').textContent).toBe('Approve USDC'))
    await confirm()
    await waitFor(() => expect(sends(host)).toHaveLength(2))
    expect(route(ctx)).toBe('SwapPreview')
  })

  it.each([
    [
      'a rejected swap',
      () =>
        wallet(() => {
          throw new ProviderRpcError(RpcErrorCode.UserRejected, 'User rejected the request.')
        }),
      ['ETH', 'USDC'],
    ],
    ['a smart account whose batch reverts on chain (500)', () => batchingWallet([500]), ['USDC', 'DAI']],
  ] as const)('%s: SWAP_ERROR, ‘Transaction error’, back to the swap', async (_, walletOf, pair) => {
    const host = createFakeHost({ wallet: walletOf() })
    const { ctx } = await toPreview(swapApi(), host, [...pair])
    await waitFor(() => expect(screen.getByTestId('swap-preview-confirm').textContent).toBe('Swap'))
    await confirm()
    await find('swap-view')
    await waitFor(() => expect(toast().textContent).toBe('Transaction error'))
    expect(host.tracked()).toContain('SWAP_ERROR')
    expect(route(ctx)).toBe('Swap')
  })

  it('a smart account (EIP-5792 atomic): approval and swap in one batch, one confirmation, no transaction of its own; Swapped once confirmed', async () => {
    const batches: unknown[] = []
    const fetch = swapApi()
    const host = createFakeHost({ wallet: batchingWallet([100, 200], batches) })
    const { ctx } = await toPreview(fetch, host)
    await waitFor(() => expect(screen.getByTestId('swap-preview-confirm').textContent).toBe('Swap'))
    expect(screen.getByTestId('swap-batch-note').textContent).toBe(
      'The USDC approval and the swap go together: one confirmation, both or neither.',
    )
    expect(screen.queryByTestId('swap-approval-note')).toBeNull()
    expect(calls(fetch, '/v1/convert/build-approve')).toHaveLength(1)
    // Not estimated alone: before the approval lands, the swap would revert on the allowance.
    expect(calls(fetch, '/v1/convert/build-transaction')[0]!.body).toMatchObject({ disableEstimate: true })
    await confirm()
    await confirm()
    await waitFor(() => expect(route(ctx)).toBe('Account'))
    expect(batches).toEqual([
      [
        {
          version: '2.0.0',
          from: TEST_ADDRESS,
          chainId: '0x7a69',
          atomicRequired: true,
          calls: [
            { to: USDC.split(':')[2], data: `0x095ea7b3${'1000000'.padStart(64, '0')}`, value: '0x0' },
            { to: ROUTER, data: '0x7ff36ab5', value: '0x0' },
          ],
        },
      ],
    ])
    expect(sends(host)).toHaveLength(0)
    expect(host.walletCalls().filter((c) => c.method === 'wallet_getCallsStatus')).toHaveLength(2)
    expect(host.tracked()).toContain('SWAP_SUCCESS')
    await waitFor(() => expect(toast().textContent).toBe('Swapped 1 USDC to 100 DAI'))
  })

  it.each([
    ['allowance', 'Failed to check allowance', ['USDC', 'DAI']],
    ['approve', 'Failed to create approval transaction', ['USDC', 'DAI']],
    ['build', 'Failed to create transaction', ['ETH', 'USDC']],
  ] as const)('%s failing: %s, back to the swap, nothing sent', async (failing, text, pair) => {
    const host = createFakeHost({ wallet: wallet() })
    const { ctx } = await toPreview(swapApi({ [failing]: () => refusal('api down', 503) }), host, [...pair])
    await waitFor(() => expect(toast().textContent).toBe(text))
    expect(screen.getByTestId('swap-transaction-error').textContent).toBe(text)
    expect(route(ctx)).toBe('Swap')
    expect(sends(host)).toHaveLength(0)
  })

  it("'No address found to swap the tokens from.' without a connected account", async () => {
    const { ctx } = await toPreview(swapApi(), undefined, ['ETH', 'USDC'])
    await waitFor(() => expect(screen.getByTestId('swap-preview-confirm').textContent).toBe('Swap'))
    const shown = vi.spyOn(ctx.toasts, 'show')
    await act(async () => {
      clearSession(ctx.store)
      await prepareSwapTransaction(ctx)
    })
    expect(shown).toHaveBeenCalledWith('No address found to swap the tokens from.', 'error')
  })
})
