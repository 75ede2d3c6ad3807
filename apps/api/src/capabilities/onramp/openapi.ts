import type { EndpointDoc } from '../../platform/http/endpoint-doc'
import { CheckoutForm, CheckoutParams } from './checkout'
import { OnrampQuoteResponseSchema } from './quote'
import { GenerateBody, OnrampOptionsResponse, OnrampProvidersResponse, OnrampUrlResponse, QuoteBody } from './routes'

/** The on-ramp sandbox endpoints for the OpenAPI document: the JSON calls under /v1 and the HTML checkout page. */
export const ONRAMP_ENDPOINTS: readonly EndpointDoc[] = [
  {
    method: 'get',
    path: '/v1/onramp/options',
    summary: 'What the sandbox sells (purchase currencies and their networks) and the fiat it takes, with the payment method limits',
    response: OnrampOptionsResponse,
  },
  {
    method: 'get',
    path: '/v1/onramp/providers',
    summary: 'The sandbox on-ramp providers and their fee ranges',
    response: OnrampProvidersResponse,
  },
  {
    method: 'post',
    path: '/v1/onramp/quote',
    summary: "A quote for a fiat amount: the named provider's, else the cheaper one",
    body: QuoteBody,
    response: OnrampQuoteResponseSchema,
  },
  {
    method: 'post',
    path: '/v1/generators/onrampurl',
    summary:
      'A new checkout session (30 minutes) and the URL of its sandbox checkout page; 429 with Retry-After when the user (partnerUserId) already holds 10 open sessions',
    body: GenerateBody,
    response: OnrampUrlResponse,
  },
  {
    method: 'get',
    path: '/onramp/checkout/{sessionId}',
    summary:
      'The sandbox checkout page (HTML, no project id): the purchase and a card form; 404 unknown, 410 expired (404 once purged, an hour later), 409 paid',
    params: CheckoutParams,
    html: true,
  },
  {
    method: 'post',
    path: '/onramp/checkout/{sessionId}',
    summary:
      'Pay the checkout (HTML form): 4242 4242 4242 4242 pays and the devnet treasury sends the crypto; 4000 0000 0000 0002 is declined (402), another number is invalid (400)',
    params: CheckoutParams,
    form: CheckoutForm,
    html: true,
  },
]
