// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { connect } from '../../connectors/connect'
import { openModal } from '../../core/modal/modal'
import { optionsAtom } from '../../core/options/atoms'
import { navigateAtom } from '../../core/router/atoms'
import { fakeApiFetch } from '../../testing/apiFetch'
import { createFakeHost, devnetWallet, TEST_ADDRESS } from '../../testing/fakeHost'
import { renderApp } from '../../testing/renderApp'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

async function openReceive(networks?: string[]) {
  const rendered = await renderApp(createFakeHost(), { fetch: fakeApiFetch(), open: false })
  await act(async () => {
    if (networks) rendered.ctx.store.set(optionsAtom, { projectId: 'demo', networks })
    await connect(rendered.ctx, devnetWallet.id)
    openModal(rendered.ctx)
  })
  await screen.findByTestId('account-view')
  await act(async () => fireEvent.click(screen.getByTestId('account-feature-receive')))
  await screen.findByTestId('receive-view')
  return rendered
}

describe('Receive', () => {
  it('shows the address, its QR code and the network, and copies the address', async () => {
    const writeText = vi.fn(async () => {})
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    await openReceive()
    expect(screen.getByTestId('receive-address').textContent).toBe(TEST_ADDRESS)
    expect(screen.getByTestId('receive-network').textContent).toBe('Receive on Airlock Devnet')
    const qr = within(screen.getByTestId('receive-view')).getByRole('img')
    expect(qr.dataset.uri).toBe(TEST_ADDRESS)
    await act(async () => fireEvent.click(screen.getByTestId('receive-copy')))
    expect(writeText).toHaveBeenCalledWith(TEST_ADDRESS)
    expect(screen.getByTestId('toast').textContent).toContain('Address copied')
  })

  it("says 'Failed to copy' when the clipboard refuses", async () => {
    Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) },
      configurable: true,
    })
    document.execCommand = vi.fn(() => false)
    await openReceive()
    await act(async () => fireEvent.click(screen.getByTestId('receive-copy')))
    expect(screen.getByTestId('toast').textContent).toContain('Failed to copy')
  })

  it('lists the compatible networks: the active one, then the requested ones of its namespace', async () => {
    await openReceive(['eip155:31337', 'eip155:8453', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'eip155:1'])
    const items = screen.getAllByTestId('receive-network-item')
    expect(items.map((item) => item.textContent)).toEqual(['Airlock Devnet', 'Base', 'Ethereum'])
    expect(items.every((item) => within(item).getByTestId('network-icon'))).toBe(true)
  })

  it('renders nothing to copy when no account is connected', async () => {
    const rendered = await renderApp(createFakeHost(), { fetch: fakeApiFetch() })
    await act(async () => rendered.ctx.store.set(navigateAtom, { type: 'push', route: { name: 'WalletReceive' } }))
    expect((await screen.findByTestId('receive-view')).textContent).toBe('')
  })
})
