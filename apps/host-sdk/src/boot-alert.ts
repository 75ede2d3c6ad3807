import type { WidgetBootError } from '@airlock/protocol'
import type { Overlay } from './frame'

/**
 * The alert, shown in the dapp page where the modal would be: a widget page that will not boot may
 * be framed by nobody (else any site could frame it), so the SDK shows its text itself. Styled
 * through CSSOM, which a dapp's CSP without `'unsafe-inline'` styles still allows.
 */
export function createBootAlert(message: WidgetBootError, onDismiss: () => void): Overlay {
  const backdrop = document.createElement('div')
  backdrop.style.cssText =
    'all:initial;position:fixed;inset:0;display:flex;align-items:center;justify-content:center;background:rgba(0,0,0,.5);z-index:2147483000;'
  const card = document.createElement('div')
  card.setAttribute('role', 'alert')
  card.setAttribute('data-airlock-alert', '')
  card.tabIndex = -1
  card.textContent = message
  card.style.cssText =
    'all:initial;max-width:320px;padding:32px 24px;border-radius:16px;background:#fff;color:#141414;font:600 16px/1.4 system-ui,sans-serif;text-align:center;'
  backdrop.append(card)
  backdrop.addEventListener('click', onDismiss)
  return {
    // Inserted on show, so that screen readers announce it then.
    show(focus) {
      document.body.append(backdrop)
      if (focus) card.focus()
    },
    hide: () => backdrop.remove(),
    isVisible: () => backdrop.isConnected,
    remove: () => backdrop.remove(),
  }
}
