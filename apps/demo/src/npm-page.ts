import { createAirlock } from '@airlock/sdk'
import { mountDemo } from './demo'

/**
 * `npm.html?networks=eip155:31337,eip155:31338` tries the demo as a dapp of other networks (an
 * eip155-only one, say); `?siwx=on` with sign-in, `?siwx=required` with sign-in required;
 * `?accounts=eoa` as a dapp whose embedded-wallet users start on their EOA (`defaultAccountTypes`);
 * `?sessions=on` with ERC-7715 execution permissions (`features.smartSessions`, off by default).
 */
const query = new URLSearchParams(window.location.search)
const asked = query.get('networks')?.split(',').filter(Boolean)
const siwx = query.get('siwx')
const eoa = query.get('accounts') === 'eoa'
const sessions = query.get('sessions') === 'on'

const airlock = createAirlock({
  projectId: 'demo',
  widgetUrl: import.meta.env.AIRLOCK_WIDGET_URL,
  networks: asked?.length ? asked : ['eip155:31337', 'eip155:31338', 'solana:5txxptpv1W9LM5n8vt4uSbVwmTy4Zn4z'],
  ...(siwx === 'on' || siwx === 'required' ? { siwx: { required: siwx === 'required' } } : {}),
  ...(eoa ? { defaultAccountTypes: { eip155: 'eoa' } } : {}),
  ...(sessions ? { features: { smartSessions: true } } : {}),
  metadata: { name: 'Airlock demo', description: 'The Airlock example dapp', url: window.location.origin, icons: [] },
})
window.airlock = airlock
mountDemo(airlock)
