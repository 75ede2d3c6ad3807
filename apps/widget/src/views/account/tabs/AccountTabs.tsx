import { useAtom, useAtomValue } from 'jotai'
import type { KeyboardEvent } from 'react'
import { ACCOUNT_TABS, accountTabAtom, type AccountTab } from '../../../stores/account'
import { activeCaipNetworkIdAtom } from '../../../stores/network'
import { ActivityTab } from './ActivityTab'
import { NftsTab } from './NftsTab'
import { TokensTab } from './TokensTab'
import './tabs.css'

const LABELS: Record<AccountTab, string> = { tokens: 'Tokens', nfts: 'NFTs', activity: 'Activity' }

/** Tokens / NFTs / Activity of the embedded wallet's account; the current tab lives in the account store. */
export default function AccountTabs({ address }: { address: string }) {
  const [tab, setTab] = useAtom(accountTabAtom)
  const caipNetworkId = useAtomValue(activeCaipNetworkIdAtom)

  // WAI-ARIA tabs: arrow keys move between tabs.
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0
    if (!step) return
    event.preventDefault()
    const next = ACCOUNT_TABS[(ACCOUNT_TABS.indexOf(tab) + step + ACCOUNT_TABS.length) % ACCOUNT_TABS.length]!
    setTab(next)
    document.getElementById(`al-account-tab-${next}`)?.focus()
  }

  return (
    <div className="al-tabs" data-testid="account-tabs">
      <div className="al-tabs-list" role="tablist" aria-label="Account" onKeyDown={onKeyDown}>
        {ACCOUNT_TABS.map((name) => (
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
      <div className="al-tabs-panel" role="tabpanel" id={`al-account-panel-${tab}`} aria-labelledby={`al-account-tab-${tab}`}>
        {tab === 'tokens' && <TokensTab key={`${caipNetworkId}:${address}`} address={address} caipNetworkId={caipNetworkId} />}
        {tab === 'nfts' && <NftsTab />}
        {tab === 'activity' && <ActivityTab key={`${caipNetworkId}:${address}`} address={address} caipNetworkId={caipNetworkId} />}
      </div>
    </div>
  )
}
