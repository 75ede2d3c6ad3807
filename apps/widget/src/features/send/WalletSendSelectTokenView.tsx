import { useAtomValue } from 'jotai'
import { useEffect, useState } from 'react'
import { loadSendTokens, selectSendToken } from './actions'
import { Spinner } from '../../ui/Spinner'
import { sendAtom } from './store'
import { useWidget } from '../../core/react'
import { TokenRowBody } from '../../ui/TokenRowBody'
import '../../ui/tokens.css'
import './send.css'

/** The tokens held on the active network (native and ERC-20), filtered by name or symbol. */
export default function WalletSendSelectTokenView() {
  const ctx = useWidget()
  const { tokenBalances } = useAtomValue(sendAtom)
  const [search, setSearch] = useState('')

  useEffect(() => {
    if (tokenBalances === undefined) void loadSendTokens(ctx)
  }, [ctx, tokenBalances])

  const query = search.trim().toLowerCase()
  const shown = (tokenBalances ?? []).filter(
    (token) => !query || token.symbol.toLowerCase().includes(query) || token.name.toLowerCase().includes(query),
  )

  return (
    <section className="al-send" data-testid="send-select-token-view">
      <input
        className="al-bare-input al-send-receiver-input"
        data-testid="send-token-search"
        placeholder="Search token"
        aria-label="Search token"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {tokenBalances === undefined && <Spinner size={16} label="Loading tokens" />}
      {tokenBalances !== undefined && shown.length === 0 && (
        <p className="al-send-note" data-testid="send-token-empty">
          {query ? 'No token matches' : 'No tokens on this network yet.'}
        </p>
      )}
      <ul className="al-tab-list">
        {shown.map((token) => (
          <li key={token.address ?? 'native'}>
            <button
              type="button"
              className="al-token-row al-send-token-row"
              data-testid={`send-token-${token.symbol}`}
              onClick={() => selectSendToken(ctx, token)}
            >
              <TokenRowBody token={token} />
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}
