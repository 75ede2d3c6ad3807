// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { connect } from '../../connectors/connect'
import { handleConnectorEvent } from '../../connectors/relayed/events'
import { setOptions } from '../../core/options/options'
import type { WidgetOptions } from '@airlock/protocol'
import { fakeApiFetch } from '../../testing/apiFetch'
import { createFakeHost, devnetWallet, flush } from '../../testing/fakeHost'
import { renderApp } from '../../testing/renderApp'

afterEach(cleanup)

async function connectedThenWalletMoves(options: Partial<WidgetOptions> = {}) {
  const host = createFakeHost()
  const rendered = await renderApp(host, { fetch: fakeApiFetch(), open: false })
  await act(async () => {
    setOptions(rendered.ctx, { projectId: 'demo', networks: ['eip155:31337', 'eip155:31338'], ...options })
    await connect(rendered.ctx, devnetWallet.id)
  })
  // The wallet switches itself to a chain the dapp did not request.
  await act(async () => {
    handleConnectorEvent(rendered.ctx, { connectorId: devnetWallet.id, event: 'chainChanged', data: '0x1092' })
    await flush()
  })
  return { ...rendered, host }
}

describe('UnsupportedChain view', () => {
  it('opens by itself, lists the requested networks of the wallet’s family to switch to, and leaves for Account once supported', async () => {
    const { host } = await connectedThenWalletMoves({
      networks: ['eip155:31337', 'eip155:31338', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
    })
    await screen.findByTestId('unsupported-chain-view')
    expect(screen.getByTestId('modal-overlay').dataset.open).toBe('true')
    expect(screen.getByRole('heading').textContent).toBe('Switch Network')
    expect(screen.getAllByRole('listitem').map((el) => el.textContent)).toEqual(['Airlock Devnet', 'Airlock Devnet 2'])
    expect(host.lastState()).toMatchObject({ view: 'UnsupportedChain', caipNetworkId: 'eip155:4242' })

    await act(async () => {
      fireEvent.click(screen.getByTestId('network-item-eip155:31338'))
      await flush()
    })
    expect(host.walletCalls().at(-1)).toMatchObject({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })
    await screen.findByTestId('account-view')
    expect(host.lastState()).toMatchObject({ view: 'Account', caipNetworkId: 'eip155:31338' })
  })

  it('disconnects from there and closes', async () => {
    const { host } = await connectedThenWalletMoves()
    await screen.findByTestId('unsupported-chain-view')
    await act(async () => fireEvent.click(screen.getByTestId('disconnect-button')))
    expect(host.lastState()).toMatchObject({ status: 'disconnected', open: false })
    expect(host.tracked()).toContain('DISCONNECT_SUCCESS')
  })

  for (const option of [{ allowUnsupportedChain: true }, { basic: true }]) {
    it(`is skipped with ${Object.keys(option)[0]}`, async () => {
      const { host } = await connectedThenWalletMoves(option)
      expect(screen.queryByTestId('unsupported-chain-view')).toBeNull()
      expect(screen.getByTestId('modal-overlay').dataset.open).toBe('false')
      expect(host.lastState()).toMatchObject({ status: 'connected', caipNetworkId: 'eip155:4242', open: false })
    })
  }
})
