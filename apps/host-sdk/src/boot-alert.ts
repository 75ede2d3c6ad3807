import { WIDGET_BOOT_STATUS_PATH, widgetBootStatusCheck, type WidgetBootError } from '@airlock/protocol'
import type { Overlay } from './frame'

/**
 * The alert the widget would show this page (SPEC section 8, "Library alerts"), from the widget
 * origin's boot status; undefined when it would boot, or when the status cannot be had (offline,
 * or a dapp CSP without the widget origin in `connect-src`): the handshake timeout covers those.
 */
export async function fetchBootError(widgetUrl: string, projectId: string): Promise<WidgetBootError | undefined> {
  try {
    const url = new URL(WIDGET_BOOT_STATUS_PATH, widgetUrl)
    url.searchParams.set('projectId', projectId)
    const status = widgetBootStatusCheck.safeParse(await (await fetch(url)).json())
    return status.data?.error
  } catch {
    return undefined
  }
}

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
