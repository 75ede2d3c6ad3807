import { describe, expect, it } from 'vitest'
import { isOpenableLink, linkScheme } from './wallet-links'

describe('links the dapp page may open for the widget', () => {
  it.each([
    'https://metamask.app.link/wc?uri=wc%3Aabc',
    'metamask://wc?uri=wc%3Aabc',
    'TRUST://wc?uri=x',
    'wc:0123@2?relay-protocol=irn&symKey=ab',
    'http://wallet.localhost:4407/?uri=wc%3Aabc',
    'http://127.0.0.1:8545/',
  ])('opens %s', (url) => {
    expect(isOpenableLink(url)).toBe(true)
  })

  it.each([
    'ms-msdt:/id PCWDiagnostic',
    'search-ms:query=invoice&crumb=location:\\\\attacker\\share',
    'javascript:alert(1)',
    'data:text/html,<script>1</script>',
    'file:///etc/passwd',
    'vbscript:msgbox',
    'http://attacker.example/',
    'http://localhost.attacker.example/',
    '//attacker.example/',
    'metamask',
    '',
  ])('refuses %s', (url) => {
    expect(isOpenableLink(url)).toBe(false)
  })

  it("opens the dapp's own wallets' schemes, only when given", () => {
    expect(isOpenableLink('mywallet://wc?uri=x')).toBe(false)
    expect(isOpenableLink('mywallet://wc?uri=x', new Set(['mywallet']))).toBe(true)
    expect(linkScheme('MyWallet://x')).toBe('mywallet')
  })
})
