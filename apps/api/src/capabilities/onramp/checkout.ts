import { randomUUID } from 'node:crypto'
import { Hono, type Context } from 'hono'
import type { Address } from 'viem'
import { bodyLimit } from 'hono/body-limit'
import * as z from 'zod'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ApiDeps } from '../deps'
import { displayAddress } from '../history/format'
import { createCatalog, type OnrampAsset, type OnrampSandboxConfig } from './catalog'
import { CENTS, formatFixed, formatTrimmed } from './money'
import { providerById } from './providers'
import { bestQuote, type Quote } from './quote'
import { parseFiatAmount } from './request'
import { claimSession, getSession, insertPurchase, purchaseOfSession, settlePurchase, type PurchaseRow, type SessionRow } from './store'
import { createTreasury } from './treasury'

/** The sandbox test cards (spaces and dashes are ignored). */
export const TEST_CARDS = Object.freeze({ success: '4242424242424242', declined: '4000000000000002' })

/** The checkout page's own policy: no script at all, inline styles, the form posts to itself only. */
export const CHECKOUT_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"

const SESSION_ID = /^[A-Za-z0-9_-]{43}$/
/** The checkout path (an id that does not match is answered as an unknown session, 404). */
export const CheckoutParams = z.object({ sessionId: z.string().regex(SESSION_ID).describe('from the URL the generator returned') })
/** The checkout form the POST reads (by hand, below). */
export const CheckoutForm = z.object({
  card: z.string().describe('4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined (spaces and dashes ignored)'),
  amount: z.string().optional().describe('the fiat total, only when the URL had no preset amount'),
})

type CardCheck = 'success' | 'declined' | 'invalid'

export function checkCard(input: string): CardCheck {
  const digits = input.replace(/[\s-]/g, '')
  if (digits === TEST_CARDS.success) return 'success'
  if (digits === TEST_CARDS.declined) return 'declined'
  return 'invalid'
}

/**
 * The sandbox checkout page, served by the API itself outside /v1 (no project id: the unguessable
 * session id in the path is the capability). Mount at the API root: `GET` and `POST`
 * `/onramp/checkout/:sessionId`.
 *
 * GET shows the purchase and a card form (plus an amount field when the URL had no preset amount).
 * POST takes the card: 4242 4242 4242 4242 pays (the session is claimed once, the purchase recorded
 * pending, the treasury sends the crypto on chain, the purchase becomes success with its tx hash),
 * 4000 0000 0000 0002 is declined (402, nothing sent, the session stays payable), anything else is an
 * invalid card (400). Unknown session 404, expired (30 min) 410 (404 once purged, an hour later), already paid 409.
 */
