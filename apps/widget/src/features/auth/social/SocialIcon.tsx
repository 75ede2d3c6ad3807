import type { SocialProvider } from '@airlock/protocol'
import type { SVGProps } from 'react'

/** Line drawings of the providers' marks, in the widget's icon style (stroke, currentColor). */
const PATHS: Readonly<Record<SocialProvider, readonly string[]>> = {
  google: ['M11.9 4.1A5.5 5.5 0 1 0 13.5 8.2H8.5'],
  x: ['M2.5 2.5h3.2l7.8 11h-3.2z', 'M13.2 2.5 8.9 7.4M7.1 9.4l-4.4 4.6'],
  discord: [
    'M4.5 4.2c2.3-.9 4.7-.9 7 0 1.2 1.8 1.9 3.8 2 6.1-1 .9-2.2 1.5-3.3 1.9l-.8-1.3',
    'M4.5 4.2c-1.2 1.8-1.9 3.8-2 6.1 1 .9 2.2 1.5 3.3 1.9l.8-1.3M5.2 10.4c1.8.7 3.8.7 5.6 0',
    'M6 7.6v.8M10 7.6v.8',
  ],
  github: [
    'M6 13.5v-2c0-.6.2-1.1.6-1.5C4.4 9.8 3 8.9 3 6.7c0-.8.3-1.5.8-2.1-.1-.6-.1-1.3.2-1.9 0 0 .7-.2 2.1.8a7 7 0 0 1 3.8 0c1.4-1 2.1-.8 2.1-.8.3.6.3 1.3.2 1.9.5.6.8 1.3.8 2.1 0 2.2-1.4 3.1-3.6 3.3.4.4.6.9.6 1.5v2',
    'M6 12c-1.9.6-2.5-.8-3-1',
  ],
  apple: [
    'M8.1 4.9c-.2-1.6.8-3 2.3-3.4',
    'M12.2 5.8c-1-1-2.3-1-3.2-.5-.6.3-1.2.3-1.8 0-.9-.5-2.2-.5-3.2.5C2.7 7.2 2.9 10 4.3 12.2c.7 1.1 1.6 1.8 2.5 1.4.8-.4 1.6-.4 2.4 0 .9.4 1.8-.3 2.5-1.4.4-.6.7-1.2.9-1.8-1.5-.7-2.1-2.6-1.2-4 .2-.2.5-.4.8-.6z',
  ],
  farcaster: ['M3 2.5h10M4 2.5v11M12 2.5v11M2.5 13.5h3M10.5 13.5h3', 'M4 9.5c0-2.2 1.8-4 4-4s4 1.8 4 4'],
  facebook: ['M14.5 8a6.5 6.5 0 1 0-6.5 6.5', 'M14.5 8a6.5 6.5 0 0 1-5 6.3V6.8c0-.9.6-1.5 1.5-1.5h.8M6.8 8.9h4'],
}

export function SocialIcon({ provider, ...props }: { provider: SocialProvider } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.4"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      {...props}
    >
      {PATHS[provider].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  )
}
