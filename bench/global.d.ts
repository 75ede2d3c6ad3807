import type { Airlock } from '@airlock/sdk'

declare global {
  interface Window {
    airlock?: Airlock
  }
}
