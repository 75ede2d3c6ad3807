import { useEffect, useState } from 'react'
import { checkPurchase } from './actions'
import { Button } from '../../ui/Button'
import { Spinner } from '../../ui/Spinner'
import type { LandedPurchase } from './purchase'
import { formatCrypto } from './quote'
import { navigateAtom } from '../../core/router/atoms'
import { useWidget } from '../../core/react'
import './onramp.css'

/** How often the purchase history is read while the checkout runs. */
export const PURCHASE_POLL_MS = 3_000

const STATUS_TEXT: Record<LandedPurchase['status'] | 'waiting', string> = {
  waiting: 'Complete the purchase in the checkout window.',
  pending: 'Payment received: sending the crypto to your wallet…',
  success: 'Purchase complete',
  failed: 'The purchase failed',
}

/**
 * After the checkout opened: reads the account's on-ramp history every few seconds until a purchase
 * made after `startedAt` lands, and follows it from pending to its end. Polling stops on unmount.
 */
export default function BuyInProgressView({ startedAt, purchaseCurrency }: { startedAt: number; purchaseCurrency: string }) {
  const ctx = useWidget()
  const [purchase, setPurchase] = useState<LandedPurchase>()
  const [pollFailed, setPollFailed] = useState(false)
  const done = purchase?.status === 'success' || purchase?.status === 'failed'

  useEffect(() => {
    if (done) return
    let stopped = false
    let timer: ReturnType<typeof setTimeout> | undefined
    const poll = async () => {
      try {
        const found = await checkPurchase(ctx, startedAt, purchaseCurrency)
        if (stopped) return
        setPollFailed(false)
        if (found) setPurchase(found)
        if (found?.status === 'success' || found?.status === 'failed') return
      } catch {
        if (stopped) return
        setPollFailed(true)
      }
      timer = setTimeout(() => void poll(), PURCHASE_POLL_MS)
    }
    void poll()
    return () => {
      stopped = true
      clearTimeout(timer)
    }
  }, [ctx, startedAt, purchaseCurrency, done])

  const status = purchase?.status ?? 'waiting'
  return (
    <section className="al-onramp al-buy-progress" data-testid="buy-in-progress" data-status={status}>
      {done ? null : <Spinner size={32} label="Waiting for the purchase" />}
      <p className="al-buy-progress-title" data-testid="buy-in-progress-status">
        {STATUS_TEXT[status]}
      </p>
      {purchase && (
        <p className="al-buy-progress-amount" data-testid="buy-in-progress-amount" data-amount={purchase.amount}>
          {formatCrypto({ amount: purchase.amount, currency: purchase.symbol })}
        </p>
      )}
      {pollFailed && (
        <p className="al-muted" data-testid="buy-in-progress-poll-error">
          Could not check the purchase right now; trying again.
        </p>
      )}
      <Button
        variant={done ? 'primary' : 'secondary'}
        data-testid="buy-in-progress-account"
        onClick={() => ctx.store.set(navigateAtom, { type: 'reset', route: { name: 'Account' } })}
      >
        View account
      </Button>
    </section>
  )
}
