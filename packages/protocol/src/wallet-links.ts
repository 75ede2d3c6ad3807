/**
 * The custom schemes of the wallet registry's app links (apps/api/data/wallets.json; its test keeps
 * the two in step). With https, `wc:` and http to this machine (devnets), they are all a widget may
 * ask the dapp page to open: any other scheme can start a local program from the dapp's page
 * (`ms-msdt:`, `search-ms:`).
 */
export const WALLET_LINK_SCHEMES: readonly string[] = [
  'arculuswc',
  'argent',
  'bifrostwallet',
  'bitcoincom',
  'bitkeep',
  'bitpay',
  'blockchain-wallet',
  'bnc',
  'bw',
  'cbwallet',
  'celo',
  'core',
  'ctrl-mobile',
  'dfw',
  'fireblocks-wc',
  'foxwallet',
  'frontier',
  'gtweb3wallet',
  'imtokenv2',
  'keplrwallet',
  'krakenwallet',
  'ledgerlive',
  'metamask',
  'novawallet',
  'okex',
  'oneinch',
  'onekey-wallet',
  'phantom',
  'rainbow',
  'roninwallet',
  'safe',
  'safepalwallet',
  'subwallet',
  'tpoutside',
  'trezorsuite',
  'trust',
  'uniswap',
  'zeal',
  'zerion',
]

const LOOPBACK_HOST = /^(localhost|[-a-z0-9]+\.localhost|127\.0\.0\.1|\[::1\])$/

/** The scheme of `url` in lower case without its colon, or undefined when it has none. */
export function linkScheme(url: string): string | undefined {
  return /^([a-z][-+.a-z0-9]*):/i.exec(url)?.[1]?.toLowerCase()
}

/**
 * Whether the dapp page may open `url`: https, http to this machine, a WalletConnect URI, a
 * registry wallet's scheme, or one of `extraSchemes` (those of the dapp's own wallets).
 */
export function isOpenableLink(url: string, extraSchemes: ReadonlySet<string> = new Set()): boolean {
  const scheme = linkScheme(url)
  if (!scheme) return false
  if (scheme === 'https' || scheme === 'wc') return true
  if (scheme === 'http') {
    try {
      return LOOPBACK_HOST.test(new URL(url).hostname)
    } catch {
      return false
    }
  }
  return WALLET_LINK_SCHEMES.includes(scheme) || extraSchemes.has(scheme)
}
