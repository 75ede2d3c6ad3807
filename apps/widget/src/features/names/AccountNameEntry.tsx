import { preloadRoute } from '../../core/router/registry'
import { useAtomValue } from 'jotai'
import { namesSupported } from '../../core/names/rules'
import { activeCaipNetworkIdAtom } from '../../core/network/atoms'
import { navigateAtom } from '../../core/router/atoms'
import { useWidget } from '../../core/react'
import { useIdentity } from '../../core/http/useIdentity'
import './entry.css'
import { connectionAtom } from '../../core/session/active'

/**
 * The Account view's way to a name: 'Choose a name' while the connected account has none (once
 * the identity call said so), on eip155 only (SPEC section 5). Kept tiny: it ships with Account.
 */
export function AccountNameEntry() {
  const ctx = useWidget()
  const { address } = useAtomValue(connectionAtom)
  const caipNetworkId = useAtomValue(activeCaipNetworkIdAtom)
  const identity = useIdentity(address)
  if (!address || !namesSupported(caipNetworkId) || !identity || identity.name) return null
  return (
    <button
      type="button"
      className="al-names-entry"
      data-testid="account-choose-name"
      onClick={() => ctx.store.set(navigateAtom, { type: 'push', route: { name: 'RegisterAccountName', params: {} } })}
      onPointerEnter={() => preloadRoute('RegisterAccountName')}
      onFocus={() => preloadRoute('RegisterAccountName')}
    >
      Choose a name
    </button>
  )
}
