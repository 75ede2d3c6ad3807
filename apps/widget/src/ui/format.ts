import type { WidgetContext } from '../core/context'

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** SPEC section 9: display format 2 decimals, en-US. Tiny non-zero values read '<$0.01'. */
export function formatUsd(value: number): string {
  if (!Number.isFinite(value)) return '$0.00'
  if (value > 0 && value < 0.005) return '<$0.01'
  return usd.format(value)
}

const toasted = new WeakSet<object>()

/**
 * Shows `message` once per failure: the account-data client answers the same error object again
 * while its retry gate holds, so switching tabs back and forth does not toast again each time.
 */
export function toastOnce(ctx: WidgetContext, error: unknown, message: string): void {
  if (typeof error === 'object' && error !== null) {
    if (toasted.has(error)) return
    toasted.add(error)
  }
  ctx.toasts.show(message, 'error')
}

const dateTime = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' })

/** 'Mar 3, 2:05 PM' in the user's time zone; '' for a date that does not parse. */
export function formatTime(iso: string): string {
  const date = new Date(iso)
  return Number.isNaN(date.getTime()) ? '' : dateTime.format(date)
}
