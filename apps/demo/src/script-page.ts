import type { Airlock } from '@airlock/sdk'
import { mountDemo } from './demo'

declare global {
  interface Window {
    airlock?: Airlock
  }
}

// The SDK script is async: it may run before or after this module.
if (window.airlock) mountDemo(window.airlock)
else window.addEventListener('airlock:ready', () => window.airlock && mountDemo(window.airlock), { once: true })
