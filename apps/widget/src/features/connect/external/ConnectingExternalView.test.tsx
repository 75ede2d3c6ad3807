// @vitest-environment happy-dom
import { ProviderRpcError } from '@airlock/protocol'
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { openModal } from '../../../core/modal/modal'
import { publicStateAtom } from '../../../host/publicState'
import { approvingWallet, createFakeHost, deferred, devnetWallet, TEST_ADDRESS, TEST_ADDRESS_2 } from '../../../testing/fakeHost'
import { renderApp } from '../../../testing/renderApp'

afterEach(cleanup)

const overlay = () => screen.getByTestId('modal-overlay')

async function pickDevnetWallet() {
  fireEvent.click(await screen.findByTestId(`wallet-item-${devnetWallet.rdns}`))
  return screen.findByTestId('connecting-external')
}

describe('ConnectingExternal', () => {
  it('waits in the wallet, then connects, remembers the wallet and closes', async () => {
    const answer = deferred<unknown>()
    const host = createFakeHost({
      wallet: (method, params, id) => (method === 'eth_requestAccounts' ? answer.promise : approvingWallet(method, params, id)),
    })
    await renderApp(host)

    const view = await pickDevnetWallet()
    expect(view.textContent).toContain('Continue in Devnet Wallet')
    expect(view.querySelector('img')?.getAttribute('src')).toBe(devnetWallet.icon)
    expect(host.lastState()?.status).toBe('connecting')

    await act(async () => answer.resolve([TEST_ADDRESS]))

    await waitFor(() => expect(host.lastState()).toMatchObject({ status: 'connected', address: TEST_ADDRESS, chainId: 31337, open: false }))
    expect(overlay().dataset.open).toBe('false')
    expect(host.api.setVisible).toHaveBeenLastCalledWith({ visible: false })
    expect(host.providerEvents().map((e) => e.event)).toEqual(['connect', 'accountsChanged'])
  })

  it('shows a declined state on 4001, and Retry connects', async () => {
    let calls = 0
    const host = createFakeHost({
      wallet: (method, params, id) => {
        if (method === 'eth_requestAccounts' && ++calls === 1) throw new ProviderRpcError(4001, 'User rejected the request.')
        return approvingWallet(method, params, id)
      },
    })
    await renderApp(host)
    await pickDevnetWallet()

    const error = await screen.findByTestId('connecting-error')
    expect(error.textContent).toContain('Connection declined')
    expect(error.textContent).toContain('Connection can be declined if a previous request is still active')
    expect(host.lastState()?.status).toBe('disconnected')

    await act(async () => fireEvent.click(screen.getByTestId('retry-button')))

    await waitFor(() => expect(host.lastState()).toMatchObject({ status: 'connected', address: TEST_ADDRESS }))
    expect(calls).toBe(2)
  })

  it("shows another error's message with Retry", async () => {
    const host = createFakeHost({
      wallet: (method, params, id) => {
        if (method === 'eth_requestAccounts') throw new ProviderRpcError(-32603, 'Devnet wallet crashed')
        return approvingWallet(method, params, id)
      },
    })
    await renderApp(host)
    await pickDevnetWallet()
    const error = await screen.findByTestId('connecting-error')
    expect(error.textContent).toContain('Devnet wallet crashed')
    expect(screen.getByTestId('retry-button')).toBeTruthy()
  })

  it('stays usable when the wallet never answers: back, retry and close work; late answers are dropped', async () => {
    const answers: ReturnType<typeof deferred<unknown>>[] = []
    const host = createFakeHost({
      wallet: (method, params, id) => {
        if (method !== 'eth_requestAccounts') return approvingWallet(method, params, id)
        const answer = deferred<unknown>()
        answers.push(answer)
        return answer.promise
      },
    })
    const { ctx } = await renderApp(host)

    // Back abandons the attempt.
    await pickDevnetWallet()
    fireEvent.click(screen.getByTestId('back-button'))
    expect(await screen.findByTestId('connect-view')).toBeTruthy()
    expect(host.lastState()?.status).toBe('disconnected')

    // Close abandons it too and hides the iframe.
    await pickDevnetWallet()
    fireEvent.click(screen.getByTestId('close-button'))
    expect(overlay().dataset.open).toBe('false')
    expect(host.api.setVisible).toHaveBeenLastCalledWith({ visible: false })
    expect(host.lastState()).toMatchObject({ status: 'disconnected', open: false })

    // Reopened: Retry while still waiting sends a new request, which succeeds.
    act(() => openModal(ctx))
    await pickDevnetWallet()
    fireEvent.click(screen.getByTestId('retry-button'))
    // The wallet's family code is a chunk of its own: the request follows once it is there.
    await waitFor(() => expect(answers).toHaveLength(4))
    expect(host.lastState()?.status).toBe('connecting')
    await act(async () => answers[3]!.resolve([TEST_ADDRESS_2]))
    expect(host.lastState()).toMatchObject({ status: 'connected', address: TEST_ADDRESS_2 })

    // The abandoned requests' late answers change nothing.
    const eventsBefore = host.events.length
    await act(async () => {
      answers[0]!.resolve([TEST_ADDRESS])
      answers[1]!.resolve([TEST_ADDRESS])
      answers[2]!.reject(new ProviderRpcError(4001))
    })
    expect(host.events).toHaveLength(eventsBefore)
    expect(await Promise.resolve(ctx.store.get(publicStateAtom))).toMatchObject({ status: 'connected', address: TEST_ADDRESS_2 })
  })

  it('closes on Escape and on an overlay click, not on a click inside the card', async () => {
    const host = createFakeHost()
    const { ctx } = await renderApp(host)
    fireEvent.click(screen.getByRole('dialog'))
    expect(overlay().dataset.open).toBe('true')
    fireEvent.click(overlay())
    expect(overlay().dataset.open).toBe('false')
    act(() => openModal(ctx))
    fireEvent.keyDown(window, { key: 'Escape' })
    expect(overlay().dataset.open).toBe('false')
    expect(host.api.setVisible).toHaveBeenCalledTimes(2)
  })
})
