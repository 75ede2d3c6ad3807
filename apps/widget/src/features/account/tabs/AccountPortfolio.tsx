import { useAtomValue } from 'jotai'
import { lazy, Suspense } from 'react'
import { Spinner } from '../../../ui/Spinner'
import { isEmbeddedConnector } from '../../../connectors/embedded/id'
import { connectionAtom } from '../../../core/session/active'
import '../../../ui/tokens.css'

const AccountTabs = lazy(() => import('./AccountTabs'))
const TokenPortfolio = lazy(() => import('./TokenPortfolio'))

/**
 * The account's tokens (and its activity), below the Account view's header. SPEC section 2: the
 * embedded wallet's account has Tokens, NFTs and Activity tabs; other connectors get the token
 * list and an Activity button to the Transactions view. Both load in their own chunk after the
 * Account view's first paint. The area has one height from that paint on, whatever it holds
 * (tokens.css `.al-portfolio`): the card keeps its top as it grows (app/cardAnchor.ts) only while
 * it fits the viewport, and moves up past that, with the feature buttons above.
 */
export function AccountPortfolio() {
  const { status, connectorId, address } = useAtomValue(connectionAtom)
  if (status !== 'connected' || !address) return null
  return (
    <div className="al-portfolio" data-testid="account-portfolio">
      <Suspense
        fallback={
          <div className="al-portfolio-panel al-tab-state">
            <Spinner size={16} />
          </div>
        }
      >
        {isEmbeddedConnector(connectorId) ? <AccountTabs address={address} /> : <TokenPortfolio address={address} />}
      </Suspense>
    </div>
  )
}
