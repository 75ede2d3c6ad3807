// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { dappLinkSchemes, openLink } from './links'

describe('openLink', () => {
  afterEach(() => vi.restoreAllMocks())

  it('opens a wallet link in a new tab without an opener', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    openLink('rainbow://wc?uri=wc%3Aabc', '_blank', new Set())
    expect(open).toHaveBeenCalledWith('rainbow://wc?uri=wc%3Aabc', '_blank', 'noopener,noreferrer')
  })

  it('refuses a scheme that starts a local program, saying which, and opens nothing', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    expect(() => openLink('ms-msdt:/id PCWDiagnostic', '_blank', new Set())).toThrow(
      expect.objectContaining({ code: -32602, message: 'Airlock opens only https and wallet app links, not ms-msdt: links' }),
    )
    expect(() => openLink('search-ms://query=x', '_self', new Set())).toThrow(/not search-ms: links/)
    expect(open).not.toHaveBeenCalled()
  })

  it("takes the schemes of the dapp's own wallets from its options", () => {
    const schemes = dappLinkSchemes({
      customWallets: [{ id: 'mine', name: 'Mine', mobile_link: 'mywallet://', desktop_link: 'https://mine.example/' }],
    })
    expect([...schemes]).toEqual(['mywallet', 'https'])
    const open = vi.spyOn(window, 'open').mockReturnValue(null)
    openLink('mywallet://wc?uri=x', '_blank', schemes)
    expect(open).toHaveBeenCalledOnce()
  })
})
