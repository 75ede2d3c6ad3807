import { tailLatency } from './stats'

export interface LatencyResult {
  p50: number
  p99: number
  requests: number
  clients: number
  /** Wall time of the measured requests, all clients together. */
  elapsedMs: number
}

/**
 * Latency of one API call under concurrent clients on loopback: every client sends its requests
 * one after another, all clients at once. A first round of `warmupPerClient` requests per client
 * is not counted (the server's JIT, the sockets of the pool); non-2xx answers fail the measurement.
 */
export async function measureApiLatency(
  name: string,
  url: string,
  options: { clients: number; requestsPerClient: number; warmupPerClient: number },
): Promise<LatencyResult> {
  const run = async (requestsPerClient: number) => {
    const times: number[] = []
    const client = async () => {
      for (let i = 0; i < requestsPerClient; i++) {
        const started = performance.now()
        const response = await fetch(url)
        const body = await response.text()
        if (!response.ok) throw new Error(`${name}: ${response.status} ${body.slice(0, 200)}`)
        times.push(performance.now() - started)
      }
    }
    await Promise.all(Array.from({ length: options.clients }, client))
    return times
  }
  await run(options.warmupPerClient)
  const started = performance.now()
  const times = await run(options.requestsPerClient)
  const elapsedMs = performance.now() - started
  return { ...tailLatency(times), requests: times.length, clients: options.clients, elapsedMs }
}
