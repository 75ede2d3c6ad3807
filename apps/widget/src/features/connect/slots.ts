import type { SocialProvider } from '@airlock/protocol'
import { createContext, useContext, type ComponentType } from 'react'

/**
 * The Connect view's login sections that other features draw (the embedded wallet's email and
 * social logins). The app shell fills these (app/App.tsx), so connect imports no other feature.
 */
export interface ConnectSlots {
  email: ComponentType
  social: ComponentType<{ providers: readonly SocialProvider[] }>
}

export const ConnectSlotsContext = createContext<ConnectSlots>({ email: () => null, social: () => null })

export const useConnectSlots = (): ConnectSlots => useContext(ConnectSlotsContext)
