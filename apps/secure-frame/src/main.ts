import {
  applyTheme,
  createCaller,
  exposeMethods,
  FRAME_PROTOCOL_VERSION,
  FrameErrorMessage,
  frameEventResults,
  frameMethodParams,
  PinnedWindowMessenger,
  SECURE_FRAME_CHANNEL,
  type frameEventParams,
  type FrameEventApi,
  type frameMethodResults,
  type FrameThemeData,
} from '@airlock/protocol'
import { connect } from 'penpal'
import { createConfirmation, type ConfirmationUi } from './confirm/confirmation'
import { lazyUi } from './confirm/lazyUi'
import { createFrameVaults, createStorageAccess } from './custody/storageAccess'
import { documentCookieJar, openDeviceVault } from './custody/vault'
import { createFrameMethods } from './frame/methods'
import { createServerClient } from './server/client'
import { createKeyServiceClient } from './server/keyService'
import { createPromptSurface } from './ui/prompt'
import { createSocialProofs } from './frame/socialProof'
import { createSolanaSender } from './families/solana/sender'
import { createChainProxy } from './chain/proxy'
import { createSmartAccounts } from './families/eip155/smart-account/state'

/**
 * The secure frame: an iframe inside the widget, on its own origin, hidden until the widget lays it
 * over a slot to show a confirmation (`#surface`). It talks to exactly one parent, the widget origin
 * its server names, over penpal with that origin pinned both ways; it calls its own server, the key
 * service, and the API's RPC proxy (to send a Solana transaction its user approved).
 * Keys, shares and the seed stay in this document, and nothing is signed without a click in it
 * (or in its popup).
 */
async function start(): Promise<void> {
  const root = document.documentElement
  if (window.parent === window) {
    root.dataset.error = FrameErrorMessage.ParentMissing
    document.body.textContent = FrameErrorMessage.ParentMissing
    return
  }
  const server = createServerClient()
  const { widgetOrigin, keyServiceOrigin, apiUrl, smartAccounts: smartAccountNetworks } = await server.frameConfig()
  const keys = createKeyServiceClient({ origin: keyServiceOrigin, assertion: (purpose) => server.assertion(purpose) })
  const drops = { count: 0 }
  const dropped = () => {
    drops.count++
    root.dataset.droppedMessages = String(drops.count)
  }
  // The widget's handle exists once penpal has connected; the methods only run after that.
  const peer: { widget?: FrameEventApi } = {}
  const widgetApi = () => peer.widget ?? fail(FrameErrorMessage.ParentMissing)
  // This site's own vault, and the unpartitioned one where the browser gives it (one browser, one device).
  const vaults = createFrameVaults({
    access: createStorageAccess(document),
    partitioned: () => openDeviceVault(documentCookieJar(document, window.isSecureContext), () => keys.deviceKey()),
  })
  // The social logins' callback pages (popups on this origin) post their proofs to this window.
  const socialProofs = createSocialProofs(location.origin)
  window.addEventListener('message', (event) => socialProofs.receive(event))
  let theme: FrameThemeData = {}
  let applied = new Set<string>()
  const surface = document.getElementById('surface')!
  let prompt: Promise<ConfirmationUi> | undefined
  const loadPrompt = () =>
    (prompt ??= import('./confirm/prompt').then(
      (module) => module.createFramePrompt(surface, () => theme),
      (error: unknown) => {
        prompt = undefined
        throw error
      },
    ))
  reportHeight(surface, (height) => void peer.widget?.surfaceHeight({ height }).catch(() => {}))
  const methods = createFrameMethods({
    server,
    keys,
    widget: widgetApi,
    vault: () => vaults.vault(),
    storage: vaults,
    userAction: createPromptSurface(surface),
    rpId: location.hostname,
    socialProofs,
    confirmation: createConfirmation(lazyUi(loadPrompt)),
    solana: createSolanaSender({ apiUrl }),
    // The simulation's code (viem's ABI decoding of logs and errors) loads with the first transaction to confirm.
    simulate: (request) =>
      import('./families/eip155/simulator').then(({ createSimulator }) => createSimulator(createChainProxy({ apiUrl }))(request)),
    ...(smartAccountNetworks?.length
      ? { smartAccounts: createSmartAccounts({ networks: smartAccountNetworks, apiUrl, chain: createChainProxy({ apiUrl }) }) }
      : {}),
    onTheme(next) {
      theme = next
      applied = applyTheme(root, next.themeMode ?? 'dark', next.themeVariables ?? {}, applied)
    },
  })
  const connection = connect({
    messenger: new PinnedWindowMessenger({
      remoteWindow: window.parent,
      remoteOrigin: widgetOrigin,
      onDrop: dropped,
      channel: SECURE_FRAME_CHANNEL,
    }),
    methods: exposeMethods<typeof frameMethodParams, typeof frameMethodResults>(frameMethodParams, methods, dropped),
    channel: SECURE_FRAME_CHANNEL,
  })
  const remote = await connection.promise
  peer.widget = createCaller<typeof frameEventParams, typeof frameEventResults>(frameEventResults, remote, dropped)
  await peer.widget.ready({ version: FRAME_PROTOCOL_VERSION })
  root.dataset.ready = 'true'
  // Ready first; the confirmation's code (most of the frame's) follows while nothing else happens.
  setTimeout(() => void loadPrompt().catch(() => {}), 0)
}

/** Tells the widget the height of what the frame draws, so that its slot fits it. */
function reportHeight(surface: HTMLElement, report: (height: number) => void): void {
  let last = -1
  new ResizeObserver(() => {
    const height = Math.ceil(surface.getBoundingClientRect().height)
    if (height === last) return
    last = height
    report(height)
  }).observe(surface)
}

function fail(message: string): never {
  throw new Error(message)
}

start().catch((error: unknown) => {
  console.error('[airlock secure frame]', error)
  document.documentElement.dataset.error = error instanceof Error ? error.message : String(error)
})
