import * as z from 'zod'
import type { EndpointDoc } from '../../platform/http/endpoint-doc'
import {
  AddressParams,
  LookupQuery,
  NameParams,
  NameRecordSchema,
  RegisterBody,
  ReverseQuery,
  SuggestionsQuery,
  SuggestionsResponse,
} from './routes'

/** The names endpoints for the OpenAPI document (paths as mounted under /v1). */
export const NAMES_ENDPOINTS: readonly EndpointDoc[] = [
  {
    method: 'get',
    path: '/v1/profile/account/{name}',
    summary: 'Look a name up (404 when not registered)',
    params: NameParams,
    query: LookupQuery,
    response: NameRecordSchema,
  },
  {
    method: 'get',
    path: '/v1/profile/reverse/{address}',
    summary: 'Names of an address, oldest first ([] when none)',
    params: AddressParams,
    query: ReverseQuery,
    response: z.array(NameRecordSchema),
  },
  {
    method: 'get',
    path: '/v1/profile/suggestions/{name}',
    summary: 'The name and free variants in a zone',
    params: NameParams,
    query: SuggestionsQuery,
    response: SuggestionsResponse,
  },
  {
    method: 'post',
    path: '/v1/profile/account',
    summary: "Register a name: message is the name message (purpose 'Register an Airlock name', this API's domain) signed by address",
    body: RegisterBody,
    response: NameRecordSchema.extend({ success: z.literal(true) }),
  },
  {
    method: 'post',
    path: '/v1/profile/account/{name}/attributes',
    summary:
      'Replace a name\'s attributes: message is the name message (purpose "Replace an Airlock name\'s attributes") signed by the owner',
    params: NameParams,
    body: RegisterBody,
    response: NameRecordSchema,
  },
]
