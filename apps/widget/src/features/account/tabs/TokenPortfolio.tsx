import { preloadRoute } from '../../../core/router/registry'
import { useAtomValue } from 'jotai'
import { historyEnabled } from '../walletFeatures'
import { Button } from '../../../ui/Button'
import { activeCaipNetworkIdAtom } from '../../../core/network/atoms'
import { optionsAtom } from '../../../core/options/atoms'
import { navigateAtom } from '../../../core/router/atoms'
import { useWidget } from '../../../core/react'
import { TokensTab } from './TokensTab'

/** The token list of a browser-wallet or WalletConnect account, and the way to its Activity list. */
export default function TokenPortfolio({ address }: { address: string }) {
  const ctx = useWidget()
  const caipNetworkId = useAtomValue(activeCaipNetworkIdAtom)
  const options = useAtomValue(optionsAtom)
  return (
    <>
      <div className="al-portfolio-panel">
        <TokensTab key={`${caipNetworkId}:${address}`} address={address} caipNetworkId={caipNetworkId} />
      </div>
      {historyEnabled(options) && (
        <Button
          variant="secondary"
          className="al-portfolio-activity"
          data-testid="account-activity"
          onClick={() => ctx.store.set(navigateAtom, { type: 'push', route: { name: 'Transactions' } })}
          onPointerEnter={() => preloadRoute('Transactions')}
          onFocus={() => preloadRoute('Transactions')}
        >
          Activity
        </Button>
      )}
    </>
  )
}
