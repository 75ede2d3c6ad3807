import { describe, expect, it } from 'vitest'
import { formatNativeLink, formatUniversalLink } from './links'

const uri = 'wc:abc@2?relay-protocol=irn&symKey=00'
const encoded = encodeURIComponent(uri)

describe('wallet deep links', () => {
  it.each([
    ['metamask://', `metamask://wc?uri=${encoded}`],
    ['rainbow://wallet', `rainbow://wallet/wc?uri=${encoded}`],
    ['trust:', `trust://wc?uri=${encoded}`],
  ])('a custom scheme %s replaces the top page', (link, href) => {
    expect(formatNativeLink(link, uri)).toEqual({ href, target: '_self' })
  })

  it('a universal link opens in a new tab', () => {
    expect(formatUniversalLink('https://link.trustwallet.com', uri)).toEqual({
      href: `https://link.trustwallet.com/wc?uri=${encoded}`,
      target: '_blank',
    })
    expect(formatNativeLink('https://metamask.app.link/', uri)).toEqual({
      href: `https://metamask.app.link/wc?uri=${encoded}`,
      target: '_blank',
    })
  })

  it.each(['javascript:alert(1)//', 'data:text/html,x', 'file:///etc/passwd', 'vbscript:x'])('refuses %s', (link) => {
    expect(formatNativeLink(link, uri)).toBeUndefined()
  })
})
