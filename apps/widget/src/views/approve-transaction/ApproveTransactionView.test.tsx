// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { encodeFunctionData, erc20Abi, maxUint256, parseEther, parseUnits, toHex } from 'viem'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { requestApproval, type ApprovalRequest } from '../../actions/approvals'
import { connectExternal } from '../../actions/connect'
import { openModal } from '../../actions/modal'
import { approvalQueueAtom } from '../../stores/approvals'
import { optionsAtom } from '../../stores/options'
import { createFakeHost, devnetWallet, TEST_ADDRESS, TEST_ADDRESS_2, TEST_CONFIG } from '../../testing/fakeHost'
import { renderApp } from '../../testing/renderApp'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const USDC = '0xCc624c75C7BA01A73E332aaae9daf8eC698D0c58'

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/** The api at the network edge: the RPC proxy (native balance) and the account balance route (USDC held). */
const apiFetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
  const url = new URL(String(input))
  if (url.pathname === '/v1/rpc') return json({ jsonrpc: '2.0', id: (JSON.parse(String(init?.body)) as { id: number }).id, result: '0x0' })
  if (url.pathname === `/v1/account/${TEST_ADDRESS}/balance`) {
    return json({
      balances: [
        {
          name: 'USD Coin',
          symbol: 'USDC',
          chainId: 'eip155:31337',
          address: `eip155:31337:${USDC}`,
          value: 12.5,
          price: 1,
          quantity: { decimals: '6', numeric: '12.5' },
          iconUrl: '',
        },
      ],
    })
  }
  if (url.pathname.startsWith('/v1/identity/')) return json({ name: null, avatar: null })
  return json({ message: 'Not found' }, 404)
})

async function setup() {
  const rendered = await renderApp(createFakeHost(), { fetch: apiFetch, open: false })
  await act(async () => {
    await connectExternal(rendered.ctx, devnetWallet.id)
    rendered.ctx.store.set(optionsAtom, { projectId: 'demo', metadata: { name: 'Demo Dapp', icons: ['https://cdn.example/icon.png'] } })
  })
  return rendered
}

/** Asks, waits for the view, and hands back the pending answer (wrapped: an async function would await it). */
async function ask(ctx: Awaited<ReturnType<typeof setup>>['ctx'], request: ApprovalRequest): Promise<{ answer: Promise<boolean> }> {
  let answer!: Promise<boolean>
  await act(async () => {
    answer = requestApproval(ctx, request)
  })
  await screen.findByTestId('approve-transaction')
  return { answer }
}

const approveButton = () => screen.getByTestId('approve-confirm') as HTMLButtonElement

