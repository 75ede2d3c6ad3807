import { shortAddress } from '@airlock/chains'
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
 * The Account view's name row, on eip155 only (SPEC section 5): 'Choose a name' while the connected
 * account has none (once the identity call said so); the short address under the name when it has
 * one, since the name replaces the address in the title. The row holds its height from the first
 * paint, while the identity call is out: a row appearing later above the feature buttons would push
 * them down under the user's pointer. Kept tiny: it ships with Account.
 */
export function AccountNameEntry() {
  const { address } = useAtomValue(connectionAtom)
  const caipNetworkId = useAtomValue(activeCaipNetworkIdAtom)
  const identity = useIdentity(address)
  if (!address || !namesSupported(caipNetworkId)) return null
  return (
    <div className="al-names-row" data-testid="account-name-row">
      {identity?.name ? (
        <span className="al-names-address" data-testid="account-name-address" title={address}>
          {shortAddress(address)}
        </span>
      ) : identity ? (
        <ChooseName />
      ) : null}
    </div>
  )
}

function ChooseName() {
  const ctx = useWidget()
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
