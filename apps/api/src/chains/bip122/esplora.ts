import * as z from 'zod'

/**
 * Bitcoin access for the data API: one esplora REST client per configured `bip122:` upstream (an
 * esplora or mempool.space API; the devnet serves the same paths). Answers are checked with the
 * caller's zod schema; an HTTP error, a timeout or an answer of the wrong shape throws.
 */
export interface Esplora {
  /** GET `path` (e.g. `/address/bc1…`), its JSON answer checked with `schema`. */
  get<T>(path: string, schema: z.ZodType<T>): Promise<T>
}

export interface EsploraNetworks {
  /** CAIP-2 ids of the networks with an upstream, e.g. `bip122:000000000019d6689c085ae165831e93`. */
  supported(): string[]
  client(caipNetworkId: string): Esplora | undefined
}

/** An answer this large is not something the data API reads: refused rather than parsed. */
const MAX_ANSWER_CHARS = 8 * 1024 * 1024

export const Txid = z.string().regex(/^[0-9a-f]{64}$/)
const Sats = z.number().int().nonnegative()
const TxoStats = z.object({ funded_txo_sum: Sats, spent_txo_sum: Sats, tx_count: z.number().int().nonnegative() })

/** `GET /address/:address`: what the address holds on chain (`chain_stats`) and in the mempool. */
export const AddressInfo = z.object({ chain_stats: TxoStats, mempool_stats: TxoStats })

const Output = z.object({ scriptpubkey_address: z.string().optional(), value: Sats })

/** One transaction of `GET /address/:address/txs` (the fields history reads). */
export const EsploraTx = z.object({
  txid: Txid,
  vin: z.array(z.object({ prevout: Output.nullable(), is_coinbase: z.boolean().optional() })),
  vout: z.array(Output),
  fee: Sats,
  status: z.object({
    confirmed: z.boolean(),
    block_height: z.number().int().nonnegative().optional(),
    block_time: z.number().int().nonnegative().optional(),
  }),
})
export type EsploraTx = z.infer<typeof EsploraTx>

export function createEsplora(url: string, options: { timeoutMs?: number; fetch?: typeof fetch } = {}): Esplora {
  // Looked up at each call, not captured: tests watch the global fetch to prove no request was made.
  const send: typeof fetch = options.fetch ?? ((input, init) => fetch(input, init))
  const base = url.replace(/\/+$/, '')
  return {
    async get(path, schema) {
      const response = await send(`${base}${path}`, {
        headers: { accept: 'application/json' },
        redirect: 'error',
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      })
      const text = await response.text()
      if (text.length > MAX_ANSWER_CHARS) throw new Error(`GET ${path}: esplora answered more than ${MAX_ANSWER_CHARS} characters`)
      if (!response.ok) throw new Error(`GET ${path}: esplora answered HTTP ${response.status}: ${text.slice(0, 200)}`)
      let json: unknown
      try {
        json = JSON.parse(text)
      } catch {
        throw new Error(`GET ${path}: esplora answered without JSON`)
      }
      const parsed = schema.safeParse(json)
      if (!parsed.success)
        throw new Error(`GET ${path}: unexpected answer from esplora (${parsed.error.issues[0]?.message ?? 'malformed'})`)
      return parsed.data
    },
  }
}

/** One client per network of `upstreams` (the `bip122:` upstreams, CAIP-2 -> esplora URL: chains/registry.ts picks them). */
export function createEsploraNetworks(upstreams: Record<string, string>, options: { timeoutMs?: number } = {}): EsploraNetworks {
  const clients = new Map(Object.entries(upstreams).map(([caipNetworkId, url]) => [caipNetworkId, createEsplora(url, options)]))
  return {
    supported: () => [...clients.keys()],
    client: (caipNetworkId) => clients.get(caipNetworkId),
  }
}
