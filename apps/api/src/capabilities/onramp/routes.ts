import { randomBytes, randomUUID } from 'node:crypto'
import { Hono, type Context } from 'hono'
import * as z from 'zod'
import type { ApiVariables } from '../../platform/projects/request'
import type { ApiDeps } from '../deps'
import { apiError } from '../../platform/http/errors'
import {
  createCatalog,
  PaymentCurrencySchema,
  PurchaseCurrencySchema,
  MAX_OPEN_SESSIONS_PER_USER,
  SESSION_TTL_MS,
  type OnrampCatalog,
  type OnrampSandboxConfig,
} from './catalog'
import { providerById, DEFAULT_CHECKOUT_PROVIDER, ONRAMP_PROVIDER_IDS, ONRAMP_PROVIDERS } from './providers'
import { CENTS, formatFixed } from './money'
import { bestQuote, limitViolation, toQuoteResponse } from './quote'
import { AmountInput, parseCryptoAmount, parseDestination, parseFiatAmount, resolveNetwork, type Reason } from './request'
import { insertSessionCapped } from './store'
import { tooManyRequests } from '../../platform/http/rate-limit'
import { jsonBodyLimit, readJsonBody } from '../../platform/http/json-body'
import type {
  OnrampOptionsResponse as OnrampOptionsAnswer,
  OnrampQuoteResponse as OnrampQuoteAnswer,
  OnrampUrlResponse as OnrampUrlAnswer,
} from '@airlock/protocol'

const CurrencyRef = z.union([
  z.string().min(1).max(64),
  z.looseObject({ id: z.string().max(64).optional(), symbol: z.string().max(16).optional() }),
])

export const QuoteBody = z.object({
  purchaseCurrency: CurrencyRef,
  paymentCurrency: CurrencyRef,
  amount: AmountInput,
  network: z.string().max(64).optional(),
  paymentMethod: z.enum(['card', 'ach_bank_account']).optional(),
  provider: z.string().max(32).optional(),
})

export const GenerateBody = z.object({
  destinationWallets: z
    .array(
      z.object({
        address: z.string().max(200),
        blockchains: z.array(z.string().max(64)).max(64).optional(),
        assets: z.array(z.string().max(16)).max(64).optional(),
      }),
    )
    .min(1)
    .max(10),
  defaultNetwork: z.string().max(64).optional(),
  partnerUserId: z.string().min(1).max(200),
  defaultExperience: z.literal('buy').optional(),
  presetCryptoAmount: AmountInput.optional(),
  presetFiatAmount: AmountInput.optional(),
  /** Not in AppKit's request: the fiat currency of the checkout (default USD). */
  paymentCurrency: z.string().max(8).optional(),
  /** Not in AppKit's request: the sandbox provider (default coinbase, whose URL generator this is). */
  provider: z.string().max(32).optional(),
})

export const OnrampOptionsResponse = z.object({
  paymentCurrencies: z.array(PaymentCurrencySchema),
  purchaseCurrencies: z.array(PurchaseCurrencySchema),
})
export const OnrampProvidersResponse = z.object({
  providers: z.array(z.object({ name: z.string(), label: z.string(), feeRange: z.string() })),
})
export const OnrampUrlResponse = z.object({ url: z.string().describe('the sandbox checkout page of a new session') })

const symbolOf = (ref: z.infer<typeof CurrencyRef>) => (typeof ref === 'string' ? ref : (ref.symbol ?? ref.id ?? '')).toUpperCase()

export const tooManyCheckoutsMessage = (max: number, seconds: number) =>
  `This user already has ${max} open checkouts, the most allowed: pay one, or try again in ${seconds} s`

/** A new checkout session id: 32 random bytes, base64url (43 characters). */
export const newSessionId = () => randomBytes(32).toString('base64url')

/**
 * The on-ramp sandbox under /v1, with AppKit's request and response shapes:
 * - `GET /onramp/options`: `{ purchaseCurrencies, paymentCurrencies }`;
 * - `POST /onramp/quote`: `{ coinbaseFee, networkFee, paymentSubtotal, paymentTotal, purchaseAmount, quoteId, provider }`;
 * - `POST /generators/onrampurl`: `{ url }`, the sandbox checkout page of a new session
 *   (`${apiOrigin}/onramp/checkout/<id>`, served by onrampCheckoutRoutes); 429 with Retry-After
 *   while the user (`partnerUserId`) holds `maxOpenSessionsPerUser` open ones.
 */
