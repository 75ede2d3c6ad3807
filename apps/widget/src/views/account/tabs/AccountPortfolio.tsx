import { useAtomValue } from 'jotai'
import { lazy, Suspense } from 'react'
import { Spinner } from '../../../components/Spinner'
import { isEmbeddedConnector } from '../../../connectors/authId'
import { connectionAtom } from '../../../stores/connection'

const AccountTabs = lazy(() => import('./AccountTabs'))

/**
 * SPEC section 2: the embedded wallet's Account view has Tokens, NFTs and Activity tabs. Other
 * connectors show none, and never download the tabs' chunk.
 */
export function EmbeddedAccountTabs() {
  const { status, connectorId, address } = useAtomValue(connectionAtom)
  if (status !== 'connected' || !address || !isEmbeddedConnector(connectorId)) return null
  return (
    <Suspense
      fallback={
        <div className="al-view-loading">
          <Spinner />
        </div>
      }
    >
      <AccountTabs address={address} />
    </Suspense>
  )
}
