import { useEffect, useState } from 'react'
import { createImageCache, walletInitials, type ImageStatus } from './image'
import { WalletIcon } from './icons'
import './wallet-image.css'

/** One cache for the widget: a tile scrolled out and back in shows its image (or placeholder) at once. */
export const walletImages = { cache: createImageCache() }

/**
 * An explorer or custom wallet image, preloaded with the 2 s timeout (SPEC section 9). Until it
 * has loaded a blank tile is shown; after an error or the timeout, the name's initials.
 */
export function WalletImage({ url, name, size = 40 }: { url: string | undefined; name: string; size?: number }) {
  const [settled, setSettled] = useState<{ url: string; status: ImageStatus }>()
  const status: ImageStatus | undefined = !url
    ? 'failed'
    : (walletImages.cache.status(url) ?? (settled?.url === url ? settled.status : undefined))

  useEffect(() => {
    if (!url || walletImages.cache.status(url)) return
    let live = true
    void walletImages.cache.load(url).then((result) => {
      if (live) setSettled({ url, status: result })
    })
    return () => {
      live = false
    }
  }, [url])

  if (status === 'loaded')
    return <img className="al-wallet-image" src={url} alt="" width={size} height={size} decoding="async" draggable={false} />
  const initials = status === 'failed' ? walletInitials(name) : ''
  return (
    <span
      className="al-wallet-image al-wallet-image-placeholder"
      data-testid="wallet-image-placeholder"
      data-state={status ?? 'loading'}
      style={{ width: size, height: size, fontSize: size * 0.36 }}
      aria-hidden="true"
    >
      {status === 'failed' && (initials || <WalletIcon width={size / 2} height={size / 2} />)}
    </span>
  )
}
