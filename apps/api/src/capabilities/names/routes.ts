import {
  NAME_MESSAGE_PURPOSE,
  type NameMessage,
  type NameRecordResponse,
  type NameSuggestionsResponse,
  type RegisterNameResponse,
  type ReverseNamesResponse,
} from '@airlock/protocol'
import { Hono, type Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { Address, Hex } from 'viem'
import * as z from 'zod'
import type { ApiVariables } from '../../platform/projects/request'
import type { ApiDeps } from '../deps'
import { apiError, invalidInput } from '../../platform/http/errors'
import { parseAccountId, parseEvmAddress } from '../../chains/eip155/address'
import { BODY_NOT_JSON, BODY_NOT_JSON_MARKER, jsonBodyLimit, readJson } from '../../platform/http/json-body'
import {
  ChainUnavailableError,
  claimSignedMessage,
  isSignedMessageUsed,
  SIGNATURE_PATTERN,
  verifySignedMessage,
} from '../../chains/eip155/signatures'
import {
  checkAttributes,
  checkLabel,
  checkNameMessage,
  coinTypeToEvmChainId,
  DEFAULT_NAME_ZONE,
  evmChainIdToCoinType,
  NameReason,
  parseName,
  SUGGESTION_COUNT,
  suggestionLabels,
} from './rules'
import { getName, getNamesForAddress, insertName, registeredNames, updateAttributes, type NameRecord } from './store'

export interface NamesOptions {
  /** Zones names may be registered in; the first is the default of the suggestions call. Default `['airlock.id']`. */
  zones?: readonly string[]
}

/** Replay-protection purpose shared by registration and attribute updates: a message signed for names is usable once. */
const SIGNED_PURPOSE = 'name'
export const NAMES_MAX_BODY_BYTES = 32 * 1024

export const NameParams = z.object({ name: z.string().min(1).max(300) })
export const AddressParams = z.object({ address: z.string().min(1).max(200) })
export const LookupQuery = z.object({ apiVersion: z.string().max(10).optional() })
export const ReverseQuery = z.object({ sender: z.string().max(200).optional(), apiVersion: z.string().max(10).optional() })
export const SuggestionsQuery = z.object({ zone: z.string().min(1).max(100).optional() })
/** AppKit's `registerEnsName` body; `message` is the name message (@airlock/protocol formatNameMessage) that `address` signed. */
export const RegisterBody = z.object({
  coin_type: z.number().int().nonnegative().max(0xffffffff),
  address: z.string().max(100),
  message: z.string().min(1).max(4096),
  signature: z.string().regex(SIGNATURE_PATTERN, 'must be 0x-prefixed hex'),
})

export const NameRecordSchema = z.object({
  name: z.string(),
  registered: z.number().describe('unix seconds'),
  updated: z.number().describe('unix seconds'),
  registered_at: z.string(),
  updated_at: z.string(),
  addresses: z.record(z.string(), z.object({ address: z.string(), created: z.string() })).describe('keyed by ENSIP-11 coin type'),
  attributes: z.object({ avatar: z.string().optional(), bio: z.string().optional() }),
})
export const SuggestionsResponse = z.object({ suggestions: z.array(z.object({ name: z.string(), registered: z.boolean() })) })

type C = Context<{ Variables: ApiVariables }>

class Refused extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly description: string,
    readonly field?: string,
  ) {
    super(description)
  }
}

const refuse = (c: C, status: ContentfulStatusCode, description: string, field?: string) =>
  apiError(c, status, description, [{ description, ...(field ? { field } : {}) }])

/**
 * Account names (SPEC section 7, the Blockchain API's `/v1/profile/*`), paths relative to /v1:
 * - `GET /profile/account/:name` the name's record, 404 when not registered;
 * - `GET /profile/reverse/:address` the names of an address (`[]` when none);
 * - `GET /profile/suggestions/:name?zone=` the name and free variants;
 * - `POST /profile/account` registers a name signed by its address;
 * - `POST /profile/account/:name/attributes` replaces a name's attributes, signed by its owner.
 * Both take a name message (@airlock/protocol name-message.ts) for this API's domain and their purpose.
 */
