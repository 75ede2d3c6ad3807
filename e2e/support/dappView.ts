import type { Page } from '@playwright/test'
import { expect } from '../fixtures'

/**
 * What a dapp sees of a connection, recorded in the dapp page the way a dapp learns it (issue 22):
 * its providers' answers to `eth_accounts` / `solana_getAccounts` polled every few ms, every
 * provider event, every `getState()` change, and wallet requests sent at chosen moments of the
 * connect flow:
 * - `before`: before the user picks a wallet (the test fires it);
 * - `connecting`: in the state listener that first says `connecting` (or `reconnecting`);
 * - `event`: in the same task as the first `accountsChanged` that names an account;
 * - `accounts`: as soon as the poll first returns the account.
 * A request is a `personal_sign` (eip155) or `solana_signMessage` of the account the dapp knows (the
 * one it expects, else the one it was shown); an eip155 dapp that knows no account yet sends a
 * 0-value `eth_sendTransaction` without `from`, which the wallet fills.
 */

export type DappNamespace = 'eip155' | 'solana'
export type Moment = 'before' | 'connecting' | 'event' | 'accounts'

export interface ViewEntry {
  t: number
  namespace?: DappNamespace
  kind: 'accounts' | 'event' | 'state'
  /** accounts: the answer; event: its name and data; state: the status. */
  value: string
  data?: unknown
  /** What getState() said when the entry was recorded. */
  status: string
  /** Whether getState().connections held this entry's namespace then. */
  stateHasAccount: boolean
}

export interface SentRequest {
  moment: Moment
  namespace: DappNamespace
  method: string
  /** Whether the dapp had been shown an account of the namespace when it sent the request. */
  shownBefore: boolean
  outcome?: { ok: true; result: unknown } | { ok: false; code: number | undefined; message: string }
}

export interface DappViewConfig {
  /** The namespaces whose provider is recorded. */
  namespaces: readonly DappNamespace[]
  /** The namespaces the moments' requests are sent on (default: all recorded). */
  signOn?: readonly DappNamespace[]
  moments: readonly Exclude<Moment, 'before'>[]
  /** The account the dapp expects per namespace (a returning user's), used before one is shown. */
  expected?: Partial<Record<DappNamespace, string>>
  /** The eip155 transaction's receiver when no account is known yet. */
  receiver: string
}

interface DappView {
  entries: ViewEntry[]
  requests: SentRequest[]
  fire(moment: Moment, namespace: DappNamespace): void
  reset(config: Pick<DappViewConfig, 'moments' | 'expected'>): void
}

type ViewWindow = Window & { __dappView?: DappView; __installDappView?: (config: DappViewConfig) => void }

/** Starts recording in the page (its `window.airlock`); `reset` starts the next cycle's record. */
export async function watchAsDapp(page: Page, config: DappViewConfig): Promise<void> {
  await page.evaluate(installDappView, config)
}

/** Where the next load's recorder finds its config (watchEveryLoad). */
export const VIEW_CONFIG_KEY = 'airlock-e2e-view'

/**
 * Records from the start of every load of the page whose session storage holds a config under
 * VIEW_CONFIG_KEY: at `airlock:ready`, before the widget has even answered (what a dapp sees of
 * the reconnect after a reload).
 */
export async function watchEveryLoad(page: Page): Promise<void> {
  await page.addInitScript(`window.__installDappView = ${installDappView.toString()}`)
  await page.addInitScript((key: string) => {
    if (window.top !== window) return
    const stored = sessionStorage.getItem(key)
    if (!stored) return
    const config = JSON.parse(stored) as DappViewConfig
    window.addEventListener('airlock:ready', () => (window as ViewWindow).__installDappView!(config), { once: true })
  }, VIEW_CONFIG_KEY)
}

