import { createContext, useContext, type ComponentType } from 'react'

/**
 * What other features show inside the Account view. The app shell fills these (app/App.tsx), so
 * the account feature imports no other feature.
 */
export interface AccountSlots {
  /** Sections under the address: a name to register, the embedded wallet's login details. */
  details: readonly ComponentType[]
  /** The Activity tab's list. */
  activity: ComponentType<{ address: string; caipNetworkId: string }>
}

export const AccountSlotsContext = createContext<AccountSlots>({ details: [], activity: () => null })

export const useAccountSlots = (): AccountSlots => useContext(AccountSlotsContext)
