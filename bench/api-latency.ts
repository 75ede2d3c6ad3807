import { median, percentile } from './stats'

export interface LatencyResult {
  name: string
  median: number
  p95: number
  requests: number
  clients: number
}

/**
 * Latency of one API call under concurrent clients on loopback: every client sends its requests
 * one after another, all clients at once; non-2xx answers fail the measurement.
 */
export async function measureApiLatency(
  name: string,
  url: string,
  options: { clients: number; requestsPerClient: number; init?: RequestInit },
): Promise<LatencyResult> {
  const warm = await fetch(url, options.init)
  if (!warm.ok) throw new Error(`${name}: ${warm.status} ${await warm.text()}`)
  const times: number[] = []
  const client = async () => {
    for (let i = 0; i < options.requestsPerClient; i++) {
      const started = performance.now()
      const response = await fetch(url, options.init)
      await response.arrayBuffer()
      if (!response.ok) throw new Error(`${name}: ${response.status}`)
      times.push(performance.now() - started)
    }
  }
  await Promise.all(Array.from({ length: options.clients }, client))
  return { name, median: median(times), p95: percentile(times, 95), requests: times.length, clients: options.clients }
}
