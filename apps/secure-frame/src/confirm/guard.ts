import { armsAt, initialArming, isArmed, nextArming, type ArmingEvent } from './arming'
import { createReadThrough, layoutProblem, type LayoutProblem } from './inView'

/** Reports whether every target can be proven visible, now and on every change; returns the teardown. */
export type VisibilitySource = (targets: readonly HTMLElement[], onChange: (visible: boolean) => void) => () => void

/** IntersectionObserver v2 (not yet in TypeScript's DOM types). */
interface VisibilityEntry extends IntersectionObserverEntry {
  readonly isVisible?: boolean
}
interface VisibilityInit extends IntersectionObserverInit {
  trackVisibility: boolean
  delay: number
}

/** Whether this browser can prove visibility (IntersectionObserver v2: Chromium; not Firefox or Safari today). */
export function canProveVisibility(): boolean {
  return typeof IntersectionObserverEntry !== 'undefined' && 'isVisible' in IntersectionObserverEntry.prototype
}

/**
 * In the frame: IntersectionObserver v2 with trackVisibility on every target. The browser reports a
 * target visible only when it is wholly in the viewport, unoccluded (nothing of the widget or the
 * dapp over it) and with no opacity below 1, transform or filter on it or any ancestor, across frames.
 */
export const intersectionVisibility: VisibilitySource = (targets, onChange) => {
  const seen = new Map<Element, boolean>()
  const init: VisibilityInit = { trackVisibility: true, delay: 100, threshold: [1] }
  const observer = new IntersectionObserver((entries) => {
    for (const entry of entries as VisibilityEntry[])
      seen.set(entry.target, entry.isVisible === true && entry.isIntersecting && entry.intersectionRatio >= 0.99)
    onChange(targets.every((target) => seen.get(target) === true))
  }, init)
  for (const target of targets) observer.observe(target)
  return () => observer.disconnect()
}

/** In the popup (a top-level window the dapp cannot style): its document is visible and has the focus. */
export const documentVisibility: VisibilitySource = (_targets, onChange) => {
  const report = () => onChange(document.visibilityState === 'visible' && document.hasFocus())
  window.addEventListener('focus', report)
  window.addEventListener('blur', report)
  document.addEventListener('visibilitychange', report)
  report()
  return () => {
    window.removeEventListener('focus', report)
    window.removeEventListener('blur', report)
    document.removeEventListener('visibilitychange', report)
  }
}

/**
 * Where visibility cannot be proven (no IO v2), for the one button that only opens the secure window:
 * it still needs the pointer over it and its 500 ms, and what it leads to is a window the dapp
 * cannot touch.
 */
export const assumedVisibility: VisibilitySource = (_targets, onChange) => {
  onChange(true)
  return () => undefined
}

/** The parts of a drawn prompt (render.ts) its Approve answers for. */
export interface GuardedPrompt {
  approve: HTMLButtonElement
  summary: HTMLElement
  footer: HTMLElement
  hint: HTMLElement
}

/**
 * A prompt's Approve (in the frame or its popup): armed only while the summary and the buttons are
 * in view together and the prompt was seen whole, the hint saying why not (issue 23).
 */
export function guardPromptApprove(prompt: GuardedPrompt, source: VisibilitySource, approve: () => void): () => void {
  return guardApprove({
    button: prompt.approve,
    watched: [prompt.summary, prompt.footer],
    source,
    readThrough: true,
    approve,
    onBlocked: (blocked) => (prompt.hint.textContent = hintFor(blocked)),
  })
}

/** Why a guarded button is not armed: not proven visible, not all of what it approves in view, or not read. */
export type Blocked = 'hidden' | LayoutProblem | 'unread'

export const HintText = {
  cramped: 'Not all of this request fits here: review it in a secure window to approve it.',
  unread: 'Scroll to the end of the request to approve it.',
} as const

