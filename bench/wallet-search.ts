import type { Frame } from '@playwright/test'
import { median, percentile } from './stats'

/** Queries over the full registry: one hit, a few, many (up to the 100-result page). */
export const SEARCH_QUERIES = ['rain', 'meta', 'wallet', 'a', 'trust', 'o', 'zer', 'coin']

export interface SearchTiming {
  /** The input event of the last keystroke. */
  keystroke: number
  /** The 300 ms debounce fired: the request leaves (mark airlock:wallet-search:start). */
  start: number
  /** The answer's last byte arrived (Resource Timing responseEnd of this query's request). */
  arrived: number
  /** The answer is read and parsed (mark airlock:wallet-search:response). */
  response: number
  /** React committed the results (the grid's data-results-for changed). */
  committed: number
  /** A task after the next animation frame: the frame with the results has been painted. */
  painted: number
  results: number
  /** The search request as Resource Timing saw it (fetch start to the last byte). */
  request: number
}

/**
 * (No named function inside the evaluated callback: tsx would wrap it in a `__name` helper the
 * page does not have.)
 *
 * One search in the AllWallets view of the widget frame: sets the field to `query` with one input
 * event (the last keystroke), then waits for the grid to show that query's results and for the
 * frame after them. Times are the frame's performance.now().
 */
export function measureSearch(frame: Frame, query: string): Promise<SearchTiming> {
  return frame.evaluate(
    (q) =>
      new Promise<SearchTiming>((resolve, reject) => {
        const input = document.querySelector<HTMLInputElement>('[data-testid="all-wallets-search"]')
        const grid = document.querySelector<HTMLElement>('[data-testid="all-wallets-grid"]')
        if (!input || !grid) return reject(new Error('AllWallets is not open'))
        const timeout = setTimeout(() => reject(new Error(`no results for ${q}`)), 10_000)
        let keystroke = 0
        const observer = new MutationObserver(() => {
          if (grid.dataset.resultsFor !== q || grid.dataset.status !== 'ready') return
          observer.disconnect()
          const committed = performance.now()
          requestAnimationFrame(() =>
            setTimeout(() => {
              clearTimeout(timeout)
              resolve({
                keystroke,
                start: performance.getEntriesByName('airlock:wallet-search:start').at(-1)?.startTime ?? NaN,
                response: performance.getEntriesByName('airlock:wallet-search:response').at(-1)?.startTime ?? NaN,
                committed,
                painted: performance.now(),
                results: Number(grid.dataset.count),
                ...(performance
                  .getEntriesByType('resource')
                  .filter((entry) => entry.name.includes('/getWallets?') && new URL(entry.name).searchParams.get('search') === q)
                  .map((entry) => ({
                    arrived: (entry as PerformanceResourceTiming).responseEnd,
                    request: (entry as PerformanceResourceTiming).responseEnd - entry.startTime,
                  }))
                  .at(-1) ?? { arrived: NaN, request: NaN }),
              })
            }),
          )
        })
        observer.observe(grid, { attributes: true, attributeFilter: ['data-results-for', 'data-status'] })
        // React tracks the value through the native setter; one input event is one keystroke.
        const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!
        keystroke = performance.now()
        setValue.call(input, q)
        input.dispatchEvent(new Event('input', { bubbles: true }))
      }),
    query,
  )
}

/** Clears the field and waits for the full list to be back. */
export async function clearSearch(frame: Frame): Promise<void> {
  await frame.getByTestId('all-wallets-search').fill('')
  await frame.waitForFunction(() => document.querySelector<HTMLElement>('[data-testid="all-wallets-grid"]')?.dataset.resultsFor === '')
}

export function summarizeSearches(timings: SearchTiming[]) {
  const of = (pick: (t: SearchTiming) => number) => {
    const values = timings.map(pick)
    return { median: median(values), p95: percentile(values, 95) }
  }
  return {
    debounceToPainted: of((t) => t.painted - t.start),
    arrivedToPainted: of((t) => t.painted - t.arrived),
    arrivedToCommitted: of((t) => t.committed - t.arrived),
    keystrokeToPainted: of((t) => t.painted - t.keystroke),
    keystrokeToDebounce: of((t) => t.start - t.keystroke),
    request: of((t) => t.request),
  }
}
