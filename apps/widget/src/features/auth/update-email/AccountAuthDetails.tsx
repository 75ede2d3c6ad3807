import { useAtomValue } from 'jotai'
import type { ReactNode } from 'react'
import { isEmbeddedConnector } from '../../../connectors/embedded/id'
import { SOCIAL_LABELS } from '../../../connectors/embedded/socials'
import { authUserAtom } from '../../../connectors/embedded/atoms'
import { navigateAtom } from '../../../core/router/atoms'
import { useWidget } from '../../../core/react'
import { preloadRoute } from '../../../core/router/registry'
import './update-email.css'
import { connectionAtom } from '../../../core/session/active'
import { RecoveryNotices } from '../device/RecoveryNotices'
import { AccountTypeLine } from '../account-type/AccountTypeLine'

/**
 * The Account view's lines for an embedded wallet: the email of an email login (with the way to
 * change it, SPEC section 4 "Email update"), or the social account it was made with; its account
 * type where the network has smart accounts; and its passkeys, which open it on a new device.
 */
export function AccountAuthDetails() {
  const connectorId = useAtomValue(connectionAtom).connectorId
  const user = useAtomValue(authUserAtom)
  if (!isEmbeddedConnector(connectorId) || !user) return null
  const provider = user.socialProvider ? SOCIAL_LABELS[user.socialProvider] : undefined
  const passkeys = (
    <>
      <AccountTypeLine />
      <Passkeys count={user.passkeys} />
      <RecoveryNotices />
    </>
  )
  if (provider)
    return (
      <>
        <p className="al-account-auth" data-testid="account-social">
          {provider}
          {user.userName ? ` · ${user.userName}` : ''}
        </p>
        {passkeys}
      </>
    )
  if (!user.email) return passkeys
  return (
    <>
      <div className="al-account-auth">
        <span className="al-account-email" data-testid="account-email" title={user.email}>
          {user.email}
        </span>
        <OpenView testId="update-email-button" route="UpdateEmail">
          Edit
        </OpenView>
      </div>
      {passkeys}
    </>
  )
}

/** How many passkeys protect the wallet, and the way to add one (the secure frame creates it). */
function Passkeys({ count }: { count: number }) {
  return (
    <div className="al-account-auth">
      <span className="al-muted" data-testid="account-passkeys">
        {count === 0 ? 'No passkey' : count === 1 ? '1 passkey' : `${count} passkeys`}
      </span>
      <OpenView testId="add-passkey" route="AddPasskey">
        Add a passkey
      </OpenView>
    </div>
  )
}

/** A link to a view of the account's login, its chunk loaded as the pointer comes near. */
function OpenView({ testId, route, children }: { testId: string; route: 'UpdateEmail' | 'AddPasskey'; children: ReactNode }) {
  const ctx = useWidget()
  return (
    <button
      type="button"
      className="al-link-button"
      data-testid={testId}
      onPointerEnter={() => preloadRoute(route)}
      onFocus={() => preloadRoute(route)}
      onClick={() => ctx.store.set(navigateAtom, { type: 'push', route: { name: route } })}
    >
      {children}
    </button>
  )
}
