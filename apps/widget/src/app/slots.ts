import { lazyView } from '../core/router/registry'
import type { AccountSlots } from '../features/account/slots'
import { EmailLoginSection } from '../features/auth/email/EmailLoginSection'
import { SocialSection } from '../features/auth/social/SocialSection'
import type { ConnectSlots } from '../features/connect/slots'

/**
 * Where features show inside each other's views, wired here so that no feature imports another.
 * The Connect view's logins are its first paint; the Account view's parts load with it (routes.ts).
 */
export const connectSlots: ConnectSlots = { email: EmailLoginSection, social: SocialSection }

const nameEntry = lazyView<object>(() => import('../features/names/AccountNameEntry').then((m) => ({ default: m.AccountNameEntry })))
const authDetails = lazyView<object>(() =>
  import('../features/auth/update-email/AccountAuthDetails').then((m) => ({ default: m.AccountAuthDetails })),
)
const historyList = lazyView<{ address: string; caipNetworkId: string }>(() =>
  import('../features/history/HistoryList').then((m) => ({ default: m.HistoryList })),
)

export const accountSlots: AccountSlots = {
  details: [nameEntry.Component, authDetails.Component],
  activity: historyList.Component,
}

export const preloadAccountSlots = (): Promise<unknown> => Promise.all([nameEntry.preload(), authDetails.preload(), historyList.preload()])