/** The recorder itself, run in the page (so it names nothing outside its body). */
function installDappView(config: DappViewConfig): void {
  const airlock = window.airlock!
  const signOn = new Set(config.signOn ?? config.namespaces)
  const t0 = performance.now()
  const now = () => Math.round((performance.now() - t0) * 10) / 10
  let moments = new Set(config.moments)
  let expected = { ...config.expected }
  const fired = new Set<string>()
  const shown: Partial<Record<DappNamespace, string>> = {}
  const stateHas = (namespace: DappNamespace) => (airlock.getState().connections ?? []).some((c) => c.namespace === namespace)
  const entries: ViewEntry[] = []
  const requests: SentRequest[] = []
  const record = (entry: Omit<ViewEntry, 't' | 'status' | 'stateHasAccount'>) =>
    entries.push({
      ...entry,
      t: now(),
      status: airlock.getState().status,
      stateHasAccount: entry.namespace ? stateHas(entry.namespace) : false,
    })

  const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
  const base58 = (bytes: Uint8Array) => {
    let n = bytes.reduce((acc, byte) => acc * 256n + BigInt(byte), 0n)
    let out = ''
    while (n > 0n) {
      out = ALPHABET[Number(n % 58n)] + out
      n /= 58n
    }
    for (const byte of bytes) {
      if (byte !== 0) break
      out = '1' + out
    }
    return out
  }
  const text = (moment: Moment) => `Airlock issue 22, moment ${moment}, ${Date.now()}`
  const hex = (value: string) => '0x' + [...new TextEncoder().encode(value)].map((b) => b.toString(16).padStart(2, '0')).join('')

  const fire = (moment: Moment, namespace: DappNamespace) => {
    const account = expected[namespace] ?? shown[namespace]
    const provider = airlock.getProvider(namespace)
    let call: { method: string; params: unknown }
    if (namespace === 'solana') {
      call = {
        method: 'solana_signMessage',
        params: { message: base58(new TextEncoder().encode(text(moment))), pubkey: account ?? '11111111111111111111111111111111' },
      }
    } else if (account) {
      call = { method: 'personal_sign', params: [hex(text(moment)), account] }
    } else {
      call = { method: 'eth_sendTransaction', params: [{ to: config.receiver, value: '0x0' }] }
    }
    const request: SentRequest = { moment, namespace, method: call.method, shownBefore: shown[namespace] !== undefined }
    requests.push(request)
    provider.request(call as never).then(
      (result) => (request.outcome = { ok: true, result }),
      (error: { code?: number; message?: string }) =>
        (request.outcome = { ok: false, code: error?.code, message: String(error?.message ?? error) }),
    )
  }
  const fireOnce = (moment: Exclude<Moment, 'before'>, namespace: DappNamespace) => {
    if (!moments.has(moment) || !signOn.has(namespace) || fired.has(`${moment}:${namespace}`)) return
    fired.add(`${moment}:${namespace}`)
    fire(moment, namespace)
  }

  let lastStatus = ''
  airlock.subscribeState((state) => {
    if (state.status === lastStatus) return
    lastStatus = state.status
    record({ kind: 'state', value: state.status })
    if (state.status === 'connecting' || state.status === 'reconnecting')
      for (const namespace of config.namespaces) fireOnce('connecting', namespace)
  })
  record({ kind: 'state', value: airlock.getState().status })
  lastStatus = airlock.getState().status

  for (const namespace of config.namespaces) {
    const provider = airlock.getProvider(namespace)
    for (const name of ['connect', 'accountsChanged', 'chainChanged', 'disconnect'] as const) {
      provider.on(name, (data: unknown) => {
        record({ namespace, kind: 'event', value: name, data })
        if (name !== 'accountsChanged' || !Array.isArray(data) || data.length === 0) return
        const account = String(data[0])
        shown[namespace] ??= account
        fireOnce('event', namespace)
      })
    }
    let last: string | undefined
    const accountsMethod = namespace === 'eip155' ? 'eth_accounts' : 'solana_getAccounts'
    const poll = async () => {
      for (;;) {
        const answer = (await provider.request({ method: accountsMethod })) as (string | { pubkey: string })[]
        const accounts = answer.map((entry) => (typeof entry === 'string' ? entry : entry.pubkey))
        const value = JSON.stringify(accounts)
        if (value !== last) {
          last = value
          record({ namespace, kind: 'accounts', value })
          if (accounts[0]) {
            shown[namespace] ??= accounts[0]
            fireOnce('accounts', namespace)
          }
        }
        await new Promise((resolve) => setTimeout(resolve, 3))
      }
    }
    void poll()
  }

  const view: DappView = {
    entries,
    requests,
    fire,
    reset(next) {
      entries.length = 0
      requests.length = 0
      fired.clear()
      for (const namespace of config.namespaces) delete shown[namespace]
      moments = new Set(next.moments)
      expected = { ...next.expected }
      record({ kind: 'state', value: airlock.getState().status })
    },
  }
  ;(window as ViewWindow).__dappView = view
}

