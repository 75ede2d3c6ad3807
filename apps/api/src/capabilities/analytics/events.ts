import * as z from 'zod'

/**
 * The analytics event (`POST /e`) as AppKit's EventsController sends it:
 * `{ eventId, url, domain, timestamp (ms), props: { type: 'track', event, address?, properties? } }`.
 */

/** Events the modal sends (SPEC section 7 plus AppKit's connection and navigation events); any other name is refused. */
export const KNOWN_EVENTS = [
  // SPEC section 7
  'SWAP_APPROVAL_ERROR',
  'SWAP_ERROR',
  'SWAP_SUCCESS',
  'SIWX_AUTH_ERROR',
  'SIWX_AUTH_SUCCESS',
  'CLICK_CANCEL_SIWX',
  'ERROR_FETCH_TRANSACTIONS',
  'SWITCH_NETWORK',
  'DISCONNECT_SUCCESS',
  'DISCONNECT_ERROR',
  // modal and connection
  'INITIALIZE',
  'MODAL_CREATED',
  'MODAL_OPEN',
  'MODAL_CLOSE',
  'CLICK_ALL_WALLETS',
  'CLICK_NETWORKS',
  'CLICK_GET_WALLET',
  'CLICK_TRANSACTIONS',
  'CLICK_SIGN_SIWX_MESSAGE',
  'SELECT_WALLET',
  'CONNECT_SUCCESS',
  'CONNECT_ERROR',
  'SOCIAL_LOGIN_STARTED',
  'SOCIAL_LOGIN_SUCCESS',
  'SOCIAL_LOGIN_ERROR',
  'SOCIAL_LOGIN_REQUEST_USER_DATA',
  'EMAIL_LOGIN_SELECTED',
  'EMAIL_SUBMITTED',
  'EMAIL_VERIFICATION_CODE_SENT',
  'EMAIL_VERIFICATION_CODE_PASS',
  'EMAIL_VERIFICATION_CODE_FAIL',
  'EMAIL_EDIT',
  'EMAIL_UPGRADE_FROM_MODAL',
  'SET_PREFERRED_ACCOUNT_TYPE',
  'OPEN_SWAP',
  'INITIATE_SWAP',
  'OPEN_SEND',
  'SEND_INITIATED',
  'SEND_SUCCESS',
  'SEND_ERROR',
  'OPEN_BUY_CRYPTO',
  'SELECT_BUY_CRYPTO',
  'SELECT_BUY_PROVIDER',
  'REGISTER_ACCOUNT_NAME_INITIATED',
  'REGISTER_ACCOUNT_NAME_SUCCESS',
  'REGISTER_ACCOUNT_NAME_ERROR',
  'SMART_SESSION_CREATED',
  'SMART_SESSION_REVOKED',
] as const

/** Property names: identifiers, as the modal's events use them (`network`, `swapFromToken`). */
export const PROPERTY_NAME = /^[A-Za-z][A-Za-z0-9_]{0,39}$/
export const MAX_PROPERTIES = 20
/** Long enough for a wallet's error message, short enough that nobody stores documents in events. */
export const MAX_PROPERTY_STRING = 1024
export const MAX_PROPERTIES_BYTES = 4 * 1024
export const MAX_EVENT_BODY_BYTES = 16 * 1024
/** Timestamps are milliseconds: anything below this (September 2001) is seconds or junk. */
const MIN_TIMESTAMP_MS = 1e12
/** How far ahead of the server clock a client timestamp may be. */
export const MAX_TIMESTAMP_SKEW_MS = 24 * 60 * 60 * 1000

const jsonBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8')

/**
 * `props.properties`: a flat record of short scalars (what the modal's events carry: a network id,
 * token symbols, amounts as strings, a message, a flag), so that nothing nested or bulky is stored.
 */
export const AnalyticsProperties = z
  .record(
    z.string().regex(PROPERTY_NAME),
    z.union([z.string().max(MAX_PROPERTY_STRING, `must be at most ${MAX_PROPERTY_STRING} characters`), z.number().finite(), z.boolean()], {
      error: `must be a string of at most ${MAX_PROPERTY_STRING} characters, a number or a boolean`,
    }),
    // A bad name is reported at its own path, which names it.
    {
      error: (issue) => (issue.code === 'invalid_key' ? 'is not a property name: letters, digits and _, at most 40 characters' : undefined),
    },
  )
  .refine((properties) => Object.keys(properties).length <= MAX_PROPERTIES, `must have at most ${MAX_PROPERTIES} properties`)
  .refine((properties) => jsonBytes(properties) <= MAX_PROPERTIES_BYTES, `must be at most ${MAX_PROPERTIES_BYTES} bytes of JSON`)

export const AnalyticsEventBody = z.object({
  eventId: z.uuid(),
  url: z.url().max(2048),
  domain: z.string().max(253),
  timestamp: z.number().int().min(MIN_TIMESTAMP_MS, 'must be unix milliseconds'),
  props: z.object({
    type: z.literal('track'),
    event: z.enum(KNOWN_EVENTS, { error: 'must be one of the events the modal sends (SPEC section 7), e.g. SWAP_SUCCESS' }),
    address: z.string().max(128).optional(),
    properties: AnalyticsProperties.optional(),
  }),
})
export type AnalyticsEvent = z.infer<typeof AnalyticsEventBody>
