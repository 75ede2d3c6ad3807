import {
  PolkadotTransferRequest,
  PolkadotTransferSubmit,
  type PolkadotTransferPrepared,
  type PolkadotTransferSubmitted,
} from '@airlock/protocol'
import { Hono, type Context } from 'hono'
import * as z from 'zod'
import { apiError, invalidInput } from '../../platform/http/errors'
import { BODY_NOT_JSON, BODY_NOT_JSON_MARKER, jsonBodyLimit, readJson } from '../../platform/http/json-body'
import type { ApiVariables } from '../../platform/projects/request'
import type { ChainRegistry } from '../registry'
import { SubmitRefusedError, submitTransfer } from './submit'
import { prepareTransfer, TransferInputError } from './transfer'

/** A payload's call is at most 64 KiB of hex (protocol's POLKADOT_BYTES). */
const MAX_BODY_BYTES = 200 * 1024

/** The body checked against a protocol schema: its data, or the 400 (not JSON, or the schema's first complaint naming the field). */
async function readBody<S extends z.core.$ZodType>(c: Context, schema: S): Promise<{ data: z.output<S> } | { refused: Response }> {
  const json = await readJson(c)
  if (json === BODY_NOT_JSON_MARKER) return { refused: apiError(c, 400, BODY_NOT_JSON) }
  const parsed = z.safeParse(schema, json)
  return parsed.success ? { data: parsed.data } : { refused: invalidInput(c, parsed.error) }
}

/**
 * `POST /polkadot/transfers` (mounted under /v1): `{caipNetworkId, from, to, amount}` (planck) ->
 * the `balances.transferKeepAlive` payload to sign, with the fee and the existential deposit, or
 * the reason it cannot be made (chains/polkadot/transfer.ts).
 * `POST /polkadot/transfers/submit`: `{caipNetworkId, payload, signature}` -> the extrinsic's hash
 * and the block that holds it, after the signature is checked (a forged one is a 400).
 * A network without an upstream is a 400 'Unsupported chain'; a node that does not answer, a 502.
 */
export function polkadotTransferRoutes(chains: ChainRegistry): Hono<{ Variables: ApiVariables }> {
  const app = new Hono<{ Variables: ApiVariables }>()
  const networks = chains.family('polkadot')
  app.use('/polkadot/transfers/*', jsonBodyLimit(MAX_BODY_BYTES))
  app.use('/polkadot/transfers', jsonBodyLimit(MAX_BODY_BYTES))

  app.post('/polkadot/transfers', async (c) => {
    const body = await readBody(c, PolkadotTransferRequest)
    if ('refused' in body) return body.refused
    const { caipNetworkId, from, to, amount } = body.data
    const api = networks.current(caipNetworkId)
    if (!api) return apiError(c, 400, 'Unsupported chain', [{ description: 'Unsupported chain', field: 'caipNetworkId' }])
    try {
      return c.json<PolkadotTransferPrepared>(await prepareTransfer(await api, { caipNetworkId, from, to, amount: BigInt(amount) }))
    } catch (error) {
      if (error instanceof TransferInputError) return apiError(c, 400, error.message)
      console.error(`[api] polkadot transfer ${from} -> ${to} on ${caipNetworkId}:`, error)
      return apiError(c, 502, 'Failed to create transaction: the chain did not answer')
    }
  })

  app.post('/polkadot/transfers/submit', async (c) => {
    const body = await readBody(c, PolkadotTransferSubmit)
    if ('refused' in body) return body.refused
    const api = networks.current(body.data.caipNetworkId)
    if (!api) return apiError(c, 400, 'Unsupported chain', [{ description: 'Unsupported chain', field: 'caipNetworkId' }])
    try {
      return c.json<PolkadotTransferSubmitted>(await submitTransfer(await api, body.data))
    } catch (error) {
      if (error instanceof TransferInputError) return apiError(c, 400, error.message)
      if (error instanceof SubmitRefusedError) return apiError(c, 422, `Transaction error: the network refused it (${error.message})`)
      console.error(`[api] polkadot submit on ${body.data.caipNetworkId}:`, error)
      return apiError(c, 502, 'Something went wrong: the chain did not answer')
    }
  })
  return app
}