export const fireRequest = (page: Page, moment: Moment, namespace: DappNamespace) =>
  page.evaluate(([m, ns]) => (window as ViewWindow).__dappView!.fire(m, ns), [moment, namespace] as const)

export const resetView = (page: Page, next: Pick<DappViewConfig, 'moments' | 'expected'>) =>
  page.evaluate((n) => (window as ViewWindow).__dappView!.reset(n), next)

export const readView = (page: Page) =>
  page.evaluate(() => {
    const view = (window as ViewWindow).__dappView!
    return { entries: [...view.entries], requests: view.requests.map((r) => ({ ...r })) }
  })

/** Waits as a dapp waits: until its poll returns an account of `namespace`. */
export async function waitForAccount(page: Page, namespace: DappNamespace, timeout = 30_000): Promise<string> {
  await expect
    .poll(async () => (await readView(page)).entries.some((e) => e.kind === 'accounts' && e.namespace === namespace && e.value !== '[]'), {
      timeout,
    })
    .toBe(true)
  const entry = (await readView(page)).entries.find((e) => e.kind === 'accounts' && e.namespace === namespace && e.value !== '[]')!
  return (JSON.parse(entry.value) as string[])[0]!
}

/** Waits until every request the dapp sent has its answer. */
export async function settled(page: Page, timeout = 30_000): Promise<SentRequest[]> {
  await expect.poll(async () => (await readView(page)).requests.every((r) => r.outcome !== undefined), { timeout }).toBe(true)
  return (await readView(page)).requests
}

/**
 * The record of one connect, checked against issue 22's rule: the account appears once and stays,
 * only after the state says connected; the status never returns to disconnected on the way to
 * connected; each event finds the state it announces readable; a request is answered 4100 only
 * when nothing was ever shown (nor on its way).
 */
export function expectOneTruth(
  { entries, requests }: Awaited<ReturnType<typeof readView>>,
  { namespaces, pendingStatus = 'connecting' }: { namespaces: readonly DappNamespace[]; pendingStatus?: 'connecting' | 'reconnecting' },
): void {
  const statuses = entries.filter((e) => e.kind === 'state').map((e) => e.value)
  expect(statuses, 'the status on the way to connected').toEqual(['disconnected', pendingStatus, 'connected'])
  for (const namespace of namespaces) {
    const answers = entries.filter((e) => e.kind === 'accounts' && e.namespace === namespace)
    const values = answers.map((e) => e.value)
    const first = values.findIndex((value) => value !== '[]')
    expect(first, `${namespace}: an account was shown`).toBeGreaterThanOrEqual(0)
    expect(new Set(values.slice(first)), `${namespace}: the account appears once and stays`).toEqual(new Set([values[first]]))
    for (const answer of answers.slice(first))
      expect({ status: answer.status, stateHasAccount: answer.stateHasAccount }, `${namespace}: shown only once the state says so`).toEqual(
        {
          status: 'connected',
          stateHasAccount: true,
        },
      )
    const events = entries.filter((e) => e.kind === 'event' && e.namespace === namespace)
    expect(
      events.map((e) => e.value),
      `${namespace}: connect, then the account`,
    ).toEqual(['connect', 'accountsChanged'])
    expect(events[1]!.data).toEqual(JSON.parse(values[first]!))
    for (const event of events)
      expect({ status: event.status, stateHasAccount: event.stateHasAccount }, `${namespace}: ${event.value} after its state`).toEqual({
        status: 'connected',
        stateHasAccount: true,
      })
  }
  for (const request of requests) {
    if (request.moment === 'before') {
      expect(request.outcome, 'a request before anything is on its way').toMatchObject({ ok: false, code: 4100 })
      continue
    }
    expect(request.outcome, `the ${request.method} sent at '${request.moment}' (${request.namespace}) is served`).toMatchObject({
      ok: true,
    })
  }
}
