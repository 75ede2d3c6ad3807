/**
 * The secure frame's visible surface (DESIGN.md "The frame's visible surface"). The iframe stays in
 * the widget's document.body, hidden at 0x0 (moving an iframe in the DOM reloads it); while a slot
 * is attached, it is laid over the slot's rect instead: fixed, visible, clickable, above the card
 * and everything else of the widget. Nothing may sit over it, and it takes no opacity, transform,
 * filter or animation: the frame proves with IntersectionObserver v2 that its Approve is visible,
 * and any of those makes it invisible. Used for confirmations; the passkey buttons reuse it.
 */
export interface FrameSurface {
  /** Lays the frame over `slot`, following it as it moves, until the returned function is called. */
  attach(slot: HTMLElement): () => void
}

/** Hidden but laid out: no size, no border, nothing to see or click. */
const HIDDEN_FRAME_STYLE = 'position:absolute;width:0;height:0;border:0;visibility:hidden;pointer-events:none'

function shownStyle(rect: DOMRect): string {
  return (
    `position:fixed;left:${rect.left}px;top:${rect.top}px;width:${rect.width}px;height:${rect.height}px;` +
    'border:0;margin:0;padding:0;visibility:visible;pointer-events:auto;z-index:2147483647;background:transparent'
  )
}

export function createFrameSurface(iframe: HTMLIFrameElement): FrameSurface {
  let current: HTMLElement | undefined
  const hide = () => {
    iframe.style.cssText = HIDDEN_FRAME_STYLE
    iframe.tabIndex = -1
    iframe.setAttribute('aria-hidden', 'true')
  }
  hide()
  return {
    attach(slot) {
      current = slot
      iframe.tabIndex = 0
      iframe.removeAttribute('aria-hidden')
      let frame = 0
      let last = ''
      // The card animates in and views slide: follow the slot every frame while it is shown.
      const follow = () => {
        const style = shownStyle(slot.getBoundingClientRect())
        if (style !== last) iframe.style.cssText = last = style
        frame = requestAnimationFrame(follow)
      }
      follow()
      return () => {
        cancelAnimationFrame(frame)
        if (current !== slot) return
        current = undefined
        hide()
      }
    },
  }
}
