import { useMemo } from 'react'
import { qrShape } from './qrPath'

interface QrCodeProps {
  uri: string
  /** Shown in the centre: the wallet's image (an api URL or a data: URI). */
  logoUrl?: string | undefined
  /** CSS pixels per side. */
  size?: number
}

/** A themed SVG QR code: light modules are always light so that phone cameras read it in dark mode too. */
export function QrCode({ uri, logoUrl, size = 280 }: QrCodeProps) {
  const shape = useMemo(() => qrShape(uri, true), [uri])
  const quiet = 2
  const box = shape.size + quiet * 2
  return (
    <svg
      className="al-qr"
      data-testid="wc-qr"
      data-uri={uri}
      role="img"
      aria-label="QR code to scan with your wallet"
      width={size}
      height={size}
      viewBox={`${-quiet} ${-quiet} ${box} ${box}`}
      shapeRendering="crispEdges"
    >
      <rect x={-quiet} y={-quiet} width={box} height={box} rx={2} className="al-qr-bg" />
      <path d={shape.modules} className="al-qr-fg" />
      {shape.finders.map(([x, y]) => (
        <g key={`${x}:${y}`} className="al-qr-finder" shapeRendering="geometricPrecision">
          <rect x={x + 0.5} y={y + 0.5} width={6} height={6} rx={1.6} fill="none" strokeWidth={1} />
          <rect x={x + 2} y={y + 2} width={3} height={3} rx={0.8} />
        </g>
      ))}
      {shape.logo.span > 0 &&
        (logoUrl ? (
          <image
            href={logoUrl}
            x={shape.logo.start}
            y={shape.logo.start}
            width={shape.logo.span}
            height={shape.logo.span}
            preserveAspectRatio="xMidYMid meet"
            clipPath="inset(0 round 22%)"
          />
        ) : (
          <WalletConnectMark x={shape.logo.start} y={shape.logo.start} span={shape.logo.span} />
        ))}
    </svg>
  )
}

/** The WalletConnect bridge mark, for the plain QR entry. */
function WalletConnectMark({ x, y, span }: { x: number; y: number; span: number }) {
  return (
    <svg x={x} y={y} width={span} height={span} viewBox="0 0 40 40" shapeRendering="geometricPrecision">
      <rect width="40" height="40" rx="9" className="al-qr-mark-bg" />
      <path
        className="al-qr-mark"
        d="M12.3 15.6c4.3-4.2 11.2-4.2 15.4 0l.5.5c.2.2.2.6 0 .8l-1.8 1.7a.3.3 0 0 1-.4 0l-.7-.7a7.7 7.7 0 0 0-10.7 0l-.8.8a.3.3 0 0 1-.4 0l-1.8-1.8a.6.6 0 0 1 0-.8l.7-.5Zm19 3.6 1.6 1.6c.2.2.2.6 0 .8l-7.2 7a.6.6 0 0 1-.8 0l-5.1-5a.1.1 0 0 0-.2 0l-5.1 5a.6.6 0 0 1-.8 0l-7.2-7a.6.6 0 0 1 0-.8l1.6-1.6a.6.6 0 0 1 .8 0l5.1 5c.1.1.2.1.2 0l5.1-5a.6.6 0 0 1 .8 0l5.1 5c.1.1.2.1.2 0l5.1-5a.6.6 0 0 1 .8 0Z"
      />
    </svg>
  )
}
