// @vitest-environment happy-dom
import { ProviderRpcError } from '@airlock/protocol'
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { connect } from '../../connectors/connect'
import { openModal } from '../../core/modal/modal'
import { setOptions } from '../../core/options/options'
import { updateConnection } from '../../core/session/session'
import { fakeApiFetch } from '../../testing/apiFetch'
import { approvingWallet, createFakeHost, devnetWallet, flush, type FakeHost } from '../../testing/fakeHost'
import { renderApp } from '../../testing/renderApp'

afterEach(cleanup)

const NETWORKS = ['eip155:31337', 'eip155:31338', 'eip155:1']

async function render(host: FakeHost = createFakeHost(), connected = true) {
  const rendered = await renderApp(host, { fetch: fakeApiFetch(), open: false })
  await act(async () => {
    setOptions(rendered.ctx, { projectId: 'demo', networks: NETWORKS })
    if (connected) await connect(rendered.ctx, devnetWallet.id)
    openModal(rendered.ctx)
  })
  return { ...rendered, host }
}

const item = (id: string) => screen.getByTestId(`network-item-${id}`)

describe('Networks view', () => {
  it('opens from the network button of the Account view and lists the requested networks with their icons', async () => {
    await render()
    await screen.findByTestId('account-view')
    await act(async () => fireEvent.click(screen.getByTestId('account-network')))
    await screen.findByTestId('networks-view')
    expect(screen.getByRole('heading').textContent).toBe('Choose Network')
    const items = screen.getAllByRole('listitem')
    expect(items.map((el) => el.textContent)).toEqual(['Airlock DevnetActive', 'Airlock Devnet 2', 'Ethereum'])
    const icon = item('eip155:31338').querySelector('img')!
    const src = new URL(icon.getAttribute('src')!)
    expect(src.origin + src.pathname).toBe('http://api.localhost:4403/public/getAssetImage/airlock-devnet-2')
    expect(src.searchParams.get('projectId')).toBe('demo')
    expect(item('eip155:31337').dataset.active).toBe('true')
    expect(item('eip155:31337').getAttribute('aria-current')).toBe('true')
    expect(item('eip155:31338').dataset.active).toBe('false')
  })

  it('a click switches the wallet, the dapp hears chainChanged, and the view goes back to Account', async () => {
    const { host } = await render()
    await screen.findByTestId('account-view')
    await act(async () => fireEvent.click(screen.getByTestId('account-network')))
    await screen.findByTestId('networks-view')
    host.events.length = 0
    await act(async () => fireEvent.click(item('eip155:31338')))
    expect(host.walletCalls().at(-1)).toMatchObject({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x7a6a' }] })
    expect(host.providerEvents()).toEqual([{ event: 'chainChanged', data: '0x7a6a' }])
    expect(host.tracked()).toContain('SWITCH_NETWORK')
    await screen.findByTestId('account-view')
    expect(screen.getByTestId('account-network').textContent).toBe('Airlock Devnet 2')
  })

  it("shows the wallet's error and stays when the switch fails", async () => {
    const host = createFakeHost({
      wallet: (method, params, id) => {
        if (method === 'wallet_switchEthereumChain') throw new ProviderRpcError(4001)
        return approvingWallet(method, params, id)
      },
    })
    const { ctx } = await render(host)
    await act(async () => openModal(ctx, 'Networks'))
    await act(async () => fireEvent.click(item('eip155:31338')))
    expect(screen.getByTestId('toast').textContent).toContain('User rejected the request.')
    expect(screen.getByTestId('networks-view')).toBeTruthy()
    expect(item('eip155:31337').dataset.active).toBe('true')
  })

  it("says 'Chain is not supported' when the wallet cannot add the network", async () => {
    const host = createFakeHost({
      wallet: (method, params, id) => {
        if (method === 'wallet_switchEthereumChain') throw new ProviderRpcError(4902)
        if (method === 'wallet_addEthereumChain') throw new ProviderRpcError(-32603)
        return approvingWallet(method, params, id)
      },
    })
    const { ctx } = await render(host)
    await act(async () => openModal(ctx, 'Networks'))
    await act(async () => fireEvent.click(item('eip155:1')))
    expect(screen.getByTestId('toast').textContent).toContain('Chain is not supported')
  })

  it('opened directly (open({ view: "Networks" })) without a wallet, a click changes the active network and stays', async () => {
    const { ctx, host } = await render(createFakeHost(), false)
    await act(async () => openModal(ctx, 'Networks'))
    await act(async () => fireEvent.click(item('eip155:1')))
    expect(host.lastState()).toMatchObject({ caipNetworkId: 'eip155:1', view: 'Networks' })
    expect(item('eip155:1').dataset.active).toBe('true')
  })

  it("lists a wallet's unrequested network as unsupported when unsupported chains are allowed", async () => {
    const { ctx } = await render()
    await act(async () => {
      setOptions(ctx, { projectId: 'demo', networks: NETWORKS, allowUnsupportedChain: true })
      updateConnection(ctx, 'eip155', { caipNetworkId: 'eip155:4242' })
      await flush()
      openModal(ctx, 'Networks')
    })
    expect(item('eip155:4242').textContent).toBe('eip155:4242Unsupported')
    expect(screen.getByTestId('network-unsupported')).toBeTruthy()
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(4))
  })
})
