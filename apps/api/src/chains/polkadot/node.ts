import type { ApiPromise } from '@polkadot/api'

/**
 * Polkadot access for the data API: one @polkadot/api ApiPromise per configured `polkadot:`
 * upstream, over HTTP (the upstreams are JSON-RPC URLs; there is no subscription over HTTP, so
 * callers poll). An ApiPromise reads the runtime's metadata once, when first asked for, and is then
 * kept: balances, fees and transfers are built with that metadata, here, so that no widget or dapp
 * downloads @polkadot/api. A network whose node does not answer in time is retried at the next call.
 */
export interface PolkadotNetworks {
  /** CAIP-2 ids of the networks with an upstream, e.g. `polkadot:91b171bb158e2d3848fa23a9f1c25182`. */
  supported(): string[]
  /** The network's ApiPromise, metadata loaded; undefined when it has no upstream. Rejects when its node does not answer. */
  api(caipNetworkId: string): Promise<ApiPromise> | undefined
  /**
   * The same, after asking the node its runtime version (one call): over HTTP an ApiPromise never
   * hears of a runtime upgrade, and a payload built with the old metadata and spec version would be
   * refused, so a changed runtime gets a new ApiPromise. For what is signed and submitted.
   */
  current(caipNetworkId: string): Promise<ApiPromise> | undefined
}

/** How long an ApiPromise of a replaced runtime is kept for the requests still using it. */
const RETIRE_MS = 60_000

/** Metadata is 0.5-1.5 MB: a slow public node takes a few seconds. */
const CONNECT_TIMEOUT_MS = 30_000

async function connect(url: string, timeoutMs: number): Promise<ApiPromise> {
  // Loaded on first use: the API's other families (and their tests) never load @polkadot/api.
  const { ApiPromise, HttpProvider } = await import('@polkadot/api')
  const api = new ApiPromise({ provider: new HttpProvider(url), noInitWarn: true, throwOnConnect: true })
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`the Polkadot node did not answer its metadata within ${timeoutMs / 1000} s`)), timeoutMs)
  })
  try {
    return await Promise.race([api.isReadyOrError, timeout])
  } catch (error) {
    await api.disconnect().catch(() => undefined)
    throw error
  } finally {
    clearTimeout(timer)
  }
}

/** One ApiPromise per network of `upstreams` (the `polkadot:` upstreams, CAIP-2 -> URL: chains/registry.ts picks them). */
export function createPolkadotNetworks(
  upstreams: Record<string, string>,
  options: { timeoutMs?: number; connect?: (url: string, timeoutMs: number) => Promise<ApiPromise> } = {},
): PolkadotNetworks {
  const open = options.connect ?? connect
  const urls = new Map(Object.entries(upstreams))
  const apis = new Map<string, Promise<ApiPromise>>()
  const api = (caipNetworkId: string) => {
    const url = urls.get(caipNetworkId)
    if (url === undefined) return undefined
    let connecting = apis.get(caipNetworkId)
    if (!connecting) {
      connecting = open(url, Math.max(options.timeoutMs ?? 0, CONNECT_TIMEOUT_MS))
      // A failed connection is forgotten: the next call tries the node again.
      connecting.catch(() => apis.delete(caipNetworkId))
      apis.set(caipNetworkId, connecting)
    }
    return connecting
  }
  async function current(caipNetworkId: string, connecting: Promise<ApiPromise>): Promise<ApiPromise> {
    const known = await connecting
    const now = await known.rpc.state.getRuntimeVersion()
    if (now.specVersion.eq(known.runtimeVersion.specVersion)) return known
    if (apis.get(caipNetworkId) === connecting) apis.delete(caipNetworkId)
    // Later, not now: requests of the old runtime may still be on their way.
    setTimeout(() => void known.disconnect(), RETIRE_MS).unref()
    return api(caipNetworkId)!
  }
  return {
    supported: () => [...urls.keys()],
    api,
    current(caipNetworkId) {
      const connecting = api(caipNetworkId)
      return connecting && current(caipNetworkId, connecting)
    },
  }
}
