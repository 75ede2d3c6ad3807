/**
 * What the confirmation's own layout must say before Approve may arm (guard.ts), beside the
 * browser's proof of visibility: everything watched is wholly inside the viewport, apart from each
 * other (a pinned footer laid over the summary hides it), and the document was seen whole.
 */

/** `cramped`: a watched part is cut by the viewport or covered by another (the frame is smaller than the prompt needs). */
export type LayoutProblem = 'cramped'

/** Half a CSS pixel: layouts land on fractions. */
const SLACK = 0.5

export function layoutProblem(elements: readonly Element[], win: Window): LayoutProblem | undefined {
  const rects = elements.map((element) => element.getBoundingClientRect())
  const inside = rects.every(
    (r) =>
      r.width > 0 &&
      r.height > 0 &&
      r.left >= -SLACK &&
      r.top >= -SLACK &&
      r.right <= win.innerWidth + SLACK &&
      r.bottom <= win.innerHeight + SLACK,
  )
  if (!inside) return 'cramped'
  for (let i = 0; i < rects.length; i++)
    for (let j = i + 1; j < rects.length; j++) if (overlap(rects[i]!, rects[j]!) && !nested(elements[i]!, elements[j]!)) return 'cramped'
  return undefined
}

const overlap = (a: DOMRect, b: DOMRect) =>
  Math.min(a.right, b.right) - Math.max(a.left, b.left) > SLACK && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > SLACK

/** The button inside its bar is one thing in view, not two covering each other. */
const nested = (a: Element, b: Element) => a.contains(b) || b.contains(a)

export interface ReadThrough {
  /** The document fits its viewport, or was scrolled to its end since it last grew. */
  done(): boolean
  stop(): void
}

/** Follows the document's scrolling: what was below the fold counts as seen once the user scrolled to the end. */
export function createReadThrough(win: Window): ReadThrough {
  const page = () => win.document.scrollingElement ?? win.document.documentElement
  let seenHeight = 0
  const onScroll = () => {
    const { scrollTop, clientHeight, scrollHeight } = page()
    if (scrollTop + clientHeight >= scrollHeight - 2) seenHeight = Math.max(seenHeight, scrollHeight)
  }
  win.addEventListener('scroll', onScroll, true)
  onScroll()
  return {
    done() {
      const { clientHeight, scrollHeight } = page()
      return scrollHeight <= clientHeight + 1 || scrollHeight <= seenHeight + 1
    },
    stop: () => win.removeEventListener('scroll', onScroll, true),
  }
}