export function onrampCheckoutRoutes(deps: ApiDeps, config: OnrampSandboxConfig): Hono {
  const app = new Hono()
  const treasury = createTreasury(config.treasuryPrivateKey, { db: deps.db })

  app.use('/onramp/checkout/*', async (c, next) => {
    await next()
    c.res.headers.set('Content-Security-Policy', CHECKOUT_CSP)
    c.res.headers.set('Cache-Control', 'no-store')
    c.res.headers.set('Referrer-Policy', 'no-referrer')
    c.res.headers.set('X-Content-Type-Options', 'nosniff')
  })

  async function load(c: Context): Promise<{ session: SessionRow; asset: OnrampAsset; fiatUsdMicro: bigint } | Response> {
    const id = c.req.param('sessionId') ?? ''
    const session = SESSION_ID.test(id) ? await getSession(deps.db, id) : undefined
    if (!session)
      return page(c, 404, messagePage('Checkout not found', 'This checkout link is not valid. Start the purchase again from the wallet.'))
    if (session.status === 'paid') return paidPage(c, await purchaseOfSession(deps.db, session.id))
    if (session.expires_at.getTime() <= deps.now()) {
      return page(
        c,
        410,
        messagePage(
          'Checkout expired',
          'This checkout session has expired (sessions last 30 minutes). Start the purchase again from the wallet.',
        ),
      )
    }
    const catalog = createCatalog(config, deps.chains.supported())
    const asset = catalog.asset(session.asset, session.chain)
    const fiatUsdMicro = catalog.fiatUsdRateMicro(session.payment_currency)
    if (!asset || fiatUsdMicro === undefined) {
      return page(c, 503, messagePage('Checkout unavailable', `${session.asset} on ${session.chain} is not available right now.`))
    }
    return { session, asset, fiatUsdMicro }
  }

  const quoteOf = (session: SessionRow, asset: OnrampAsset, fiatUsdMicro: bigint, totalCents?: bigint): Quote | undefined => {
    const ctx = { asset, currency: session.payment_currency, fiatUsdMicro }
    const provider = providerById(session.provider)
    if (session.preset_crypto_units !== null) return bestQuote(ctx, { cryptoUnits: BigInt(session.preset_crypto_units) }, provider)
    const total = session.preset_fiat_cents !== null ? BigInt(session.preset_fiat_cents) : totalCents
    return total === undefined ? undefined : bestQuote(ctx, { totalCents: total }, provider)
  }

  app.get('/onramp/checkout/:sessionId', async (c) => {
    const loaded = await load(c)
    if (loaded instanceof Response) return loaded
    const { session, asset, fiatUsdMicro } = loaded
    return page(c, 200, checkoutPage({ session, asset, quote: quoteOf(session, asset, fiatUsdMicro) }))
  })

  app.post(
    '/onramp/checkout/:sessionId',
    bodyLimit({ maxSize: 4096, onError: (c) => page(c, 413, messagePage('Request too large', 'The form was too large.')) }),
    async (c) => {
      const loaded = await load(c)
      if (loaded instanceof Response) return loaded
      const { session, asset, fiatUsdMicro } = loaded
      const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
      const card = typeof form.card === 'string' ? form.card : ''
      const amountField = typeof form.amount === 'string' ? form.amount : ''

      let quote = quoteOf(session, asset, fiatUsdMicro)
      if (!quote) {
        const total = parseFiatAmount(amountField, session.payment_currency, 'card')
        if (!total.ok) return page(c, 400, checkoutPage({ session, asset, error: total.reason.description, amount: amountField }))
        quote = quoteOf(session, asset, fiatUsdMicro, total.value)!
      }
      const check = checkCard(card)
      if (check === 'declined') {
        return page(
          c,
          402,
          checkoutPage({
            session,
            asset,
            quote,
            amount: amountField,
            error: 'Your card was declined. No payment was taken and nothing was sent.',
          }),
        )
      }
      if (check === 'invalid') {
        return page(
          c,
          400,
          checkoutPage({
            session,
            asset,
            quote,
            amount: amountField,
            error: 'Invalid card number. In the sandbox use 4242 4242 4242 4242.',
          }),
        )
      }
      if (quote.cryptoUnits <= 0n)
        return page(c, 400, checkoutPage({ session, asset, quote, error: 'The amount is too small to buy anything.' }))

      const now = new Date(deps.now())
      if (!(await claimSession(deps.db, session.id, now))) return paidPage(c, await purchaseOfSession(deps.db, session.id))
      const purchaseId = randomUUID()
      await insertPurchase(deps.db, {
        id: purchaseId,
        session_id: session.id,
        provider: quote.provider.id,
        partner_user_id: session.partner_user_id,
        chain: session.chain,
        destination: session.destination,
        sent_from: treasury.address,
        asset: asset.symbol,
        asset_name: asset.name,
        token_address: asset.token,
        decimals: asset.decimals,
        crypto_units: quote.cryptoUnits.toString(),
        usd_price: formatTrimmed(asset.usdPriceMicro, 6),
        payment_currency: quote.currency,
        payment_total: formatFixed(quote.totalCents, CENTS),
        payment_subtotal: formatFixed(quote.subtotalCents, CENTS),
        provider_fee: formatFixed(quote.feeCents, CENTS),
        network_fee: formatFixed(quote.networkFeeCents, CENTS),
        status: 'pending',
        created_at: now,
      })

      const client = deps.chains.client(session.chain)
      let outcome: Parameters<typeof settlePurchase>[2]
      try {
        if (!client) throw new Error(`no upstream for ${session.chain}`)
        const result = await treasury.send(client, { token: asset.token, to: session.destination as Address, amount: quote.cryptoUnits })
        outcome = result.success
          ? { status: 'success', txHash: result.hash, nonce: result.nonce }
          : { status: 'failed', txHash: result.hash, nonce: result.nonce, error: 'the payout transaction reverted' }
      } catch (error) {
        console.error(`[onramp] payout of purchase ${purchaseId} failed:`, error)
        outcome = { status: 'failed', error: error instanceof Error ? error.message.slice(0, 500) : String(error) }
      }
      await settlePurchase(deps.db, purchaseId, outcome, new Date(deps.now()))
      const purchase = await purchaseOfSession(deps.db, session.id)
      if (purchase?.status !== 'success') {
        return page(
          c,
          502,
          messagePage(
            'Purchase failed',
            'The payment went through but the crypto could not be sent; the sandbox does not charge you. Try again later.',
          ),
        )
      }
      return page(c, 200, successPage(purchase))
    },
  )

  return app
}

function page(c: Context, status: ContentfulStatusCode, html: string) {
  return c.html(html, status)
}

function paidPage(c: Context, purchase: PurchaseRow | undefined) {
  const details = purchase
    ? `<p>Status: <strong>${esc(purchase.status)}</strong>${purchase.tx_hash ? `<br>Transaction: <code>${esc(purchase.tx_hash)}</code>` : ''}</p>`
    : ''
  return page(c, 409, messagePage('Already paid', 'This checkout session has already been paid; it can be paid only once.', details))
}

const esc = (value: string) =>
  value.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!)