export function namesRoutes(deps: ApiDeps, options: NamesOptions = {}): Hono<{ Variables: ApiVariables }> {
  const zones = (options.zones ?? [DEFAULT_NAME_ZONE]).map((zone) => zone.toLowerCase())
  if (zones.length === 0) throw new Error('namesRoutes: at least one zone is needed')
  const route = new Hono<{ Variables: ApiVariables }>()
  const limit = jsonBodyLimit(NAMES_MAX_BODY_BYTES)
  // A name message binds the API's host, so one signed for another site does not verify here.
  const domain = new URL(deps.apiOrigin).host

  route.get('/profile/account/:name', async (c) => {
    const query = LookupQuery.safeParse(c.req.query())
    if (!query.success) return invalidInput(c, query.error)
    const name = parseName(c.req.param('name'), zones)
    if (!name.ok) return refuse(c, 400, name.reason, 'name')
    const record = await getName(deps.db, name.value.name)
    if (!record) return refuse(c, 404, NameReason.notRegistered(name.value.name), 'name')
    return c.json<NameRecordResponse>(publicRecord(record))
  })

  route.get('/profile/reverse/:address', async (c) => {
    const query = ReverseQuery.safeParse(c.req.query())
    if (!query.success) return invalidInput(c, query.error)
    const account = parseAccountId(c.req.param('address'))
    if (!account) return refuse(c, 400, NameReason.address, 'address')
    return c.json<ReverseNamesResponse>(await getNamesForAddress(deps.db, account.address, coinTypesOf(account.chainId)))
  })

  route.get('/profile/suggestions/:name', async (c) => {
    const query = SuggestionsQuery.safeParse(c.req.query())
    if (!query.success) return invalidInput(c, query.error)
    const zone = query.data.zone?.toLowerCase() ?? zones[0]!
    if (!zones.includes(zone)) return refuse(c, 400, NameReason.unknownZone(zone), 'zone')
    const input = c.req.param('name').toLowerCase()
    const label = checkLabel(input.endsWith(`.${zone}`) ? input.slice(0, -(zone.length + 1)) : input)
    if (!label.ok) return refuse(c, 400, label.reason, 'name')

    const exact = `${label.value}.${zone}`
    const variants = suggestionLabels(label.value).map((candidate) => `${candidate}.${zone}`)
    const taken = await registeredNames(deps.db, [exact, ...variants])
    const free = variants.filter((candidate) => !taken.has(candidate)).slice(0, SUGGESTION_COUNT - 1)
    return c.json<NameSuggestionsResponse>({
      suggestions: [{ name: exact, registered: taken.has(exact) }, ...free.map((candidate) => ({ name: candidate, registered: false }))],
    })
  })

  route.post('/profile/account', limit, async (c) => {
    try {
      const signed = await readSignedBody(c)
      const message = checkMessage(signed, NAME_MESSAGE_PURPOSE.register)
      const name = parseName(message.name, zones)
      if (!name.ok) throw new Refused(400, name.reason, 'name')
      const attributes = checkAttributes(message.attributes)
      if (!attributes.ok) throw new Refused(400, attributes.reason, 'attributes')

      if (await isSignedMessageUsed(deps.db, SIGNED_PURPOSE, signed.address, signed.message)) {
        throw new Refused(409, NameReason.signatureUsed, 'signature')
      }
      if ((await registeredNames(deps.db, [name.value.name])).size > 0) throw new Refused(409, NameReason.alreadyRegistered, 'name')
      await checkSignature(signed)

      const at = new Date(deps.now())
      await deps.db.transaction(async (tx) => {
        if (!(await claimSignedMessage(tx, SIGNED_PURPOSE, signed.address, signed.message, at))) {
          throw new Refused(409, NameReason.signatureUsed, 'signature')
        }
        const inserted = await insertName(tx, {
          name: name.value.name,
          owner: signed.address,
          coinType: signed.coinType,
          attributes: attributes.value,
          at,
        })
        if (!inserted) throw new Refused(409, NameReason.alreadyRegistered, 'name')
      })
      const record = await getName(deps.db, name.value.name)
      return c.json<RegisterNameResponse>({ success: true, ...publicRecord(record!) })
    } catch (error) {
      return handleRefusal(c, error)
    }
  })

  route.post('/profile/account/:name/attributes', limit, async (c) => {
    try {
      const name = parseName(c.req.param('name'), zones)
      if (!name.ok) throw new Refused(400, name.reason, 'name')
      const signed = await readSignedBody(c)
      const message = checkMessage(signed, NAME_MESSAGE_PURPOSE.attributes)
      if (message.name.toLowerCase() !== name.value.name) throw new Refused(400, NameReason.nameMismatch, 'message')
      const attributes = checkAttributes(message.attributes)
      if (!attributes.ok) throw new Refused(400, attributes.reason, 'attributes')

      const record = await getName(deps.db, name.value.name)
      if (!record) throw new Refused(404, NameReason.notRegistered(name.value.name), 'name')
      if (record.owner.toLowerCase() !== signed.address.toLowerCase()) throw new Refused(403, NameReason.notOwner, 'address')
      if (await isSignedMessageUsed(deps.db, SIGNED_PURPOSE, signed.address, signed.message)) {
        throw new Refused(409, NameReason.signatureUsed, 'signature')
      }
      await checkSignature(signed)

      const at = new Date(deps.now())
      await deps.db.transaction(async (tx) => {
        if (!(await claimSignedMessage(tx, SIGNED_PURPOSE, signed.address, signed.message, at))) {
          throw new Refused(409, NameReason.signatureUsed, 'signature')
        }
        await updateAttributes(tx, name.value.name, attributes.value, at)
      })
      return c.json<NameRecordResponse>(publicRecord((await getName(deps.db, name.value.name))!))
    } catch (error) {
      return handleRefusal(c, error)
    }
  })

  interface SignedBody {
    coinType: number
    caipNetworkId: string
    address: Address
    message: string
    signature: Hex
  }

  async function readSignedBody(c: C): Promise<SignedBody> {
    const json = await readJson(c)
    if (json === BODY_NOT_JSON_MARKER) throw new Refused(400, BODY_NOT_JSON)
    const body = RegisterBody.safeParse(json)
    if (!body.success) throw body.error
    const address = parseEvmAddress(body.data.address)
    if (!address) throw new Refused(400, NameReason.address, 'address')
    const chainId = coinTypeToEvmChainId(body.data.coin_type)
    if (chainId === undefined) throw new Refused(400, NameReason.coinType(body.data.coin_type), 'coin_type')
    return {
      coinType: body.data.coin_type,
      caipNetworkId: `eip155:${chainId}`,
      address,
      message: body.data.message,
      signature: body.data.signature as Hex,
    }
  }

  /** The signed message's fields, when it binds this API, `purpose`, the body's address and coin type, and is valid now. */
  function checkMessage(signed: SignedBody, purpose: NameMessage['purpose']): NameMessage {
    const checked = checkNameMessage(signed.message, {
      domain,
      purpose,
      address: signed.address,
      coinType: signed.coinType,
      nowMs: deps.now(),
    })
    if (!checked.ok) throw new Refused(400, checked.reason, 'message')
    return checked.value
  }

  async function checkSignature(signed: SignedBody): Promise<void> {
    if (!(await verifySignedMessage(deps.chains, signed))) throw new Refused(401, NameReason.signatureInvalid, 'signature')
  }

  return route
}

function handleRefusal(c: C, error: unknown) {
  if (error instanceof Refused) return refuse(c, error.status, error.description, error.field)
  if (error instanceof z.ZodError) return invalidInput(c, error)
  if (error instanceof ChainUnavailableError) return refuse(c, 503, error.message, 'coin_type')
  throw error
}

/** The coin types an account on `chainId` may be registered under (mainnet: SLIP-44 60 too); undefined: any. */
export function coinTypesOf(chainId: number | undefined): number[] | undefined {
  if (chainId === undefined) return undefined
  return chainId === 1 ? [60, evmChainIdToCoinType(1)] : [evmChainIdToCoinType(chainId)]
}

function publicRecord(record: NameRecord & { owner?: Address }): NameRecord {
  const { name, registered, updated, registered_at, updated_at, addresses, attributes } = record
  return { name, registered, updated, registered_at, updated_at, addresses, attributes }
}
