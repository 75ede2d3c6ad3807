import { useAtomValue } from 'jotai'
import { isEmbeddedConnector } from '../../connectors/authId'
import { SOCIAL_LABELS } from '../../connectors/auth/socials'
import { authUserAtom } from '../../stores/auth'
import { connectionAtom } from '../../stores/connection'
import { navigateAtom } from '../../stores/router'
import { useWidget } from '../../WidgetProvider'
import { UpdateEmailView } from '../lazy'
import './update-email.css'

/**
 * The Account view's line for an embedded wallet: the email of an email login (with the way to
 * change it, SPEC section 4 "Email update"), or the social account it was made with.
 */
export function AccountAuthDetails() {
  const ctx = useWidget()
  const connectorId = useAtomValue(connectionAtom).connectorId
  const user = useAtomValue(authUserAtom)
  if (!isEmbeddedConnector(connectorId) || !user) return null
  const provider = user.socialProvider ? SOCIAL_LABELS[user.socialProvider] : undefined
  if (provider)
    return (
      <p className="al-account-auth" data-testid="account-social">
        {provider}
        {user.userName ? ` · ${user.userName}` : ''}
      </p>
    )
  if (!user.email) return null
  return (
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
  )
}
