import { BALANCE_DECIMALS, formatDecimal } from '@airlock/chains'
import { useAtomValue } from 'jotai'
import { useEffect, useState } from 'react'
import { selectSwapToken } from './actions'
import { navigateAtom } from '../../core/router/atoms'
import { swapAtom } from './store'
import { searchTokens, type SwapToken } from './tokens'
import { useWidget } from '../../core/react'
import { TokenIcon } from '../../ui/TokenIcon'
import '../../ui/tokens.css'
import './swap.css'

type Target = 'sourceToken' | 'toToken'

/** The token picker of one side: my tokens, suggested and popular (by symbol), or search results. */
export default function SwapSelectTokenView({ target }: { target: Target }) {
  const ctx = useWidget()
  const s = useAtomValue(swapAtom)
  const [query, setQuery] = useState('')

  // A picker without a swap behind it (a reload of the widget) has nothing to pick for.
  useEffect(() => {
    if (s.status === 'uninitialized') ctx.store.set(navigateAtom, { type: 'back' })
  }, [ctx, s.status])

  const pick = (token: SwapToken) => selectSwapToken(ctx, target, token)
  const found = query.trim() ? searchTokens(dedupe([...s.myTokensWithBalance, ...s.popularTokens]), query) : undefined

  return (
    <div className="al-swap" data-testid="swap-select-token">
      <input
        className="al-swap-search"
        data-testid="swap-token-search"
        aria-label="Search tokens"
        placeholder="Search token or paste address"
        value={query}
        onChange={(event) => setQuery(event.target.value)}
      />
      {found ? (
        <TokenSection title="Results" id="result" tokens={found} onPick={pick} empty="No tokens found" />
      ) : (
        <>
          {target === 'sourceToken' && <TokenSection title="Your tokens" id="mine" tokens={s.myTokensWithBalance} onPick={pick} />}
          {s.suggestedTokens.length > 0 && (
            <div className="al-swap-suggested" data-testid="swap-suggested">
              {s.suggestedTokens.map((token) => (
                <button
                  key={token.address}
                  type="button"
                  className="al-token-pill al-swap-token"
                  data-testid={`swap-token-suggested-${token.symbol}`}
                  onClick={() => pick(token)}
                >
                  <TokenIcon url={token.logoUri} symbol={token.symbol} />
                  <span>{token.symbol}</span>
                </button>
              ))}
            </div>
          )}
          <TokenSection title="Popular tokens" id="popular" tokens={s.popularTokens} onPick={pick} />
        </>
      )}
    </div>
  )
}

function dedupe(tokens: SwapToken[]): SwapToken[] {
  const seen = new Set<string>()
  return tokens.filter((t) => !seen.has(t.address.toLowerCase()) && seen.add(t.address.toLowerCase()))
}

function TokenSection(props: { title: string; id: string; tokens: SwapToken[]; onPick: (token: SwapToken) => void; empty?: string }) {
  if (props.tokens.length === 0 && !props.empty) return null
  return (
    <section className="al-swap-section" data-testid={`swap-tokens-${props.id}`}>
      <h3 className="al-swap-section-title">{props.title}</h3>
      {props.tokens.length === 0 ? (
        <p className="al-muted" data-testid="swap-tokens-empty">
          {props.empty}
        </p>
      ) : (
        <ul className="al-tab-list">
          {props.tokens.map((token) => (
            <li key={token.address}>
              <button
                type="button"
                className="al-token-row al-swap-token-row"
                data-testid={`swap-token-${props.id}-${token.symbol}`}
                onClick={() => props.onPick(token)}
              >
                <TokenIcon url={token.logoUri} symbol={token.symbol} />
                <span className="al-token-main">
                  <span className="al-token-symbol">{token.symbol}</span>
                  <span className="al-token-name">{token.name}</span>
                </span>
                {token.quantity && <span className="al-token-amount">{formatDecimal(token.quantity.numeric, BALANCE_DECIMALS)}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
