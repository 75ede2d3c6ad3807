import { applyTheme } from '@airlock/protocol'
import '@airlock/protocol/palette.css'
import './confirm.css'
import { documentVisibility, guardPromptApprove } from './guard'
import { CONFIRM_MESSAGE_NAMESPACE, FrameToPopup, receive, type PopupToFrame } from './popupMessages'
import { loadView } from '../families/views'
import { renderPrompt } from './render'

export const PopupPageText = {
  noOpener: 'Open this window from a confirmation in Airlock.',
  waiting: 'Loading the request…',
} as const

/**
 * confirm.html: the confirmation in a top-level window on the secure origin, opened by the frame's
 * "Review in a secure window". The dapp cannot style or cover it. It shows what the frame sends
 * (the same renderer), and Approve arms while this window is visible and focused, after a pointer
 * move over it and 500 ms (guard.ts). The answer goes back to the frame, which signs; then it closes.
 */
function start(): void {
  const surface = document.getElementById('surface')!
  const opener = window.opener as Window | null
  if (!opener) {
    surface.textContent = PopupPageText.noOpener
    return
  }
  surface.textContent = PopupPageText.waiting
  const send = (message: PopupToFrame) => opener.postMessage(message, location.origin)
  let shown = false
  window.addEventListener('message', async (event) => {
    const message = receive(event, opener, FrameToPopup)
    if (!message || shown) return
    shown = true
    await loadView(message.view.request.chainId)
    applyTheme(document.documentElement, message.theme.themeMode ?? 'dark', message.theme.themeVariables ?? {})
    const rendered = renderPrompt(
      { request: message.view.request, origin: message.view.origin, dappName: message.view.dappName, simulation: message.view.simulation },
      { popupButton: false, canProveVisibility: true },
    )
    const answer = (approved: boolean) => {
      send({ namespace: CONFIRM_MESSAGE_NAMESPACE, type: 'answer', session: message.session, approved })
      window.close()
    }
    rendered.reject.addEventListener('click', (click) => {
      if (click.isTrusted) answer(false)
    })
    const approve = rendered.approve
    if (approve) guardPromptApprove({ ...rendered, approve }, documentVisibility, () => answer(true))
    surface.replaceChildren(rendered.root)
    document.documentElement.dataset.prompt = 'true'
  })
  send({ namespace: CONFIRM_MESSAGE_NAMESPACE, type: 'ready' })
}

start()
