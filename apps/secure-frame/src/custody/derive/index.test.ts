import { describe, expect, it } from 'vitest'
import { derivers, isDerivable } from './index'

describe('derivers', () => {
  it('registers eip155 and solana only; bip122 and polkadot are not pretended', () => {
    expect(Object.keys(derivers).sort()).toEqual(['eip155', 'solana'])
    for (const [namespace, deriver] of Object.entries(derivers)) expect(deriver.namespace).toBe(namespace)
    expect(isDerivable('eip155')).toBe(true)
    expect(isDerivable('solana')).toBe(true)
    expect(isDerivable('bip122')).toBe(false)
    expect(isDerivable('polkadot')).toBe(false)
  })
})
