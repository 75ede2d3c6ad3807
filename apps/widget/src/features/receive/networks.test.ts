import { describe, expect, it } from 'vitest'
import { compatibleNetworks } from './networks'

const ids = (networks: readonly string[], active: string) => compatibleNetworks(networks, active).map((n) => n.caipNetworkId)

describe('compatible networks of Receive', () => {
  it('are the active network first, then the requested networks of its namespace in order', () => {
    expect(ids(['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'eip155:8453', 'eip155:31337'], 'eip155:31337')).toEqual([
      'eip155:31337',
      'eip155:1',
      'eip155:8453',
    ])
  })

  it('are the active network alone when nothing else of its namespace is requested; unknown ids are left out', () => {
    expect(ids(['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'], 'eip155:1')).toEqual(['eip155:1'])
    expect(ids(['eip155:999999999', 'eip155:1'], 'eip155:1')).toEqual(['eip155:1'])
    expect(ids([], 'eip155:424242')).toEqual([])
  })
})
