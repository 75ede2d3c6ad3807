import type { Airlock, createAirlock } from '@airlock/sdk'

declare global {
  interface Window {
    airlock?: Airlock
    Airlock?: { createAirlock: typeof createAirlock }
  }
}
