/**
 * What every history index does around its own rounds (the EVM indexer, the Polkadot transfer
 * index): one loop per chain that pauses between polls when caught up, retries a node that is down
 * with exponential backoff (logged once when it goes down and once when it is back), wakes the
 * callers waiting for a block, and stops.
 */
export interface FollowerOptions<S> {
  /** The followed chains' states by CAIP-2 id, one loop each. */
  states: ReadonlyMap<string, S>
  /** Stores the chain's next blocks; true while it is behind (the next round starts at once). `stop` aborts once stop() is called: nothing is stored after. */
  round(state: S, stop: AbortSignal): Promise<boolean>
  /** The last block stored, undefined before the first. */
  indexed(state: S): bigint | undefined
  /** The node's head now: what waitFor waits for when no block is named. */
  head(chain: string): Promise<bigint>
  /** An error of a round that is not the node being down; true when handled (the next round starts at once). */
  recover?(state: S, error: unknown): Promise<boolean>
  describe?(error: unknown): string
  /** Who speaks in errors and logs: "The indexer". */
  name: string
  pollMs: number
  maxBackoffMs: number
  /** How long stop() waits for a round in flight (default 2000 ms). */
  stopTimeoutMs?: number
  log(message: string): void
}

export interface Follower {
  /** Stops following; resolves once rounds in flight are done (or after stopTimeoutMs). Idempotent. */
  stop(): Promise<void>
  /** Resolves once `chain` is stored up to `block` (default: its head now); rejects after `timeoutMs` (default 10 s) or when stopped. */
  waitFor(chain: string, block?: bigint, timeoutMs?: number): Promise<void>
  /** False while the chain's node does not answer. */
  isUp(chain: string): boolean
}

interface Health {
  up: boolean
  failures: number
  waiters: Set<{ block: bigint; done: () => void }>
}

export function startFollower<S>(options: FollowerOptions<S>): Follower {
  const { states, name, pollMs, maxBackoffMs, log } = options
  const describe = options.describe ?? ((error: unknown) => (error instanceof Error ? error.message : String(error)))
  const abort = new AbortController()
  let stopped = false
  const health = new Map<string, Health>([...states.keys()].map((chain) => [chain, { up: true, failures: 0, waiters: new Set() }]))

  const notify = (state: S, { waiters }: Health) => {
    const last = options.indexed(state)
    for (const waiter of waiters) {
      if (stopped || (last !== undefined && last >= waiter.block)) waiter.done()
    }
  }

  async function follow(chain: string, state: S, chainHealth: Health): Promise<void> {
    while (!stopped) {
      let delay = pollMs
      try {
        if (await options.round(state, abort.signal)) delay = 0
        if (!chainHealth.up) log(`${chain}: reachable again, indexed up to block ${options.indexed(state) ?? 'none'}`)
        chainHealth.up = true
        chainHealth.failures = 0
      } catch (error) {
        if (stopped) break
        if (await options.recover?.(state, error).catch(() => true)) {
          delay = 0
        } else {
          chainHealth.failures++
          if (chainHealth.up) log(`${chain}: ${describe(error)}; retrying with backoff`)
          chainHealth.up = false
          delay = Math.min(pollMs * 2 ** chainHealth.failures, maxBackoffMs)
        }
      }
      notify(state, chainHealth)
      await sleep(delay, abort.signal)
    }
  }

  const loops = Promise.all([...states].map(([chain, state]) => follow(chain, state, health.get(chain)!)))
  let stopping: Promise<void> | undefined

  return {
    stop() {
      stopping ??= (async () => {
        stopped = true
        abort.abort()
        for (const [chain, state] of states) notify(state, health.get(chain)!)
        let timer: NodeJS.Timeout | undefined
        await Promise.race([loops, new Promise<void>((resolve) => (timer = setTimeout(resolve, options.stopTimeoutMs ?? 2000)))])
        clearTimeout(timer)
      })()
      return stopping
    },
    async waitFor(chain, block, timeoutMs = 10_000) {
      const state = states.get(chain)
      const chainHealth = health.get(chain)
      if (state === undefined || !chainHealth) throw new Error(`${name} does not follow ${chain}`)
      const target = block ?? (await options.head(chain))
      if (stopped) throw new Error(`${name} is stopped`)
      const last = options.indexed(state)
      if (last !== undefined && last >= target) return
      await new Promise<void>((resolve, reject) => {
        const waiter = {
          block: target,
          done: () => {
            clearTimeout(timer)
            chainHealth.waiters.delete(waiter)
            if (stopped) reject(new Error(`${name} stopped`))
            else resolve()
          },
        }
        const timer = setTimeout(() => {
          chainHealth.waiters.delete(waiter)
          reject(new Error(`${chain} not indexed up to block ${target} within ${timeoutMs} ms (at ${options.indexed(state) ?? 'none'})`))
        }, timeoutMs)
        chainHealth.waiters.add(waiter)
      })
    },
    isUp: (chain) => health.get(chain)?.up ?? false,
  }
}

/** A pause that ends early when following stops; 0 ms yields to other work once. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve()
  if (ms <= 0) return new Promise((resolve) => setImmediate(resolve))
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms)
    function done() {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    signal.addEventListener('abort', done, { once: true })
  })
}
