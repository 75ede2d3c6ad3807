import { createAirlock } from '@airlock/sdk'
import { mountDemo } from './demo'

const airlock = createAirlock({
  projectId: 'demo',
  widgetUrl: import.meta.env.AIRLOCK_WIDGET_URL,
  networks: ['eip155:31337', 'eip155:31338', 'solana:5txxptpv1W9LM5n8vt4uSbVwmTy4Zn4z'],
  metadata: { name: 'Airlock demo', description: 'The Airlock example dapp', url: window.location.origin, icons: [] },
})
window.airlock = airlock
mountDemo(airlock)
