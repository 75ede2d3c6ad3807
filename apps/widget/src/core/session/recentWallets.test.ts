import { describe, expect, it } from 'vitest'
import { parseRecentWallets, withRecentWallet } from './recentWallets'

describe('recent wallets', () => {
  it('keeps two, newest first, without duplicates', () => {
    let list = withRecentWallet([], { id: 'a', name: 'A' })
    list = withRecentWallet(list, { id: 'b', name: 'B' })
    list = withRecentWallet(list, { id: 'a', name: 'A' })
    list = withRecentWallet(list, { id: 'c', name: 'C', connectorId: 'io.c' })
    expect(list).toEqual([
      { id: 'c', name: 'C', connectorId: 'io.c' },
      { id: 'a', name: 'A' },
    ])
  })

  it('reads back what it stored and drops anything malformed', () => {
    const stored = JSON.stringify([
      { id: 'a', name: 'A', mobileLink: 'a://', evil: '<script>' },
      { id: 1 },
      null,
      { id: 'b', name: 'B', imageUrl: 'x'.repeat(5000) },
    ])
    expect(parseRecentWallets(stored)).toEqual([
      { id: 'a', name: 'A', mobileLink: 'a://' },
      { id: 'b', name: 'B' },
    ])
    expect(parseRecentWallets('not json')).toEqual([])
    expect(parseRecentWallets('{"id":"a"}')).toEqual([])
  })
})
