import { useAtom, useAtomValue } from 'jotai'
import { Suspense, type KeyboardEvent } from 'react'
import { Spinner } from '../../../ui/Spinner'
import { ACCOUNT_TABS, accountTabAtom, type AccountTab } from '../atoms'
import { historyEnabled } from '../walletFeatures'
import { activeCaipNetworkIdAtom } from '../../../core/network/atoms'
import { optionsAtom } from '../../../core/options/atoms'
import { useAccountSlots } from '../slots'
import { NftsTab } from './NftsTab'
import { TokensTab } from './TokensTab'

const LABELS: Record<AccountTab, string> = { tokens: 'Tokens', nfts: 'NFTs', activity: 'Activity' }

/** Tokens / NFTs / Activity of the embedded wallet's account; the current tab lives in the account store. */
export default function AccountTabs({ address }: { address: string }) {
  const [stored, setTab] = useAtom(accountTabAtom)
  const caipNetworkId = useAtomValue(activeCaipNetworkIdAtom)
  const { activity: HistoryList } = useAccountSlots()
  // The history switch (SPEC section 1) takes the Activity tab away.
  const tabs: readonly AccountTab[] = historyEnabled(useAtomValue(optionsAtom))
    ? ACCOUNT_TABS
    : ACCOUNT_TABS.filter((name) => name !== 'activity')
  const tab = tabs.includes(stored) ? stored : 'tokens'

  // WAI-ARIA tabs: arrow keys move between tabs.
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
    if (!step) return
    event.preventDefault()
    const next = tabs[(tabs.indexOf(tab) + step + tabs.length) % tabs.length]!
    setTab(next)
    document.getElementById(`al-account-tab-${next}`)?.focus()
  }

  return (
    <div className="al-tabs" data-testid="account-tabs">
      <div className="al-tabs-list" role="tablist" aria-label="Account" onKeyDown={onKeyDown}>
        {tabs.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`al-account-tab-${name}`}
            aria-selected={tab === name}
            aria-controls={`al-account-panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            className="al-tab"
            data-testid={`account-tab-${name}`}
            onClick={() => setTab(name)}
          >
            {LABELS[name]}
          </button>
        ))}
      </div>
      <div className="al-portfolio-panel" role="tabpanel" id={`al-account-panel-${tab}`} aria-labelledby={`al-account-tab-${tab}`}>
        {tab === 'tokens' && <TokensTab key={`${caipNetworkId}:${address}`} address={address} caipNetworkId={caipNetworkId} />}
        {tab === 'nfts' && <NftsTab />}
        {tab === 'activity' && (
          <Suspense fallback={<Spinner label="Loading activity" />}>
            <HistoryList address={address} caipNetworkId={caipNetworkId} />
          </Suspense>
        )}
      </div>
    </div>
  )
}
