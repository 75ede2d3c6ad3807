import * as z from 'zod'

/**
 * The analytics event (`POST /e`) as AppKit's EventsController sends it:
 * `{ eventId, url, domain, timestamp (ms), props: { type: 'track', event, address?, properties? } }`.
 */

/** Events the modal sends (SPEC section 7 plus AppKit's connection and navigation events). Any UPPER_SNAKE name is accepted too. */
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

export const EVENT_NAME = /^[A-Z][A-Z0-9_]{0,63}$/
export const MAX_PROPERTIES_BYTES = 4 * 1024
export const MAX_EVENT_BODY_BYTES = 16 * 1024
/** Timestamps are milliseconds: anything below this (September 2001) is seconds or junk. */
const MIN_TIMESTAMP_MS = 1e12
/** How far ahead of the server clock a client timestamp may be. */
export const MAX_TIMESTAMP_SKEW_MS = 24 * 60 * 60 * 1000

const jsonBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value), 'utf8')

export const AnalyticsEventBody = z.object({
  eventId: z.uuid(),
  url: z.url().max(2048),
  domain: z.string().max(253),
  timestamp: z.number().int().min(MIN_TIMESTAMP_MS, 'must be unix milliseconds'),
  props: z.object({
    type: z.literal('track'),
    event: z.string().regex(EVENT_NAME, 'must be an UPPER_SNAKE_CASE event name of at most 64 characters'),
    address: z.string().max(128).optional(),
    properties: z
      .record(z.string(), z.unknown())
      .refine((properties) => jsonBytes(properties) <= MAX_PROPERTIES_BYTES, `must be at most ${MAX_PROPERTIES_BYTES} bytes of JSON`)
      .optional(),
  }),
})
export type AnalyticsEvent = z.infer<typeof AnalyticsEventBody>
