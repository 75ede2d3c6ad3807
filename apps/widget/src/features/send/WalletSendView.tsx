import { BALANCE_DECIMALS, formatDecimal, shortAddress } from '@airlock/chains'
import { useAtomValue } from 'jotai'
import { useEffect } from 'react'
import { loadSendTokens, sendTokens, setMaxAmount, setReceiver, setSendAmount, tokenDecimals, tokenUnits } from './actions'
import { AmountInput } from '../../ui/AmountInput'
import { Button } from '../../ui/Button'
import { Spinner } from '../../ui/Spinner'
import { checkAmount } from './amount'
import { navigateAtom } from '../../core/router/atoms'
import { sendAtom } from './store'
import { useWidget } from '../../core/react'
import { Avatar } from '../../ui/Avatar'
import { TokenIcon } from '../../ui/TokenIcon'
import { formatUsd } from '../../ui/format'
import '../../ui/tokens.css'
import './send.css'

/** SPEC sections 3-5: token, amount with Max, receiver (address or name), gas in USD, then send. */
export default function WalletSendView() {
  const ctx = useWidget()
  const send = useAtomValue(sendAtom)
  const { token, receiver } = send

  useEffect(() => {
    void loadSendTokens(ctx)
  }, [ctx])

  const amount =
    token && send.sendTokenAmount.trim() !== ''
      ? checkAmount(send.sendTokenAmount, { symbol: token.symbol, decimals: tokenDecimals(token), balance: tokenUnits(token) })
      : undefined
  const amountError = amount && !amount.ok ? amount.error : undefined
  const ready = Boolean(token && amount?.ok && receiver.status === 'resolved')
  const buttonText = !token
    ? 'Select a token'
    : !amount
      ? 'Enter an amount'
      : amountError
        ? amountError
        : receiver.status === 'resolved'
          ? 'Send'
          : 'Add a receiver'

  return (
    <section className="al-send" data-testid="wallet-send-view">
      <div className="al-panel al-send-box">
        <div className="al-send-row">
          <AmountInput
            className="al-bare-input al-send-amount"
            testId="send-amount-input"
            aria-label="Amount"
            invalid={Boolean(amountError)}
            value={send.sendTokenAmount}
            disabled={send.loading}
            onValueChange={(value) => setSendAmount(ctx, value)}
          />
          <button
            type="button"
            className="al-token-pill"
            data-testid="send-token-button"
            onClick={() => ctx.store.set(navigateAtom, { type: 'push', route: { name: 'WalletSendSelectToken' } })}
          >
            {token ? (
              <>
                <TokenIcon url={token.iconUrl} symbol={token.symbol} />
                <span data-testid="send-token-symbol">{token.symbol}</span>
              </>
            ) : (
              'Select token'
            )}
          </button>
        </div>
        <div className="al-send-row al-send-sub">
          <span data-testid="send-amount-usd">
            {token && amount?.ok ? formatUsd(Number(send.sendTokenAmount.replaceAll(',', '')) * token.price) : formatUsd(0)}
          </span>
          {token && (
            <span className="al-send-balance">
              <span data-testid="send-balance">
                {formatDecimal(token.quantity.numeric, BALANCE_DECIMALS)} {token.symbol}
              </span>
              <button type="button" className="al-send-max" data-testid="send-max" onClick={() => void setMaxAmount(ctx)}>
                Max
              </button>
            </span>
          )}
        </div>
        {amountError && (
          <p className="al-send-error" role="alert" data-testid="send-amount-error">
            {amountError}
          </p>
        )}
        {send.tokenBalances?.length === 0 && (
          <p className="al-send-note" data-testid="send-no-tokens">
            No tokens on this network yet.
          </p>
        )}
      </div>

      <div className="al-panel al-send-box">
        <input
          className="al-bare-input al-send-receiver-input"
          data-testid="send-receiver-input"
          autoComplete="off"
          spellCheck={false}
          placeholder="Address or name (alice.airlock.id)"
          aria-label="Receiver"
          aria-invalid={receiver.status === 'error' ? true : undefined}
          value={send.receiverInput}
          onChange={(event) => setReceiver(ctx, event.target.value)}
        />
        {receiver.status === 'resolving' && (
          <p className="al-send-note" data-testid="send-receiver-resolving">
            <Spinner size={12} label="Resolving name" /> Resolving {receiver.name}
          </p>
        )}
        {receiver.status === 'resolved' && (
          <div className="al-send-receiver" data-testid="send-receiver-resolved" title={receiver.address}>
            <Avatar address={receiver.address} image={receiver.profileImageUrl} />
            <span className="al-send-receiver-text">
              {receiver.profileName && <span data-testid="send-receiver-name">{receiver.profileName}</span>}
              <span className="al-muted" data-testid="send-receiver-address">
                {shortAddress(receiver.address)}
              </span>
            </span>
          </div>
        )}
        {receiver.status === 'error' && (
          <p className="al-send-error" role="alert" data-testid="send-receiver-error">
            {receiver.error}
          </p>
        )}
      </div>

      <div className="al-send-row al-send-sub" data-testid="send-gas">
        <span>Network fee</span>
        <span data-testid="send-gas-usd">{send.gasPriceInUSD === undefined ? '–' : `≈ ${formatUsd(send.gasPriceInUSD)}`}</span>
      </div>

      <Button data-testid="send-button" disabled={!ready || send.loading} onClick={() => void sendTokens(ctx)}>
        {send.loading ? <Spinner size={16} label="Sending" /> : buttonText}
      </Button>
    </section>
  )
}
