import { BALANCE_DECIMALS, formatDecimal } from '@airlock/chains'
import type { TokenBalance } from '../core/http/accountData'
import { TokenIcon } from './TokenIcon'
import { formatUsd } from './format'

/**
 * What a token row shows (the Tokens tab, the send token picker): icon, symbol and name, the
 * balance and its USD value. `exactOnHover` titles the rounded balance with the exact quantity.
 */
export function TokenRowBody({ token, exactOnHover = false }: { token: TokenBalance; exactOnHover?: boolean }) {
  return (
    <>
      <TokenIcon url={token.iconUrl} symbol={token.symbol} />
      <span className="al-token-main">
        <span className="al-token-symbol">{token.symbol}</span>
        <span className="al-token-name">{token.name}</span>
        {token.breakdown && (
          // A Polkadot balance: what a transfer may move, what is held, and the least the account must keep.
          <span
            className="al-token-breakdown"
            data-testid="token-breakdown"
            title={`Free ${token.breakdown.free}, frozen ${token.breakdown.frozen}; the account must keep ${token.breakdown.existentialDeposit} ${token.symbol} (existential deposit)`}
          >
            {formatDecimal(token.breakdown.transferable, BALANCE_DECIMALS)} transferable ·{' '}
            {formatDecimal(token.breakdown.reserved, BALANCE_DECIMALS)} reserved
          </span>
        )}
      </span>
      <span className="al-token-figures">
        <span
          className="al-token-amount"
          data-testid="token-amount"
          title={exactOnHover ? `${token.quantity.numeric} ${token.symbol}` : undefined}
        >
          {formatDecimal(token.quantity.numeric, BALANCE_DECIMALS)}
        </span>
        <span className="al-token-value" data-testid="token-value">
          {formatUsd(token.value)}
        </span>
      </span>
    </>
  )
}
