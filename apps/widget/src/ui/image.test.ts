import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createImageCache, IMAGE_PRELOAD_TIMEOUT_MS, preloadImage, walletInitials, type ImageStatus, type PreloadImage } from './image'

function fakeImage() {
  const image: PreloadImage & { sources: string[] } = {
    sources: [],
    onload: null,
    onerror: null,
    get src() {
      return this.sources.at(-1) ?? ''
    },
    set src(value: string) {
      this.sources.push(value)
    },
  }
  return image
}

describe('preloadImage', () => {
  beforeEach(() => {
    vi.useFakeTimers()
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('resolves loaded on load', async () => {
    const image = fakeImage()
    const result = preloadImage('http://api/img/a', { createImage: () => image })
    expect(image.src).toBe('http://api/img/a')
    image.onload!()
    await expect(result).resolves.toBe('loaded')
    expect(image.onload).toBeNull()
  })

  it('resolves failed on error', async () => {
    const image = fakeImage()
    const result = preloadImage('http://api/img/a', { createImage: () => image })
    image.onerror!()
    await expect(result).resolves.toBe('failed')
  })

  it('gives up after 2 s and abandons the download', async () => {
    const image = fakeImage()
    let status: string | undefined
    void preloadImage('http://api/img/slow', { createImage: () => image }).then((s) => (status = s))
    await vi.advanceTimersByTimeAsync(IMAGE_PRELOAD_TIMEOUT_MS - 1)
    expect(status).toBeUndefined()
    await vi.advanceTimersByTimeAsync(1)
    expect(status).toBe('failed')
    expect(image.sources).toEqual(['http://api/img/slow', ''])
    // A late load changes nothing.
    expect(image.onload).toBeNull()
  })
})

describe('createImageCache', () => {
  it('preloads each URL once and remembers the outcome, failures included', async () => {
    const preload = vi.fn(async (url: string): Promise<ImageStatus> => (url.includes('bad') ? 'failed' : 'loaded'))
    const cache = createImageCache(preload)
    expect(cache.status('http://a')).toBeUndefined()
    const [a1, a2] = [cache.load('http://a'), cache.load('http://a')]
    expect(await a1).toBe('loaded')
    expect(await a2).toBe('loaded')
    expect(await cache.load('http://bad')).toBe('failed')
    expect(await cache.load('http://bad')).toBe('failed')
    expect(preload).toHaveBeenCalledTimes(2)
    expect(cache.status('http://a')).toBe('loaded')
    expect(cache.status('http://bad')).toBe('failed')
  })
})

describe('walletInitials', () => {
  it('takes the first letters of up to two words', () => {
    expect(walletInitials('Trust Wallet')).toBe('TW')
    expect(walletInitials('Rainbow')).toBe('R')
    expect(walletInitials('1inch Wallet')).toBe('1W')
    expect(walletInitials('Crypto.com Onchain App')).toBe('CC')
    expect(walletInitials('')).toBe('')
  })
})
