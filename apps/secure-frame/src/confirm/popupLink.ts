import { CONFIRM_POPUP_PATH, type FrameThemeData } from '@airlock/protocol'
import { CONFIRM_MESSAGE_NAMESPACE, PopupToFrame, receive, type FrameToPopup } from './popupMessages'
import type { PromptView } from './render'

const POPUP_FEATURES = 'popup,width=420,height=720'

export interface ConfirmPopup {
  /** Closes the popup (if still open) and stops listening. */
  close(): void
}

/**
 * Opens the confirmation in a popup window on the secure origin (called from a click in the frame:
 * window.open needs the user's gesture). The dapp can style the frame, never this window. The
 * popup shows `view` with the same renderer and answers here; `onAnswer` gets that answer once. A
 * popup closed without an answer leaves the request waiting in the frame. Undefined when blocked.
 */
export function openConfirmPopup(view: PromptView, theme: FrameThemeData, onAnswer: (approved: boolean) => void): ConfirmPopup | undefined {
  const popup = window.open(new URL(CONFIRM_POPUP_PATH, location.origin).href, '_blank', POPUP_FEATURES)
  if (!popup) return undefined
  const session = crypto.randomUUID()
  const onMessage = (event: MessageEvent) => {
    const message = receive(event, popup, PopupToFrame)
    if (!message) return
    if (message.type === 'ready') {
      const request: FrameToPopup = { namespace: CONFIRM_MESSAGE_NAMESPACE, type: 'request', session, view, theme }
      popup.postMessage(request, location.origin)
    } else if (message.session === session) {
      close()
      onAnswer(message.approved)
    }
  }
  const close = () => {
    window.removeEventListener('message', onMessage)
    if (!popup.closed) popup.close()
  }
  window.addEventListener('message', onMessage)
  return { close }
}
