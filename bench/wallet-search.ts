import type { Frame } from '@playwright/test'
import { median, percentile } from './stats'

/** Queries over the full registry: one hit, a few, many (up to the 100-result page). */
export const SEARCH_QUERIES = ['rain', 'meta', 'wallet', 'a', 'trust', 'o', 'zer', 'coin']

export interface SearchTiming {
  /** The input event of the keystroke. */
  keystroke: number
  /** The frame after the tiles matched among the loaded wallets (data-source="local") was painted. */
  localPainted: number
  localResults: number
  /** The 300 ms debounce fired: the request leaves (mark airlock:wallet-search:start). */
  start: number
  /** The answer's last byte arrived (Resource Timing responseEnd of this query's request). */
  arrived: number
  /** React committed the server's results (the grid's data-source became "server"). */
  committed: number
  /** A task after the next animation frame: the frame with the server's results has been painted. */
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
 * event (one keystroke), then waits for the grid to show that query's wallets, first matched among
 * the loaded ones, then the server's answer, each until the frame after them. Times are the
 * frame's performance.now().
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
        let local: Promise<{ localPainted: number; localResults: number }> | undefined
        const observer = new MutationObserver(() => {
          if (grid.dataset.resultsFor !== q) return
          if (!local) {
            const localResults = Number(grid.dataset.count)
            local = new Promise((done) =>
              requestAnimationFrame(() => setTimeout(() => done({ localPainted: performance.now(), localResults }))),
            )
          }
          if (grid.dataset.source !== 'server' || grid.dataset.status !== 'ready') return
          observer.disconnect()
          const committed = performance.now()
          const results = Number(grid.dataset.count)
          const frame = new Promise<number>((done) => requestAnimationFrame(() => setTimeout(() => done(performance.now()))))
          void Promise.all([local, frame]).then(([first, painted]) => {
            clearTimeout(timeout)
            resolve({
              keystroke,
              ...first!,
              start: performance.getEntriesByName('airlock:wallet-search:start').at(-1)?.startTime ?? NaN,
              committed,
              painted,
              results,
              ...(performance
                .getEntriesByType('resource')
                .filter((entry) => entry.name.includes('/getWallets?') && new URL(entry.name).searchParams.get('search') === q)
                .map((entry) => ({
                  arrived: (entry as PerformanceResourceTiming).responseEnd,
                  request: (entry as PerformanceResourceTiming).responseEnd - entry.startTime,
                }))
                .at(-1) ?? { arrived: NaN, request: NaN }),
            })
          })
        })
        observer.observe(grid, { attributes: true, attributeFilter: ['data-results-for', 'data-source', 'data-status', 'data-count'] })
        // React tracks the value through the native setter; one input event is one keystroke.
        const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!
        keystroke = performance.now()
        setValue.call(input, q)
        input.dispatchEvent(new Event('input', { bubbles: true }))
      }),
    query,
  )
}

/** Scrolls AllWallets to the end until every page of the registry is loaded. */
export async function loadWholeRegistry(frame: Frame): Promise<number> {
  return frame.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const grid = document.querySelector<HTMLElement>('[data-testid="all-wallets-grid"]')
        if (!grid) return reject(new Error('AllWallets is not open'))
        const deadline = setTimeout(() => reject(new Error('the registry did not finish loading')), 15_000)
        let last = -1
        let stable = 0
        const timer = setInterval(() => {
          grid.scrollTo({ top: grid.scrollHeight })
          const count = Number(grid.dataset.count)
          stable = count === last && grid.dataset.status === 'ready' ? stable + 1 : 0
          last = count
          if (stable < 10) return
          clearInterval(timer)
          clearTimeout(deadline)
          grid.scrollTo({ top: 0 })
          resolve(count)
        }, 50)
      }),
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
    keystrokeToLocalPainted: of((t) => t.localPainted - t.keystroke),
    arrivedToPainted: of((t) => t.painted - t.arrived),
    keystrokeToPainted: of((t) => t.painted - t.keystroke),
    request: of((t) => t.request),
    /** Searches whose instant answer (the whole registry loaded) differed from the server's in size. */
    localMismatches: timings.filter((t) => t.localResults !== t.results).map((t) => `${t.localResults} vs ${t.results}`),
  }
}
