/** SPEC section 9: image preload timeout. */
export const IMAGE_PRELOAD_TIMEOUT_MS = 2000

export type ImageStatus = 'loaded' | 'failed'

/** The part of HTMLImageElement a preload needs (tests pass a fake). */
export interface PreloadImage {
  src: string
  onload: (() => void) | null
  onerror: (() => void) | null
}

export interface PreloadOptions {
  timeoutMs?: number
  createImage?: () => PreloadImage
}

/** Loads an image; 'failed' on an error or when it takes longer than the timeout (then it is abandoned). */
export function preloadImage(url: string, options: PreloadOptions = {}): Promise<ImageStatus> {
  const { timeoutMs = IMAGE_PRELOAD_TIMEOUT_MS, createImage = () => new Image() } = options
  return new Promise((resolve) => {
    const image = createImage()
    const done = (status: ImageStatus) => {
      clearTimeout(timer)
      image.onload = null
      image.onerror = null
      if (status === 'failed') image.src = ''
      resolve(status)
    }
    const timer = setTimeout(() => done('failed'), timeoutMs)
    image.onload = () => done('loaded')
    image.onerror = () => done('failed')
    image.src = url
  })
}

export interface ImageCache {
  /** The settled status, synchronously (a tile scrolled back into view shows its image at once). */
  status(url: string): ImageStatus | undefined
  load(url: string): Promise<ImageStatus>
}

/** One preload per URL for the widget's lifetime; a failure is remembered too, so it is not waited for twice. */
export function createImageCache(preload: (url: string) => Promise<ImageStatus> = preloadImage): ImageCache {
  const settled = new Map<string, ImageStatus>()
  const pending = new Map<string, Promise<ImageStatus>>()
  return {
    status: (url) => settled.get(url),
    load(url) {
      const known = settled.get(url)
      if (known) return Promise.resolve(known)
      let loading = pending.get(url)
      if (!loading) {
        loading = preload(url).then((status) => {
          settled.set(url, status)
          pending.delete(url)
          return status
        })
        pending.set(url, loading)
      }
      return loading
    },
  }
}

/** The placeholder's letters: the initials of the first two words ("Trust Wallet" -> "TW", "Rainbow" -> "R"). */
export function walletInitials(name: string): string {
  const words = name.split(/[\s._-]+/).filter(Boolean)
  return words
    .slice(0, 2)
    .map((word) => [...word][0]!.toUpperCase())
    .join('')
}
