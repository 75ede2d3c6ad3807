/**
 * The widget iframe: full viewport, transparent, hidden and inert while closed. It is created
 * early (preloaded) so that showing it is all `open()` has to do.
 */
/** What stands where the modal shows: the widget frame, or the SDK's own boot alert. */
export interface Overlay {
  show(focus: boolean): void
  hide(): void
  isVisible(): boolean
  remove(): void
}

export interface WidgetFrame extends Overlay {
  element: HTMLIFrameElement
}

const hiddenStyle = 'visibility:hidden;pointer-events:none;'
const baseStyle =
  'position:fixed;inset:0;width:100%;height:100%;border:0;margin:0;padding:0;background:transparent;color-scheme:normal;z-index:2147483000;'

export function createWidgetFrame(src: string, onLoad: () => void): WidgetFrame {
  const iframe = document.createElement('iframe')
  iframe.src = src
  iframe.title = 'Airlock wallet'
  // Passkeys in the secure frame (an iframe inside this one) need the delegation at every level.
  iframe.allow = 'clipboard-write; publickey-credentials-get; publickey-credentials-create'
  iframe.setAttribute('data-airlock', '')
  iframe.addEventListener('load', onLoad, { once: true })
  let visible = false
  let restoreFocus: Element | null = null
  let restoreOverflow = ''

  const apply = () => {
    iframe.style.cssText = baseStyle + (visible ? '' : hiddenStyle)
    iframe.inert = !visible
    iframe.setAttribute('aria-hidden', String(!visible))
    iframe.tabIndex = visible ? 0 : -1
  }
  apply()
  document.body.appendChild(iframe)

  return {
    element: iframe,
    show(focus) {
      if (visible) return
      visible = true
      restoreFocus = document.activeElement
      restoreOverflow = document.documentElement.style.overflow
      document.documentElement.style.overflow = 'hidden'
      apply()
      if (focus) iframe.focus()
    },
    hide() {
      if (!visible) return
      visible = false
      document.documentElement.style.overflow = restoreOverflow
      apply()
      if (restoreFocus instanceof HTMLElement && restoreFocus.isConnected) restoreFocus.focus()
      restoreFocus = null
    },
    isVisible: () => visible,
    remove() {
      this.hide()
      iframe.remove()
    },
  }
}
