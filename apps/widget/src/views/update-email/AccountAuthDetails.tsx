import { useAtomValue } from 'jotai'
import { isEmbeddedConnector } from '../../connectors/authId'
import { SOCIAL_LABELS } from '../../connectors/auth/socials'
import { authUserAtom } from '../../stores/auth'
import { connectionAtom } from '../../stores/connection'
import { navigateAtom } from '../../stores/router'
import { useWidget } from '../../WidgetProvider'
import { AddPasskeyView, UpdateEmailView } from '../lazy'
import './update-email.css'

/**
 * The Account view's lines for an embedded wallet: the email of an email login (with the way to
 * change it, SPEC section 4 "Email update"), or the social account it was made with; and its
 * passkeys, which open it on a new device.
 */
export function AccountAuthDetails() {
  const ctx = useWidget()
  const connectorId = useAtomValue(connectionAtom).connectorId
  const user = useAtomValue(authUserAtom)
  if (!isEmbeddedConnector(connectorId) || !user) return null
  const provider = user.socialProvider ? SOCIAL_LABELS[user.socialProvider] : undefined
  const passkeys = <Passkeys count={user.passkeys} />
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
        <button
          type="button"
          className="al-link-button"
          data-testid="update-email-button"
          onPointerEnter={UpdateEmailView.preload}
          onFocus={UpdateEmailView.preload}
          onClick={() => ctx.store.set(navigateAtom, { type: 'push', route: { name: 'UpdateEmail' } })}
        >
          Edit
        </button>
      </div>
      {passkeys}
    </>
  )
}

/** How many passkeys protect the wallet, and the way to add one (the secure frame creates it). */
function Passkeys({ count }: { count: number }) {
  const ctx = useWidget()
  return (
    <div className="al-account-auth">
      <span className="al-muted" data-testid="account-passkeys">
        {count === 0 ? 'No passkey' : count === 1 ? '1 passkey' : `${count} passkeys`}
      </span>
      <button
        type="button"
        className="al-link-button"
        data-testid="add-passkey"
        onPointerEnter={AddPasskeyView.preload}
        onFocus={AddPasskeyView.preload}
        onClick={() => ctx.store.set(navigateAtom, { type: 'push', route: { name: 'AddPasskey' } })}
      >
        Add a passkey
      </button>
    </div>
  )
}
