import { useState } from 'react'
import { useWidget } from '../core/react'

/**
 * A token's icon when the widget's CSP lets it load (img-src: data:, the widget and api origins,
 * which is where the api's icon URLs point, with the project query the api asks); otherwise, or when it fails, the symbol's first letter.
 */
export function TokenIcon({ url, symbol }: { url: string | undefined; symbol: string }) {
  const { config, explorer } = useWidget()
  const [failed, setFailed] = useState(false)
  const show = url !== undefined && !failed && loadable(url, config.apiUrl)
  return show ? (
    <img
      className="al-token-icon"
      src={explorer.apiImageUrl(url)}
      alt=""
      width={32}
      height={32}
      referrerPolicy="no-referrer"
      onError={() => setFailed(true)}
    />
  ) : (
    <span className="al-token-icon" aria-hidden="true">
      {symbol.slice(0, 1).toUpperCase()}
    </span>
  )
}

function loadable(url: string, apiUrl: string): boolean {
  if (url.startsWith('data:image/')) return true
  try {
    const origin = new URL(url).origin
    return origin === new URL(apiUrl).origin || origin === globalThis.location?.origin
  } catch {
    return false
  }
}