describe('ApproveTransaction view', () => {
  it('shows a personal_sign message as text with the dapp origin, and resolves true on Approve', async () => {
    const { ctx } = await setup()
    const { answer } = await ask(ctx, {
      method: 'personal_sign',
      params: [toHex('Sign in to Demo\nNonce: 7'), TEST_ADDRESS],
      chainId: 31337,
      from: TEST_ADDRESS,
    })
    expect(screen.getByTestId('modal-overlay').dataset.open).toBe('true')
    expect(screen.getByTestId('approve-method').textContent).toBe('personal_sign')
    expect(screen.getByTestId('approve-message').textContent).toBe('Sign in to Demo\nNonce: 7')
    expect(screen.getByTestId('approve-message').dataset.format).toBe('text')
    expect(screen.getByTestId('approve-network').textContent).toBe('Airlock Devnet')
    const origin = screen.getByTestId('approve-origin')
    expect(origin.textContent).toContain(TEST_CONFIG.parentOrigin)
    expect(origin.textContent).toContain('Demo Dapp')
    // A third-party icon would break the widget's img-src CSP: a letter stands in.
    expect(origin.querySelector('img')).toBeNull()
    expect(screen.getByTestId('approve-from').getAttribute('title')).toBe(TEST_ADDRESS)
    expect(screen.queryByTestId('approve-warnings')).toBeNull()

    // Armed after a moment, so that a double click on the dapp cannot approve.
    expect(approveButton().disabled).toBe(true)
    await waitFor(() => expect(approveButton().disabled).toBe(false))
    await act(async () => fireEvent.click(approveButton()))
    await expect(answer).resolves.toBe(true)
    expect(await screen.findByTestId('account-view')).toBeTruthy()
    expect(screen.queryByTestId('approve-transaction')).toBeNull()
  })

  it('shows binary personal_sign data as hex; Reject resolves false', async () => {
    const { ctx } = await setup()
    const hash = `0x${'ff'.repeat(32)}`
    const { answer } = await ask(ctx, { method: 'personal_sign', params: [hash, TEST_ADDRESS], chainId: 31337, from: TEST_ADDRESS })
    expect(screen.getByTestId('approve-message').textContent).toBe(hash)
    expect(screen.getByTestId('approve-message').dataset.format).toBe('hex')
    await act(async () => fireEvent.click(screen.getByTestId('approve-reject')))
    await expect(answer).resolves.toBe(false)
  })

  it('shows typed data: the domain and the message tree', async () => {
    const { ctx } = await setup()
    const typed = {
      types: {
        EIP712Domain: [{ name: 'name', type: 'string' }],
        Mail: [
          { name: 'from', type: 'Person' },
          { name: 'contents', type: 'string' },
        ],
        Person: [{ name: 'wallet', type: 'address' }],
      },
      primaryType: 'Mail',
      domain: { name: 'Ether Mail', version: '1', chainId: 31337, verifyingContract: USDC },
      message: { from: { wallet: TEST_ADDRESS }, contents: 'Hello, Bob!' },
    }
    await ask(ctx, { method: 'eth_signTypedData_v4', params: [TEST_ADDRESS, JSON.stringify(typed)], chainId: 31337, from: TEST_ADDRESS })
    const domain = screen.getByTestId('approve-typed-domain').textContent
    expect(domain).toContain('Ether Mail')
    expect(domain).toContain('31337')
    expect(domain).toContain(USDC)
    const message = screen.getByTestId('approve-typed-message').textContent
    expect(message).toContain('wallet')
    expect(message).toContain(TEST_ADDRESS)
    expect(message).toContain('Hello, Bob!')
    expect(screen.getByText('(Mail)')).toBeTruthy()
  })

  it('malformed typed data shows the error and only Reject', async () => {
    const { ctx } = await setup()
    const { answer } = await ask(ctx, {
      method: 'eth_signTypedData_v4',
      params: [TEST_ADDRESS, '{oops'],
      chainId: 31337,
      from: TEST_ADDRESS,
    })
    expect(screen.getByTestId('approve-error').textContent).toContain('not valid JSON')
    await new Promise((resolve) => setTimeout(resolve, 500))
    expect(approveButton().disabled).toBe(true)
    await act(async () => fireEvent.click(screen.getByTestId('approve-reject')))
    await expect(answer).resolves.toBe(false)
  })

  it('shows a transaction: recipient, value in ETH, network', async () => {
    const { ctx } = await setup()
    await ask(ctx, {
      method: 'eth_sendTransaction',
      params: [{ from: TEST_ADDRESS, to: TEST_ADDRESS_2, value: toHex(parseEther('1.5')) }],
      chainId: 31337,
      from: TEST_ADDRESS,
    })
    expect(screen.getByTestId('approve-to').textContent).toBe(TEST_ADDRESS_2)
    expect(screen.getByTestId('approve-value').textContent).toBe('1.5 ETH')
    expect(screen.getByTestId('approve-network').textContent).toBe('Airlock Devnet')
    expect(screen.getByTestId('approve-data').dataset.kind).toBe('none')
  })

  it('decodes an unlimited ERC-20 approve, the amount units from the account balances', async () => {
    const { ctx } = await setup()
    await ask(ctx, {
      method: 'eth_sendTransaction',
      params: [
        {
          from: TEST_ADDRESS,
          to: USDC,
          data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [TEST_ADDRESS_2, maxUint256] }),
        },
      ],
      chainId: 31337,
      from: TEST_ADDRESS,
    })
    expect(screen.getByTestId('approve-to').textContent).toBe(USDC)
    expect(screen.getByTestId('approve-value').textContent).toBe('0 ETH')
    expect(screen.getByTestId('approve-data').textContent).toContain('approve(address,uint256)')
    expect(screen.getByTestId('approve-unlimited').textContent).toBe('Unlimited')
    expect(screen.getByTestId('approve-data').textContent).toContain(TEST_ADDRESS_2)
  })

  it('shows a transfer amount in the token units once the balances are in', async () => {
    const { ctx } = await setup()
    await ask(ctx, {
      method: 'eth_sendTransaction',
      params: [
        { to: USDC, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [TEST_ADDRESS_2, parseUnits('2.5', 6)] }) },
      ],
      chainId: 31337,
      from: TEST_ADDRESS,
    })
    await waitFor(() => expect(screen.getByTestId('approve-data').textContent).toContain('2.5 USDC'))
  })

  it('shows a contract creation and unknown data raw, collapsed', async () => {
    const { ctx } = await setup()
    await ask(ctx, { method: 'eth_sendTransaction', params: [{ data: '0x60806040deadbeef' }], chainId: 31337, from: TEST_ADDRESS })
    expect(screen.getByTestId('approve-to').textContent).toBe('Contract creation')
    const data = screen.getByTestId('approve-data')
    expect(data.dataset.kind).toBe('raw')
    expect(data.textContent).toContain('0x60806040')
    expect(data.textContent).toContain('8 bytes')
    expect(data.querySelector('details')?.open).toBe(false)
  })

  it('lists wallet_sendCalls calls', async () => {
    const { ctx } = await setup()
    await ask(ctx, {
      method: 'wallet_sendCalls',
      params: [
        {
          calls: [
            { to: TEST_ADDRESS_2, value: '0x1' },
            { to: USDC, data: '0x' },
          ],
        },
      ],
      chainId: 31337,
      from: TEST_ADDRESS,
    })
    expect(screen.getAllByTestId('approve-call')).toHaveLength(2)
    expect(screen.getAllByTestId('approve-to').map((e) => e.textContent)).toEqual([TEST_ADDRESS_2, USDC])
    expect(screen.getAllByTestId('approve-value')[0]!.textContent).toBe('0.000000000000000001 ETH')
  })

  it('closing the modal rejects; a second request waits its turn', async () => {
    const { ctx } = await setup()
    const { answer: first } = await ask(ctx, {
      method: 'personal_sign',
      params: ['0x6f6e65', TEST_ADDRESS],
      chainId: 31337,
      from: TEST_ADDRESS,
    })
    let second!: Promise<boolean>
    await act(async () => {
      second = requestApproval(ctx, { method: 'personal_sign', params: ['0x74776f', TEST_ADDRESS], chainId: 31337, from: TEST_ADDRESS })
    })
    expect(screen.getByTestId('approve-message').textContent).toBe('one')
    await act(async () => fireEvent.click(screen.getByTestId('approve-reject')))
    await expect(first).resolves.toBe(false)
    await waitFor(() => expect(screen.getByTestId('approve-message').textContent).toBe('two'))
    await act(async () => fireEvent.click(screen.getByTestId('close-button')))
    await expect(second).resolves.toBe(false)
    expect(ctx.store.get(approvalQueueAtom)).toEqual([])
    expect(screen.getByTestId('modal-overlay').dataset.open).toBe('false')
    // Opened again, the modal is on Account, not on a stale request.
    await act(async () => openModal(ctx))
    expect(await screen.findByTestId('account-view')).toBeTruthy()
  })

  it('arms Approve again for the next request, so that a double click approves one only', async () => {
    const { ctx } = await setup()
    const { answer: first } = await ask(ctx, {
      method: 'personal_sign',
      params: ['0x6f6e65', TEST_ADDRESS],
      chainId: 31337,
      from: TEST_ADDRESS,
    })
    let second!: Promise<boolean>
    await act(async () => {
      second = requestApproval(ctx, { method: 'personal_sign', params: ['0x74776f', TEST_ADDRESS], chainId: 31337, from: TEST_ADDRESS })
    })
    await waitFor(() => expect(approveButton().disabled).toBe(false))
    await act(async () => {
      fireEvent.click(approveButton())
      fireEvent.click(approveButton())
    })
    await expect(first).resolves.toBe(true)
    expect(screen.getByTestId('approve-message').textContent).toBe('two')
    expect(approveButton().disabled).toBe(true)
    await waitFor(() => expect(approveButton().disabled).toBe(false))
    await act(async () => fireEvent.click(screen.getByTestId('approve-reject')))
    await expect(second).resolves.toBe(false)
  })

  it('shows other confirmation methods with their params', async () => {
    const { ctx } = await setup()
    await ask(ctx, { method: 'wallet_grantPermissions', params: [{ expiry: 1 }], chainId: 31337, from: TEST_ADDRESS })
    expect(screen.getByTestId('approve-method').textContent).toBe('wallet_grantPermissions')
    expect(screen.getByTestId('approve-params').textContent).toContain('"expiry": 1')
  })
})
