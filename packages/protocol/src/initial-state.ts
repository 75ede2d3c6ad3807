import type { AirlockState } from './state'

/** Kept apart from the schemas so that the host SDK bundle carries no zod. */
export const initialState: AirlockState = {
  ready: false,
  open: false,
  view: 'Connect',
  status: 'disconnected',
  activeNamespace: 'eip155',
  themeMode: 'dark',
}