export function onrampRoutes(deps: ApiDeps, config: OnrampSandboxConfig): Hono<{ Variables: ApiVariables }> {
  const app = new Hono<{ Variables: ApiVariables }>()
  const catalog = (): OnrampCatalog => createCatalog(config, deps.chains.supported())
  const bad = (c: Context, reason: Reason) => apiError(c, 400, reason.description, [reason])
  const jsonLimit = jsonBodyLimit(16 * 1024)

  app.get('/onramp/options', (c) => {
    const cat = catalog()
    // The widget's protocol types: what it parses is what is sent.
    return c.json<OnrampOptionsAnswer>({
      paymentCurrencies: cat.paymentCurrencies(),
      purchaseCurrencies: cat.purchaseCurrencies(),
    })
  })

  app.get('/onramp/providers', (c) =>
    c.json<z.infer<typeof OnrampProvidersResponse>>({
      providers: ONRAMP_PROVIDERS.map(({ id, label, feeRange }) => ({ name: id, label, feeRange })),
    }),
  )

  app.post('/onramp/quote', jsonLimit, async (c) => {
    const body = await readJsonBody(c, QuoteBody)
    if (!body.success) return body.response
    const cat = catalog()
    const symbol = symbolOf(body.data.purchaseCurrency)
    const currency = symbolOf(body.data.paymentCurrency)
    const fiatUsdMicro = cat.fiatUsdRateMicro(currency)
    if (fiatUsdMicro === undefined) {
      return bad(c, {
        description: `paymentCurrency ${currency || '(none)'} is not accepted: use one of ${cat
          .paymentCurrencies()
          .map((p) => p.id)
          .join(', ')}`,
        field: 'paymentCurrency',
      })
    }
    const network = resolveNetwork(cat, symbol, [body.data.network])
    const asset = network && cat.asset(symbol, network.chain)
    if (!asset) return bad(c, { description: `purchaseCurrency ${symbol || '(none)'} is not sold here`, field: 'purchaseCurrency' })
    const provider = body.data.provider === undefined ? undefined : providerById(body.data.provider)
    if (body.data.provider !== undefined && !provider) {
      return bad(c, {
        description: `Unknown provider "${body.data.provider}": expected one of ${ONRAMP_PROVIDER_IDS.join(', ')}`,
        field: 'provider',
      })
    }
    const total = parseFiatAmount(body.data.amount, currency, body.data.paymentMethod ?? 'card')
    if (!total.ok) return bad(c, total.reason)
    const quote = bestQuote({ asset, currency, fiatUsdMicro }, { totalCents: total.value }, provider)
    return c.json<OnrampQuoteAnswer>(toQuoteResponse(quote, randomUUID()))
  })

  app.post('/generators/onrampurl', jsonLimit, async (c) => {
    const body = await readJsonBody(c, GenerateBody)
    if (!body.success) return body.response
    const data = body.data
    const cat = catalog()
    const wallet = data.destinationWallets[0]!
    const destination = parseDestination(wallet.address)
    if (!destination) {
      return bad(c, {
        description: 'destinationWallets.0.address must be an EVM address (0x + 40 hex digits)',
        field: 'destinationWallets.0.address',
      })
    }
    const currency = (data.paymentCurrency ?? 'USD').toUpperCase()
    const fiatUsdMicro = cat.fiatUsdRateMicro(currency)
    if (fiatUsdMicro === undefined) return bad(c, { description: `paymentCurrency ${currency} is not accepted`, field: 'paymentCurrency' })
    const provider = providerById(data.provider ?? DEFAULT_CHECKOUT_PROVIDER)
    if (!provider) return bad(c, { description: `Unknown provider "${data.provider}"`, field: 'provider' })
    if (data.presetCryptoAmount !== undefined && data.presetFiatAmount !== undefined) {
      return bad(c, { description: 'Give presetCryptoAmount or presetFiatAmount, not both', field: 'presetFiatAmount' })
    }

    const wanted = (wallet.assets ?? []).map((a) => a.toUpperCase())
    const symbol = wanted.find((s) => cat.assets.includes(s)) ?? (wanted.length ? undefined : cat.assets[0])
    if (!symbol)
      return bad(c, { description: `None of the assets ${wanted.join(', ')} is sold here`, field: 'destinationWallets.0.assets' })
    const network = destination.chain
      ? cat.networks.find((n) => n.chain === destination.chain)
      : resolveNetwork(cat, symbol, [data.defaultNetwork, ...(wallet.blockchains ?? [])])
    const asset = network && cat.asset(symbol, network.chain)
    if (!asset) return bad(c, { description: `${symbol} is not sold on the requested network`, field: 'defaultNetwork' })

    let presetFiatCents: bigint | null = null
    let presetCryptoUnits: bigint | null = null
    if (data.presetFiatAmount !== undefined) {
      const total = parseFiatAmount(data.presetFiatAmount, currency, 'card', 'presetFiatAmount')
      if (!total.ok) return bad(c, total.reason)
      presetFiatCents = total.value
    } else if (data.presetCryptoAmount !== undefined) {
      const units = parseCryptoAmount(data.presetCryptoAmount, asset, 'presetCryptoAmount')
      if (!units.ok) return bad(c, units.reason)
      const quote = bestQuote({ asset, currency, fiatUsdMicro }, { cryptoUnits: units.value }, provider)
      const violation = limitViolation(quote.totalCents, 'card')
      if (violation) {
        return bad(c, {
          description: `presetCryptoAmount would cost ${formatFixed(quote.totalCents, CENTS)} ${currency}: card payments must be between ${violation.min} and ${violation.max} ${currency}`,
          field: 'presetCryptoAmount',
        })
      }
      presetCryptoUnits = units.value
    }

    const now = deps.now()
    const id = newSessionId()
    const max = config.maxOpenSessionsPerUser ?? MAX_OPEN_SESSIONS_PER_USER
    const created = await insertSessionCapped(
      deps.db,
      {
        id,
        project_id: c.get('project')?.id ?? '',
        provider: provider.id,
        partner_user_id: data.partnerUserId,
        chain: asset.chain,
        destination: destination.address,
        asset: asset.symbol,
        payment_currency: currency,
        preset_fiat_cents: presetFiatCents?.toString() ?? null,
        preset_crypto_units: presetCryptoUnits?.toString() ?? null,
        created_at: new Date(now),
        expires_at: new Date(now + (config.sessionTtlMs ?? SESSION_TTL_MS)),
      },
      max,
    )
    if (!created.inserted) {
      const seconds = Math.max(1, Math.ceil((created.retryAt.getTime() - now) / 1000))
      return tooManyRequests(c, seconds, (s) => tooManyCheckoutsMessage(max, s))
    }
    return c.json<OnrampUrlAnswer>({ url: `${deps.apiOrigin}/onramp/checkout/${id}` })
  })

  return app
}
