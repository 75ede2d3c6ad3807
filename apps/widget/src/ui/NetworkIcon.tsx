import type { Network } from '@airlock/chains'
import { useAtomValue } from 'jotai'
import { useState } from 'react'
import { networkImageUrl } from '../core/http/networkImages'
import { optionsAtom } from '../core/options/atoms'
import { useWidget } from '../core/react'

/** The network's image from the api; its initial when the network is unknown or the image fails. */
export function NetworkIcon({ network, label, size = 32 }: { network: Network | undefined; label: string; size?: number }) {
  const ctx = useWidget()
  // The project query changes with setOptions; reading the atom re-renders then.
  useAtomValue(optionsAtom)
  const src = network ? networkImageUrl(ctx.config.apiUrl, ctx.project(), network) : undefined
  const [failed, setFailed] = useState<string>()
  if (src && failed !== src) {
    return (
      <img
        className="al-network-icon"
        src={src}
        alt=""
        width={size}
        height={size}
        draggable={false}
        data-testid="network-icon"
        onError={() => setFailed(src)}
      />
    )
  }
  return (
    <span
      className="al-network-icon al-network-icon-fallback"
      style={{ width: size, height: size }}
      data-initial={label.slice(0, 1).toUpperCase()}
      data-testid="network-icon"
      aria-hidden="true"
    />
  )
}
