import type { AirlockState, ConnectorDescription, HostApi, HostEvent, WidgetBootConfig } from '@airlock/protocol'
import { vi } from 'vitest'
import { setFrameTransportFactory } from '../connectors/embedded/frame'
import type { FrameTransportFactory } from '../connectors/embedded/transport'
import { walletRequest } from '../connectors/request'
import { createWidgetContext, type WidgetContext } from '../core/context'
import { createMemoryStorage, type KeyValueStorage } from '../core/storage/safeStorage'

export const TEST_ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
export const TEST_ADDRESS_2 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

export const TEST_CONFIG: WidgetBootConfig = {
  projectId: 'demo',
  parentOrigin: 'http://dapp.localhost:4400',
  apiUrl: 'http://api.localhost:4403',
  secureFrameUrl: 'http://secure.localhost:4402',
}

export const devnetWallet: ConnectorDescription = {
  id: 'dev.airlock.devnetwallet',
  type: 'ANNOUNCED',
  namespace: 'eip155',
  name: 'Devnet Wallet',
  rdns: 'dev.airlock.devnetwallet',
  icon: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E',
}

export type WalletHandler = (method: string, params: unknown, connectorId: string) => unknown

/** A wallet that approves: accounts on request, chain 31337. */
export const approvingWallet: WalletHandler = (method) => {
  if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [TEST_ADDRESS]
  if (method === 'eth_chainId') return '0x7a69'
  return null
}

export function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

export interface FakeHost {
  api: HostApi
  /** The dapp page's storage, behind storageGet/Set/Remove. */
  storage: Map<string, string>
  events: HostEvent[]
  connectors: ConnectorDescription[]
  wallet: WalletHandler
  /** The dapp's own sign-in functions (`siwxConfig`), called through the host's `siwx`. */
  siwx: (call: 'getNonce' | 'verify', params: unknown) => unknown
  states(): AirlockState[]
  lastState(): AirlockState | undefined
  providerEvents(): { event: string; data: unknown }[]
  tracked(): string[]
  walletCalls(): { connectorId: string; method: string; params?: unknown }[]
}

export function createFakeHost(
  options: { connectors?: ConnectorDescription[]; wallet?: WalletHandler; siwx?: FakeHost['siwx'] } = {},
): FakeHost {
  const fake: FakeHost = {
    storage: new Map(),
    events: [],
    connectors: options.connectors ?? [devnetWallet],
    wallet: options.wallet ?? approvingWallet,
    siwx:
      options.siwx ??
      (() => {
        throw new TypeError('The dapp gave no siwxConfig')
      }),
    api: {
      listConnectors: vi.fn(async () => fake.connectors),
      connectorRequest: vi.fn(async ({ connectorId, method, params }) => fake.wallet(method, params, connectorId)),
      setVisible: vi.fn(async () => {}),
      openUrl: vi.fn(async () => {}),
      storageGet: vi.fn(async ({ key }) => fake.storage.get(key) ?? null),
      storageSet: vi.fn(async ({ key, value }) => void fake.storage.set(key, value)),
      storageRemove: vi.fn(async ({ key }) => void fake.storage.delete(key)),
      siwx: vi.fn(async ({ call, params }) => fake.siwx(call, params)),
      emit: vi.fn(async (event: HostEvent) => {
        fake.events.push(event)
      }),
    },
    states: () => fake.events.flatMap((e) => (e.type === 'state' ? [e.state] : [])),
    lastState: () => fake.states().at(-1),
    providerEvents: () => fake.events.flatMap((e) => (e.type === 'provider' ? [{ event: e.event.event, data: e.event.data }] : [])),
    tracked: () => fake.events.flatMap((e) => (e.type === 'event' ? [e.event.data.event] : [])),
    walletCalls: () => vi.mocked(fake.api.connectorRequest).mock.calls.map(([call]) => call),
  }
  return fake
}

export function createTestContext(
  host: FakeHost,
  deps: { storage?: KeyValueStorage; fetch?: typeof fetch; frame?: FrameTransportFactory } = {},
): WidgetContext {
  const ctx = createWidgetContext({
    walletRequest,
    config: TEST_CONFIG,
    host: host.api,
    storage: deps.storage ?? createMemoryStorage(),
    fetch: deps.fetch ?? offline,
  })
  // No secure-frame iframe in unit tests: a test that logs in passes a fake frame (testing/fakeFrame.ts).
  setFrameTransportFactory(ctx, deps.frame ?? noSecureFrame)
  return ctx
}

/** A secure frame that never connects (and so never says ready). */
const noSecureFrame: FrameTransportFactory = () => new Promise(() => {})

/** Unit tests never reach a network: a test that needs the API passes its own fetch. */
const offline: typeof fetch = async () => {
  throw new TypeError('Failed to fetch (no network in unit tests)')
}

/** Lets pending promise callbacks run. */
export const flush = () => new Promise<void>((resolve) => setTimeout(resolve, 0))