const STYLE = `
  body { font: 15px/1.5 system-ui, sans-serif; background: #f4f5f7; color: #1b1d21; margin: 0; }
  main { max-width: 420px; margin: 40px auto; background: #fff; border-radius: 16px; padding: 28px; box-shadow: 0 4px 24px rgb(0 0 0 / 8%); }
  h1 { font-size: 20px; margin: 0 0 4px; } .muted { color: #6b7280; font-size: 13px; }
  dl { display: grid; grid-template-columns: auto auto; gap: 6px 12px; margin: 20px 0; } dd { margin: 0; text-align: right; font-variant-numeric: tabular-nums; }
  dt.total, dd.total { font-weight: 700; border-top: 1px solid #e5e7eb; padding-top: 6px; }
  label { display: block; font-weight: 600; margin: 14px 0 4px; }
  input { width: 100%; box-sizing: border-box; font: inherit; padding: 10px 12px; border: 1px solid #d1d5db; border-radius: 10px; }
  button { margin-top: 18px; width: 100%; font: inherit; font-weight: 600; padding: 12px; border: 0; border-radius: 10px; background: #3b5bdb; color: #fff; cursor: pointer; }
  .error { background: #fdecec; color: #a61b1b; padding: 10px 12px; border-radius: 10px; margin-top: 14px; }
  .ok { background: #e8f6ee; color: #146c3a; padding: 10px 12px; border-radius: 10px; }
  code { word-break: break-all; font-size: 12px; }`

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer"><title>${esc(title)} · Airlock on-ramp sandbox</title><style>${STYLE}</style></head>
<body><main>${body}<p class="muted">Airlock on-ramp sandbox: no real money moves; the crypto comes from a devnet treasury.</p></main></body></html>`
}

function messagePage(title: string, message: string, extra = ''): string {
  return layout(title, `<h1>${esc(title)}</h1><p>${esc(message)}</p>${extra}`)
}

function checkoutPage(input: { session: SessionRow; asset: OnrampAsset; quote?: Quote; error?: string; amount?: string }): string {
  const { session, asset, quote } = input
  const currency = session.payment_currency
  const fiat = (cents: bigint) => `${formatFixed(cents, CENTS)} ${esc(currency)}`
  const summary = quote
    ? `<dl>
<dt>You receive</dt><dd>${esc(formatTrimmed(quote.cryptoUnits, asset.decimals))} ${esc(asset.symbol)}</dd>
<dt>Price</dt><dd>1 ${esc(asset.symbol)} = ${esc(formatTrimmed(asset.usdPriceMicro, 6))} USD</dd>
<dt>Subtotal</dt><dd>${fiat(quote.subtotalCents)}</dd>
<dt>${esc(quote.provider.label)} fee</dt><dd>${fiat(quote.feeCents)}</dd>
<dt>Network fee</dt><dd>${fiat(quote.networkFeeCents)}</dd>
<dt class="total">Total</dt><dd class="total">${fiat(quote.totalCents)}</dd>
</dl>`
    : `<label for="amount">Amount (${esc(currency)}, 10.00 to 7500.00)</label>
<input id="amount" name="amount" inputmode="decimal" required pattern="[0-9]+([.][0-9]{1,2})?" value="${esc(input.amount ?? '')}">`
  const network = asset.network.displayName
  return layout(
    `Buy ${asset.symbol}`,
    `<h1>Buy ${esc(asset.name)} (${esc(asset.symbol)})</h1>
<p class="muted">On ${esc(network)} (${esc(session.chain)}) to <code>${esc(displayAddress(session.destination))}</code></p>
<form method="post">
${summary}
<label for="card">Card number</label>
<input id="card" name="card" inputmode="numeric" autocomplete="cc-number" required maxlength="23" placeholder="4242 4242 4242 4242">
<p class="muted">Test cards: 4242 4242 4242 4242 pays; 4000 0000 0000 0002 is declined.</p>
${input.error ? `<p class="error" role="alert">${esc(input.error)}</p>` : ''}
<button type="submit">${quote ? `Pay ${fiat(quote.totalCents)}` : 'Pay'}</button>
</form>`,
  )
}

function successPage(purchase: PurchaseRow): string {
  const amount = formatTrimmed(BigInt(purchase.crypto_units), purchase.decimals)
  return layout(
    'Purchase complete',
    `<h1>Purchase complete</h1>
<p class="ok" role="status">${esc(amount)} ${esc(purchase.asset)} sent to <code>${esc(displayAddress(purchase.destination))}</code>.</p>
<dl><dt>Paid</dt><dd>${esc(purchase.payment_total)} ${esc(purchase.payment_currency)}</dd>
<dt>Network</dt><dd>${esc(purchase.chain)}</dd></dl>
<p>Transaction: <code data-tx-hash>${esc(purchase.tx_hash ?? '')}</code></p>
<p>You can close this window.</p>`,
  )
}
