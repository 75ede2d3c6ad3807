import {
  NameRecordResponse,
  NameSuggestionsResponse,
  RegisterNameResponse,
  ReverseNamesResponse,
  type NameRecordResponse as NameRecord,
} from '@airlock/protocol'
import { DataApiError, type DataApi } from '../http/dataApi'

/**
 * The names calls of the data API (SPEC section 7), parsed with their protocol schemas. Errors
 * are DataApiErrors; `nameErrorText` turns one into what the modal shows (SPEC section 8).
 */

export type { NameRecord }

export interface RegisterNameBody {
  coin_type: number
  address: string
  /** The name message (@airlock/protocol nameMessageNow) that `address` signed. */
  message: string
  signature: string
}

const WHAT = {
  lookup: 'Name lookup',
  reverse: 'Names for address',
  suggestions: 'Name suggestions',
  register: 'Name registration',
} as const

export function createNamesApi(dataApi: DataApi) {
  return {
    /** `GET /v1/profile/account/{name}?apiVersion=2`; a 404 (not registered) is a DataApiError with status 404. */
    lookup: (name: string) =>
      dataApi.get(`/v1/profile/account/${encodeURIComponent(name)}`, { apiVersion: '2' }, NameRecordResponse, WHAT.lookup),
    /** `GET /v1/profile/reverse/{address}?sender&apiVersion=2`: the names of an address, oldest first. */
    reverse: (address: string) =>
      dataApi.get(
        `/v1/profile/reverse/${encodeURIComponent(address)}`,
        { sender: address, apiVersion: '2' },
        ReverseNamesResponse,
        WHAT.reverse,
      ),
    /** `GET /v1/profile/suggestions/{label}?zone=`: the name first (taken or not), then free variants. */
    suggestions: (label: string, zone: string) =>
      dataApi.get(`/v1/profile/suggestions/${encodeURIComponent(label)}`, { zone }, NameSuggestionsResponse, WHAT.suggestions),
    /** `POST /v1/profile/account`. */
    register: (body: RegisterNameBody) => dataApi.post('/v1/profile/account', body, RegisterNameResponse, WHAT.register),
  }
}

export type NamesApi = ReturnType<typeof createNamesApi>

const API_MESSAGES_WITHOUT_REASON = new Set(['Internal Server Error', 'Not Found'])

/**
 * SPEC section 8: the api's first reason description, else `fallback`. A DataApiError carries
 * the reason when the api refused with one; its other messages (network failure, time-out,
 * malformed body, a bare HTTP status, a 500) name the call and are not the api's reason.
 */
export function nameErrorText(error: unknown, fallback: string): string {
  if (!(error instanceof DataApiError) || error.status === undefined) return fallback
  const message = error.message
  if (Object.values(WHAT).some((what) => message.startsWith(what)) || API_MESSAGES_WITHOUT_REASON.has(message)) return fallback
  return message
}
