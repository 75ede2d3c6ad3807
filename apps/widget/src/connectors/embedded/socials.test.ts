import { describe, expect, it, vi } from 'vitest'
import {
  DEFAULT_SOCIALS,
  isMessagingWebView,
  openSocialPopup,
  socialEnvironment,
  socialLoadingUrl,
  socialPlatform,
  visibleSocials,
  type SocialEnvironment,
} from './socials'

const UA = {
  iphoneTelegram: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Telegram',
  androidTelegram:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0 Mobile Safari/537.36 Telegram-Android/10.12.0',
  macTelegram: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Telegram',
  whatsappAndroid: 'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120 Mobile Safari/537.36 WhatsApp/2.24',
  wechat: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 MicroMessenger/8.0.47',
  chromeDesktop: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/156.0 Safari/537.36',
  safariMac: 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_4) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
  iphoneSafari:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
}

const env = (userAgent: string, maxTouchPoints = 0): SocialEnvironment => socialEnvironment({ userAgent, maxTouchPoints })

describe('visibleSocials', () => {
  it("defaults to SPEC section 1's socials in order", () => {
    expect(DEFAULT_SOCIALS).toEqual(['google', 'x', 'discord', 'farcaster', 'github', 'apple', 'facebook'])
    expect(visibleSocials(undefined, env(UA.chromeDesktop))).toEqual(DEFAULT_SOCIALS)
  })

  it("follows the dapp's list and order; false hides them all; repeats and unknown names are dropped", () => {
    expect(visibleSocials(['github', 'farcaster', 'google', 'github'], env(UA.chromeDesktop))).toEqual(['github', 'farcaster', 'google'])
    expect(visibleSocials(false, env(UA.chromeDesktop))).toEqual([])
    expect(visibleSocials([], env(UA.chromeDesktop))).toEqual([])
    expect(visibleSocials(['myspace' as never, '__proto__' as never, 'x'], env(UA.chromeDesktop))).toEqual(['x'])
  })

  it('SPEC section 5: in a messaging-app web view iOS removes google, Mac removes x, Android removes facebook and x', () => {
    expect(visibleSocials(undefined, env(UA.iphoneTelegram))).toEqual(['x', 'discord', 'farcaster', 'github', 'apple', 'facebook'])
    expect(visibleSocials(undefined, env(UA.macTelegram))).toEqual(['google', 'discord', 'farcaster', 'github', 'apple', 'facebook'])
    expect(visibleSocials(undefined, env(UA.androidTelegram))).toEqual(['google', 'discord', 'farcaster', 'github', 'apple'])
    expect(visibleSocials(undefined, env(UA.whatsappAndroid))).toEqual(['google', 'discord', 'farcaster', 'github', 'apple'])
    expect(visibleSocials(['google', 'apple'], env(UA.wechat))).toEqual(['apple'])
  })

  it('outside a messaging-app web view nothing is removed, whatever the platform', () => {
    for (const ua of [UA.chromeDesktop, UA.safariMac, UA.iphoneSafari]) expect(visibleSocials(undefined, env(ua))).toHaveLength(7)
  })
})

describe('platform detection', () => {
  it('tells iOS, Mac, Android and the rest apart; an iPad that says Mac has a touch screen', () => {
    expect(socialPlatform(UA.iphoneTelegram)).toBe('ios')
    expect(socialPlatform(UA.macTelegram)).toBe('mac')
    expect(socialPlatform(UA.macTelegram, 5)).toBe('ios')
    expect(socialPlatform(UA.androidTelegram)).toBe('android')
    expect(socialPlatform(UA.chromeDesktop)).toBe('other')
  })

  it('recognises messaging apps by their user agent marks, and not ordinary browsers', () => {
    for (const ua of [UA.iphoneTelegram, UA.androidTelegram, UA.macTelegram, UA.whatsappAndroid, UA.wechat])
      expect(isMessagingWebView(ua)).toBe(true)
    for (const ua of [UA.chromeDesktop, UA.safariMac, UA.iphoneSafari]) expect(isMessagingWebView(ua)).toBe(false)
    expect(socialEnvironment(undefined)).toEqual({ inMessagingWebView: false, platform: 'other' })
  })
})

describe('the popup', () => {
  it("opens synchronously on the secure origin's loading page, named and sized", () => {
    const popup = {} as Window
    const open = vi.fn(() => popup)
    expect(openSocialPopup({ open }, 'http://secure.localhost:4402/frame?x=1', 'google')).toBe(popup)
    expect(open).toHaveBeenCalledExactlyOnceWith(
      'http://secure.localhost:4402/oauth/loading?provider=google',
      'airlock-social',
      'width=500,height=640',
    )
    expect(socialLoadingUrl('https://secure.example.com/', 'x')).toBe('https://secure.example.com/oauth/loading?provider=x')
  })

  it('a blocker (null, or a throw) gives null', () => {
    expect(openSocialPopup({ open: () => null }, 'http://secure.localhost:4402', 'github')).toBeNull()
    expect(
      openSocialPopup(
        {
          open: () => {
            throw new Error('blocked')
          },
        },
        'http://secure.localhost:4402',
        'github',
      ),
    ).toBeNull()
  })
})
