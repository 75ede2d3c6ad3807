import { describe, expect, it } from 'vitest'
import { groupByFamily } from './families'

describe('the networks by family', () => {
  it('keeps the dapp order inside a family, and the families in the order they first come', () => {
    expect(groupByFamily(['eip155:1', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'eip155:8453'])).toEqual([
      { namespace: 'eip155', ids: ['eip155:1', 'eip155:8453'] },
      { namespace: 'solana', ids: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'] },
    ])
    expect(groupByFamily([])).toEqual([])
  })
})
