import { describe, expect, it } from 'vitest'
import { indexerLag } from './indexer-lag'

describe('indexer lag (airlock_indexer_lag_blocks)', () => {
  it('counts both indexes: EVM to its head, Polkadot to its finalized head; none before the node answered', () => {
    expect(
      indexerLag(
        {
          'eip155:31337': { lastBlock: 95n, head: 100n, up: true },
          'eip155:31338': { lastBlock: null, head: 4n, up: true },
          'eip155:1': { lastBlock: null, head: null, up: false },
        },
        {
          'polkadot:91b171bb158e2d3848fa23a9f1c25182': { lastBlock: 10, finalized: 12, up: true },
          'polkadot:e143f23803ac50e8f6f8e62695d1ce9e': { lastBlock: null, finalized: null, up: false },
        },
      ),
    ).toEqual([
      { labels: { chain: 'eip155:31337' }, value: 5 },
      { labels: { chain: 'eip155:31338' }, value: 5 },
      { labels: { chain: 'polkadot:91b171bb158e2d3848fa23a9f1c25182' }, value: 2 },
    ])
  })
})