/** What the prompt tells the user when Approve cannot arm; nothing while it is hidden (the user does not see it then). */
export const hintFor = (blocked: Blocked | undefined): string =>
  blocked === 'cramped' ? HintText.cramped : blocked === 'unread' ? HintText.unread : ''

export interface GuardOptions {
  button: HTMLButtonElement
  /** Besides the button, what must be wholly in view with it, and apart from each other (the request's summary, the buttons' bar). */
  watched?: readonly HTMLElement[]
  source: VisibilitySource
  /**
   * Whether the document must fit its viewport, or have been scrolled to its end, for the button to
   * arm (Approve: it approves all of it; "Review in a secure window" shows all of it again).
   */
  readThrough: boolean
  approve: () => void
  /** Told each time the reason the button is not armed changes (undefined: nothing stops it). */
  onBlocked?: (blocked: Blocked | undefined) => void
  now?: () => number
  win?: Window
}

/**
 * The button clicks only when armed (arming.ts): `approve` runs for a trusted click while the rule
 * holds, checked again in the click handler itself. "Visible" for the rule is all of it at once: the
 * source proves the button and `watched` visible, they are wholly in the viewport without covering
 * each other, and (readThrough) the document fits or was scrolled through. `data-armed`,
 * `data-visible` and `data-blocked` say the state for people and tests (styled without opacity: an
 * opacity below 1 would make the button itself invisible to IO v2).
 */
export function guardApprove({
  button,
  watched = [],
  source,
  readThrough,
  approve,
  onBlocked,
  now = () => performance.now(),
  win = window,
}: GuardOptions): () => void {
  const targets = [button, ...watched]
  let state = initialArming
  let proven = false
  let blocked: Blocked | undefined = 'hidden'
  let timer: ReturnType<typeof setTimeout> | undefined
  const read = readThrough ? createReadThrough(win) : undefined
  const render = () => {
    clearTimeout(timer)
    const armed = isArmed(state, now())
    button.dataset.armed = String(armed)
    button.dataset.visible = String(state.visibleSince !== undefined)
    if (blocked) button.dataset.blocked = blocked
    else delete button.dataset.blocked
    button.setAttribute('aria-disabled', String(!armed))
    const at = armsAt(state)
    if (!armed && at !== undefined) timer = setTimeout(render, Math.max(0, at - now()))
  }
  const feed = (event: ArmingEvent) => {
    state = nextArming(state, event)
    render()
  }
  /** Everything the rule looks at, again: on each report of the source, resize, scroll or change of content. */
  const check = () => {
    // The frame's own layout first: a prompt cut by its frame is what the user sees, and is told about.
    const next: Blocked | undefined = layoutProblem(targets, win) ?? (!proven ? 'hidden' : read && !read.done() ? 'unread' : undefined)
    if (next !== blocked) {
      blocked = next
      onBlocked?.(blocked)
    }
    feed({ type: 'visible', visible: blocked === undefined, at: now() })
  }
  const onPointer = (event: PointerEvent) => {
    if (event.isTrusted) feed({ type: 'pointer', at: now() })
  }
  const onClick = (event: MouseEvent) => {
    event.preventDefault()
    check()
    if (event.isTrusted && isArmed(state, now())) approve()
  }
  button.addEventListener('pointermove', onPointer)
  button.addEventListener('click', onClick)
  win.addEventListener('resize', check)
  win.addEventListener('scroll', check, true)
  const resizes = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(check)
  for (const target of [win.document.body, ...targets]) resizes?.observe(target)
  render()
  onBlocked?.(blocked)
  const stop = source(targets, (visible) => {
    proven = visible
    check()
  })
  return () => {
    stop()
    clearTimeout(timer)
    resizes?.disconnect()
    read?.stop()
    win.removeEventListener('resize', check)
    win.removeEventListener('scroll', check, true)
    button.removeEventListener('pointermove', onPointer)
    button.removeEventListener('click', onClick)
  }
}
