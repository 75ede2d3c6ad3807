import { describe, expect, it } from 'vitest'
import { callCost, isBatchTooLong } from './calls'

const call = { jsonrpc: '2.0', id: 1, method: 'eth_chainId' }
const batch = (n: number) => Array.from({ length: n }, () => call)

describe('what a body costs', () => {
  it('charges one token per call of a batch within the limit', () => {
    expect(callCost(call, 100)).toBe(1)
    expect(callCost(batch(1), 100)).toBe(1)
    expect(callCost(batch(100), 100)).toBe(100)
  })

  it('charges one for a body answered without the node: an empty or over-long batch, or no request at all', () => {
    expect(callCost([], 100)).toBe(1)
    expect(callCost(batch(1000), 100)).toBe(1)
    expect(callCost('eth_chainId', 100)).toBe(1)
    expect(callCost(null, 100)).toBe(1)
  })

  it('tells a batch over the limit', () => {
    expect(isBatchTooLong(batch(101), 100)).toBe(true)
    expect(isBatchTooLong(batch(100), 100)).toBe(false)
    expect(isBatchTooLong(call, 100)).toBe(false)
  })
})
