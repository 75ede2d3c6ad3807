import {
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
} from '@airlock/protocol'
import { connect } from 'penpal'
import { documentCookieJar, openDeviceVault, type DeviceVault } from './custody/vault'
import { createFrameMethods } from './frame/methods'
import { createServerClient } from './server/client'
import { createKeyServiceClient } from './server/keyService'
import { createPromptSurface } from './ui/prompt'
import { createSocialProofs } from './frame/socialProof'

/**
 * The secure frame: a hidden iframe inside the widget, on its own origin. It talks to exactly one
 * parent, the widget origin its server names, over penpal with that origin pinned both ways; it
 * calls only its own server. Keys, shares and the seed stay in this document.
 */
async function start(): Promise<void> {
  const root = document.documentElement
  if (window.parent === window) {
    root.dataset.error = FrameErrorMessage.ParentMissing
    document.body.textContent = FrameErrorMessage.ParentMissing
    return
  }
  const server = createServerClient()
  const { widgetOrigin, keyServiceOrigin } = await server.frameConfig()
  const keys = createKeyServiceClient({ origin: keyServiceOrigin, assertion: (purpose) => server.assertion(purpose) })
  const drops = { count: 0 }
  const dropped = () => {
    drops.count++
    root.dataset.droppedMessages = String(drops.count)
  }
  // The widget's handle exists once penpal has connected; the methods only run after that.
  const peer: { widget?: FrameEventApi } = {}
  const widgetApi = () => peer.widget ?? fail(FrameErrorMessage.ParentMissing)
  let vault: Promise<DeviceVault> | undefined
  // The social logins' callback pages (popups on this origin) post their proofs to this window.
  const socialProofs = createSocialProofs(location.origin)
  window.addEventListener('message', (event) => socialProofs.receive(event))
  const methods = createFrameMethods({
    server,
    keys,
    widget: widgetApi,
    vault: () => (vault ??= openDeviceVault(documentCookieJar(document, window.isSecureContext), () => keys.deviceKey())),
    userAction: createPromptSurface(document.body),
    rpId: location.hostname,
    socialProofs,
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
}

function fail(message: string): never {
  throw new Error(message)
}

start().catch((error: unknown) => {
  console.error('[airlock secure frame]', error)
  document.documentElement.dataset.error = error instanceof Error ? error.message : String(error)
})
