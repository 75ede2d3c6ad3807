import { describe, expect, it } from 'vitest'
import { resolveOptions } from './atoms'

describe('resolveOptions', () => {
  it('folds the top-level socials, connectMethodsOrder and collapseWallets into features', () => {
    expect(resolveOptions({ projectId: 'p', collapseWallets: true, connectMethodsOrder: ['wallet', 'email'], socials: false })).toEqual({
      projectId: 'p',
      features: { collapseWallets: true, connectMethodsOrder: ['wallet', 'email'], socials: false },
    })
  })

  it('lets features win when both are set, and leaves options without aliases alone', () => {
    expect(resolveOptions({ projectId: 'p', collapseWallets: true, features: { collapseWallets: false, swaps: false } }).features).toEqual({
      collapseWallets: false,
      swaps: false,
    })
    const plain = { projectId: 'p', features: { swaps: false } }
    expect(resolveOptions(plain)).toEqual(plain)
  })
})
