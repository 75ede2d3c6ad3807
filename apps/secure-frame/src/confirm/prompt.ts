import { CONFIRMATION_MIN_HEIGHT, CONFIRMATION_MIN_WIDTH, FRAME_ORIGIN, type FrameThemeData } from '@airlock/protocol'
import '@airlock/protocol/palette.css'
import './confirm.css'
import type { ConfirmationUi, ConfirmRequest } from './confirmation'
import { assumedVisibility, canProveVisibility, guardApprove, guardPromptApprove, intersectionVisibility } from './guard'
import { loadView } from '../families/views'
import { openConfirmPopup, type ConfirmPopup } from './popupLink'
import { renderPrompt, type DappOrigin, type PromptView } from './render'

export const PopupText = {
  open: 'A secure window was opened: confirm there, or here.',
  blocked: 'The secure window was blocked: allow popups for this site and try again.',
} as const

/**
 * The frame's confirmation UI: one prompt at a time in `surface`, laid over the widget's slot.
 * Approve is guarded by IntersectionObserver v2 (guard.ts); "Review in a secure window" opens the
 * same prompt in a popup on this origin, which is the only way to approve where visibility cannot
 * be proven. `theme` is the widget's current theme, for the popup.
 */
export function createFramePrompt(surface: HTMLElement, theme: () => FrameThemeData): ConfirmationUi {
  return {
    prepare: (request) => loadView(request.chainId),
    show(request, answer) {
      const view = promptView(request)
      const rendered = renderPrompt(view, { popupButton: true, canProveVisibility: canProveVisibility() })
      let answered = false
      const once = (approved: boolean) => {
        if (answered) return
        answered = true
        answer(approved)
      }
      rendered.reject.addEventListener('click', (event) => {
        if (event.isTrusted) once(false)
      })
      // Approve arms only while all it approves is in view and was seen (issue 23); anything less, the secure window.
      const approve = rendered.approve
      const stopGuard = approve && guardPromptApprove({ ...rendered, approve }, intersectionVisibility, () => once(true))
      let popup: ConfirmPopup | undefined
      // The way out is armed like Approve: a click the user sees, not one a dapp steers onto it.
      const stopReview =
        rendered.popup &&
        guardApprove({
          button: rendered.popup,
          source: canProveVisibility() ? intersectionVisibility : assumedVisibility,
          readThrough: false,
          approve: () => {
            popup?.close()
            popup = openConfirmPopup(view, theme(), once)
            rendered.popupStatus!.textContent = popup ? PopupText.open : PopupText.blocked
          },
        })
      surface.replaceChildren(rendered.root)
      document.documentElement.dataset.prompt = 'true'
      return () => {
        stopGuard?.()
        stopReview?.()
        popup?.close()
        surface.replaceChildren()
        delete document.documentElement.dataset.prompt
      }
    },
    onScreen(signal) {
      return new Promise<void>((resolve) => {
        const stop = () => {
          window.removeEventListener('resize', check)
          signal.removeEventListener('abort', stop)
        }
        const check = () => {
          if (window.innerWidth < CONFIRMATION_MIN_WIDTH || window.innerHeight < CONFIRMATION_MIN_HEIGHT) return
          stop()
          resolve()
        }
        window.addEventListener('resize', check)
        signal.addEventListener('abort', stop)
        check()
      })
    },
  }
}

function promptView(request: ConfirmRequest): PromptView {
  return {
    request: { method: request.method, params: request.params, chainId: request.chainId, from: request.from },
    origin: dappOrigin(request.dapp?.origin),
    dappName: request.dapp?.metadata?.name,
    simulation: request.simulation,
  }
}

/**
 * The dapp's origin: the browser's word where it gives it (the top-level entry of
 * location.ancestorOrigins, which no page can forge), else what the widget reports, marked so.
 */
export function dappOrigin(
  reported: string | undefined,
  ancestors: ArrayLike<string> | undefined = location.ancestorOrigins,
): DappOrigin | undefined {
  const top = ancestors && ancestors.length > 0 ? ancestors[ancestors.length - 1] : undefined
  if (top !== undefined && FRAME_ORIGIN.test(top)) return { value: top, verified: true }
  return reported === undefined ? undefined : { value: reported, verified: false }
}
