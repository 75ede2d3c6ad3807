import { describe, expect, it } from 'vitest'
import { loadChainAdapter, servedNamespaces } from '../registry'
import { solanaAdapter } from './index'

describe('the Solana adapter in the registry', () => {
  it('is served, and loads (lazily) as the solana family', async () => {
    expect(servedNamespaces()).toContain('solana')
    const adapter = await loadChainAdapter('solana')
    expect(adapter).toBe(solanaAdapter)
    expect(adapter.namespace).toBe('solana')
  })
})
