import { armsAt, initialArming, isArmed, nextArming, type ArmingEvent } from './arming'

/** Reports whether the button can be proven visible, now and on every change; returns the teardown. */
export type VisibilitySource = (button: HTMLElement, onChange: (visible: boolean) => void) => () => void

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
 * In the frame: IntersectionObserver v2 with trackVisibility. The browser reports the button
 * visible only when it is wholly in the viewport, unoccluded (nothing of the widget or the dapp
 * over it) and with no opacity below 1, transform or filter on it or any ancestor, across frames.
 */
export const intersectionVisibility: VisibilitySource = (button, onChange) => {
  const init: VisibilityInit = { trackVisibility: true, delay: 100, threshold: [1] }
  const observer = new IntersectionObserver((entries) => {
    const entry = entries.at(-1) as VisibilityEntry | undefined
    if (entry) onChange(entry.isVisible === true && entry.isIntersecting && entry.intersectionRatio >= 0.99)
  }, init)
  observer.observe(button)
  return () => observer.disconnect()
}

/** In the popup (a top-level window the dapp cannot style): its document is visible and has the focus. */
export const documentVisibility: VisibilitySource = (_button, onChange) => {
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
 * Approve clicks only when armed (arming.ts): `approve` runs for a trusted click while the rule
 * holds, checked again in the click handler itself. `data-armed` (and `data-visible`, whether the
 * browser reports it visible) say the state for people and tests
 * (styled without opacity: an opacity below 1 would make the button itself invisible to IO v2).
 */
export function guardApprove(
  button: HTMLButtonElement,
  source: VisibilitySource,
  approve: () => void,
  now = () => performance.now(),
): () => void {
  let state = initialArming
  let timer: ReturnType<typeof setTimeout> | undefined
  const render = () => {
    clearTimeout(timer)
    const armed = isArmed(state, now())
    button.dataset.armed = String(armed)
    button.dataset.visible = String(state.visibleSince !== undefined)
    button.setAttribute('aria-disabled', String(!armed))
    const at = armsAt(state)
    if (!armed && at !== undefined) timer = setTimeout(render, Math.max(0, at - now()))
  }
  const feed = (event: ArmingEvent) => {
    state = nextArming(state, event)
    render()
  }
  const onPointer = (event: PointerEvent) => {
    if (event.isTrusted) feed({ type: 'pointer', at: now() })
  }
  const onClick = (event: MouseEvent) => {
    event.preventDefault()
    if (event.isTrusted && isArmed(state, now())) approve()
  }
  button.addEventListener('pointermove', onPointer)
  button.addEventListener('click', onClick)
  render()
  const stop = source(button, (visible) => feed({ type: 'visible', visible, at: now() }))
  return () => {
    stop()
    clearTimeout(timer)
    button.removeEventListener('pointermove', onPointer)
    button.removeEventListener('click', onClick)
  }
}
