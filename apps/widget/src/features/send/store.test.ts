import { createStore } from 'jotai'
import { describe, expect, it } from 'vitest'
import { networkSwitchesAtom } from '../../core/network/atoms'
import { INITIAL_SEND, resetSendAtom, sendAtom } from './store'
import { connectEvm, moveEvmChain } from '../../testing/session'

describe('send store', () => {
  it('keeps the form on its network: a network switch (also one made in the wallet) resets it', () => {
    const store = createStore()
    connectEvm(store, { address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', chainId: 31337, connectorId: 'w' })
    store.set(sendAtom, { sendTokenAmount: '1.5', receiverInput: 'alice' })
    store.set(sendAtom, { receiverInput: 'alice.airlock.id' })
    expect(store.get(sendAtom)).toMatchObject({ sendTokenAmount: '1.5', receiverInput: 'alice.airlock.id' })

    moveEvmChain(store, 31338)
    expect(store.get(sendAtom)).toEqual(INITIAL_SEND)
    store.set(sendAtom, { sendTokenAmount: '2' })
    expect(store.get(sendAtom).sendTokenAmount).toBe('2')
  })

  it('starts over at a network switch, even one back to the network it was filled on', () => {
    const store = createStore()
    store.set(sendAtom, { sendTokenAmount: '4' })
    store.set(networkSwitchesAtom, (count) => count + 1)
    expect(store.get(sendAtom)).toEqual(INITIAL_SEND)
  })

  it('resets after a send', () => {
    const store = createStore()
    store.set(sendAtom, { sendTokenAmount: '3' })
    store.set(resetSendAtom)
    expect(store.get(sendAtom)).toEqual(INITIAL_SEND)
  })
})
