import { describe, expect, it } from 'vitest'
import { addRequestedNetwork, isNetworkSupported, removeRequestedChain, removeRequestedNetwork, type NetworkSelection } from './rules'

const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const SOLANA_DEVNET = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
const selection = (active: string, networks = ['eip155:31337', 'eip155:31338', 'eip155:1', SOLANA, SOLANA_DEVNET]): NetworkSelection => ({
  networks,
  active,
})

describe('isNetworkSupported', () => {
  it('is true for a requested network and false for another network of a requested chain', () => {
    expect(isNetworkSupported(['eip155:31337', 'eip155:31338'], 'eip155:31338')).toBe(true)
    expect(isNetworkSupported(['eip155:31337', 'eip155:31338'], 'eip155:4242')).toBe(false)
  })

  it('is true on a chain without requested networks', () => {
    expect(isNetworkSupported([], 'eip155:4242')).toBe(true)
    expect(isNetworkSupported([SOLANA], 'eip155:4242')).toBe(true)
    expect(isNetworkSupported(['eip155:1'], SOLANA_DEVNET)).toBe(true)
    expect(isNetworkSupported(['eip155:1', SOLANA], SOLANA_DEVNET)).toBe(false)
  })
})

describe('addRequestedNetwork', () => {
  it('appends a new network and keeps the active one', () => {
    expect(addRequestedNetwork(selection('eip155:1', ['eip155:1']), 'eip155:8453')).toEqual({
      networks: ['eip155:1', 'eip155:8453'],
      active: 'eip155:1',
    })
  })

  it('leaves a network that is already requested in its place', () => {
    const before = selection('eip155:1')
    expect(addRequestedNetwork(before, 'eip155:31338')).toBe(before)
  })
})

describe('removeRequestedNetwork', () => {
  it('removes an inactive network and keeps the active one', () => {
    expect(removeRequestedNetwork(selection('eip155:31337'), 'eip155:1')).toEqual({
      networks: ['eip155:31337', 'eip155:31338', SOLANA, SOLANA_DEVNET],
      active: 'eip155:31337',
    })
  })

  it("removing the active network switches to its chain's first network", () => {
    expect(removeRequestedNetwork(selection('eip155:31338'), 'eip155:31338').active).toBe('eip155:31337')
    expect(removeRequestedNetwork(selection('eip155:31337'), 'eip155:31337').active).toBe('eip155:31338')
    expect(removeRequestedNetwork(selection(SOLANA), SOLANA).active).toBe(SOLANA_DEVNET)
  })

  it('refuses to remove the last network of a namespace, with a clear error', () => {
    expect(() => removeRequestedNetwork(selection('eip155:1', ['eip155:1', SOLANA]), SOLANA)).toThrow(
      `Cannot remove ${SOLANA}: it is the last solana network`,
    )
    expect(() => removeRequestedNetwork(selection('eip155:1', ['eip155:1']), 'eip155:1')).toThrow(/last eip155 network/)
  })

  it("answers 'Network not found' for a network that is not requested", () => {
    expect(() => removeRequestedNetwork(selection('eip155:1'), 'eip155:8453')).toThrow('Network not found')
  })
})

describe('removeRequestedChain', () => {
  it("removing the active chain makes the first remaining chain's first network active", () => {
    expect(removeRequestedChain(selection(SOLANA_DEVNET), 'solana')).toEqual({
      networks: ['eip155:31337', 'eip155:31338', 'eip155:1'],
      active: 'eip155:31337',
    })
    expect(removeRequestedChain(selection('eip155:1'), 'eip155')).toEqual({ networks: [SOLANA, SOLANA_DEVNET], active: SOLANA })
  })

  it('keeps the active network when another chain goes', () => {
    expect(removeRequestedChain(selection('eip155:31338'), 'solana').active).toBe('eip155:31338')
  })

  it('refuses the only chain and an absent one', () => {
    expect(() => removeRequestedChain(selection('eip155:1', ['eip155:1', 'eip155:10']), 'eip155')).toThrow(/only chain/)
    expect(() => removeRequestedChain(selection('eip155:1'), 'bip122')).toThrow('Network not found')
  })
})
