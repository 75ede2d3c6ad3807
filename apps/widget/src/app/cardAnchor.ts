import { useCallback, useEffect, type RefObject } from 'react'

/** The overlay's padding (components.css): the card keeps this far from the viewport's edges. */
const MARGIN = 16
/** components.css: below this width the card is a bottom sheet, which stays at the bottom. */
const SHEET = '(max-width: 430px)'

/**
 * The card's top once its content made it `height` tall: where it was, unless its bottom would
 * leave the viewport; then as far up as that needs, never above the margin.
 */
export function anchoredTop(top: number, height: number, viewport: number, margin = MARGIN): number {
  return Math.max(margin, Math.min(top, viewport - margin - height))
}

/**
 * Keeps the card's top where a view first painted it while that view's content grows (a quote, a
 * name, search results land): centred, the card would move everything in it by half of each change,
 * under the user's pointer. The returned `place()` centres it again, for a new view, an opening and
 * a resized window. The bottom sheet of narrow screens is left alone.
 */
export function useCardAnchor(overlayRef: RefObject<HTMLElement | null>, cardRef: RefObject<HTMLElement | null>): () => void {
  const place = useCallback(() => {
    const overlay = overlayRef.current
    const card = cardRef.current
    if (!overlay || !card) return
    delete overlay.dataset.anchored
    if (window.matchMedia(SHEET).matches) return
    // offsetTop is the layout position: the card's opening animation (a transform) does not shift it.
    setTop(overlay, card.offsetTop)
    overlay.dataset.anchored = 'true'
  }, [overlayRef, cardRef])

  useEffect(() => {
    const overlay = overlayRef.current
    const card = cardRef.current
    if (!overlay || !card || typeof ResizeObserver === 'undefined') return
    const observer = new ResizeObserver(() => {
      if (overlay.dataset.anchored !== 'true') return
      const top = Number.parseFloat(overlay.style.getPropertyValue('--al-card-top'))
      const next = anchoredTop(top, card.offsetHeight, overlay.clientHeight)
      if (next !== top) setTop(overlay, next)
    })
    observer.observe(card)
    window.addEventListener('resize', place)
    return () => {
      observer.disconnect()
      window.removeEventListener('resize', place)
    }
  }, [overlayRef, cardRef, place])

  return place
}

const setTop = (overlay: HTMLElement, top: number) => overlay.style.setProperty('--al-card-top', `${top}px`)
