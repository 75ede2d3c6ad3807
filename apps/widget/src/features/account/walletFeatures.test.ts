import { describe, expect, it } from 'vitest'
import { featureSupported, historyEnabled, walletFeatureButtons } from './walletFeatures'

const features = (options: Parameters<typeof walletFeatureButtons>[0], network = 'eip155:31337') =>
  walletFeatureButtons(options, network).map((b) => b.feature)

describe('wallet feature buttons', () => {
  it('default to onramp, swaps, receive, send with their labels and views', () => {
    expect(walletFeatureButtons(undefined, 'eip155:1')).toEqual([
      { feature: 'onramp', label: 'Buy', route: 'OnRamp' },
      { feature: 'swaps', label: 'Swap', route: 'Swap' },
      { feature: 'receive', label: 'Receive', route: 'WalletReceive' },
      { feature: 'send', label: 'Send', route: 'WalletSend' },
    ])
  })

  it('follow walletFeaturesOrder: a feature it leaves out is hidden, a repeat shows once', () => {
    expect(features({ walletFeaturesOrder: ['send', 'receive'] })).toEqual(['send', 'receive'])
    expect(features({ walletFeaturesOrder: ['swaps', 'send', 'swaps', 'onramp'] })).toEqual(['swaps', 'send', 'onramp'])
    expect(features({ walletFeaturesOrder: [] })).toEqual([])
  })

  it('follow the feature switches (on unless set to false)', () => {
    expect(features({ features: { onramp: false, send: false } })).toEqual(['swaps', 'receive'])
    expect(features({ features: { swaps: true, receive: undefined } })).toEqual(['onramp', 'swaps', 'receive', 'send'])
    expect(features({ walletFeaturesOrder: ['send', 'swaps'], features: { swaps: false } })).toEqual(['send'])
  })

  it('show Swap only on the swap networks, Buy on eip155, Receive and Send on every family served', () => {
    expect(features(undefined, 'eip155:11155111')).toEqual(['onramp', 'receive', 'send'])
    expect(features(undefined, 'eip155:8453')).toEqual(['onramp', 'swaps', 'receive', 'send'])
    expect(features(undefined, 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')).toEqual(['receive', 'send'])
    expect(featureSupported('swaps', 'eip155:31338')).toBe(true)
    expect(featureSupported('send', 'bip122:000000000019d6689c085ae165831e93')).toBe(true)
    expect(featureSupported('send', 'polkadot:91b171bb158e2d3848fa23a9f1c25182')).toBe(true)
    expect(featureSupported('send', 'cosmos:cosmoshub-4')).toBe(false)
  })

  it('offer the history unless its switch is off', () => {
    expect(historyEnabled(undefined)).toBe(true)
    expect(historyEnabled({ features: { history: true } })).toBe(true)
    expect(historyEnabled({ features: { history: false } })).toBe(false)
  })
})
