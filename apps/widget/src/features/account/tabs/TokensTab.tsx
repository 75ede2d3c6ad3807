import { useEffect, useState } from 'react'
import { Spinner } from '../../../ui/Spinner'
import type { TokenBalance } from '../../../core/http/accountData'
import { useWidget } from '../../../core/react'
import { TokenRowBody } from '../../../ui/TokenRowBody'
import { toastOnce } from '../../../ui/format'

type State = { status: 'loading' } | { status: 'success'; balances: TokenBalance[] } | { status: 'error' }

/** SPEC section 8: a balance failure (retried at most every 30 s, see api/accountData.ts). */
export const TOKEN_BALANCE_UNAVAILABLE = 'Token Balance Unavailable'

/** Highest USD value first; equal values (unpriced tokens) by symbol. */
export function sortByValue(balances: readonly TokenBalance[]): TokenBalance[] {
  return [...balances].sort((a, b) => b.value - a.value || a.symbol.localeCompare(b.symbol))
}

export function TokensTab({ address, caipNetworkId }: { address: string; caipNetworkId: string }) {
  const ctx = useWidget()
  const [state, setState] = useState<State>({ status: 'loading' })

  useEffect(() => {
    let live = true
    ctx.accountData.balances(address, caipNetworkId).then(
      (balances) => live && setState({ status: 'success', balances: sortByValue(balances) }),
      (error: unknown) => {
        if (!live) return
        setState({ status: 'error' })
        toastOnce(ctx, error, TOKEN_BALANCE_UNAVAILABLE)
      },
    )
    return () => {
      live = false
    }
  }, [ctx, address, caipNetworkId])

  if (state.status === 'loading') {
    return (
      <div className="al-tab-state" data-testid="tokens-loading">
        <Spinner size={16} label="Loading tokens" />
      </div>
    )
  }
  if (state.status === 'error') {
    return (
      <div className="al-tab-state" data-testid="tokens-error">
        <span className="al-empty-title">{TOKEN_BALANCE_UNAVAILABLE}</span>
        <span>Balances could not be loaded. Try again in a moment.</span>
      </div>
    )
  }
  if (state.balances.length === 0) {
    return (
      <div className="al-tab-state" data-testid="tokens-empty">
        <span className="al-empty-title">No tokens yet</span>
        <span>Tokens this account holds on this network show up here.</span>
      </div>
    )
  }
  return (
    <ul className="al-tab-list">
      {state.balances.map((token) => (
        <li key={`${token.chainId}:${token.address ?? 'native'}`} className="al-token-row" data-testid={`token-row-${token.symbol}`}>
          <TokenRowBody token={token} exactOnHover />
        </li>
      ))}
    </ul>
  )
}
