// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { guardApprove, hintFor, HintText, type VisibilitySource } from './guard'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

/** A rect where layouts give one (happy-dom lays nothing out). */
function placeAt(element: HTMLElement, rect: { top: number; height: number; left?: number; width?: number }) {
  const { top, height, left = 0, width = 300 } = rect
  element.getBoundingClientRect = () => new DOMRect(left, top, width, height)
}

/** A button under a visibility source the test drives, on a clock the test moves; a summary above it in a 300x400 viewport. */
function setup(options: { readThrough?: boolean } = {}) {
  const summary = document.createElement('div')
  const button = document.createElement('button')
  document.body.replaceChildren(summary, button)
  placeAt(summary, { top: 0, height: 200 })
  placeAt(button, { top: 300, height: 40 })
  Object.assign(window, { innerWidth: 300, innerHeight: 400 })
  let report!: (visible: boolean) => void
  const seen: HTMLElement[][] = []
  const source: VisibilitySource = (targets, onChange) => {
    seen.push([...targets])
    report = onChange
    return () => undefined
  }
  let time = 0
  const approved: number[] = []
  const blocked: (string | undefined)[] = []
  const stop = guardApprove({
    button,
    watched: [summary],
    source,
    readThrough: options.readThrough ?? false,
    approve: () => approved.push(time),
    onBlocked: (why) => blocked.push(why),
    now: () => time,
  })
  const advance = async (ms: number) => {
    time += ms
    await vi.advanceTimersByTimeAsync(ms)
  }
  return { button, summary, seen, blocked, report: (visible: boolean) => report(visible), advance, approved, stop }
}

/** An event as the browser would deliver it (isTrusted cannot be set by a page's script: here it is forged for the test). */
function trusted(button: HTMLElement, type: 'pointermove' | 'click') {
  const event = type === 'click' ? new MouseEvent('click', { cancelable: true }) : new Event(type)
  Object.defineProperty(event, 'isTrusted', { value: true })
  button.dispatchEvent(event)
}
const trustedPointerMove = (button: HTMLElement) => trusted(button, 'pointermove')

describe('guardApprove', () => {
  it('shows the arming state: visible, then a pointer move, then armed 500 ms after it became visible', async () => {
    const { button, summary, seen, report, advance } = setup()
    expect(seen).toEqual([[button, summary]])
    expect(button.dataset.armed).toBe('false')
    expect(button.dataset.visible).toBe('false')
    expect(button.getAttribute('aria-disabled')).toBe('true')
    report(true)
    expect(button.dataset.visible).toBe('true')
    await advance(100)
    trustedPointerMove(button)
    expect(button.dataset.armed).toBe('false')
    await advance(399)
    expect(button.dataset.armed).toBe('false')
    await advance(1)
    expect(button.dataset.armed).toBe('true')
    expect(button.getAttribute('aria-disabled')).toBe('false')
    report(false)
    expect(button.dataset.armed).toBe('false')
    expect(button.dataset.visible).toBe('false')
  })

  it('a scripted click or pointer move (not trusted) never approves, armed or not', async () => {
    const { button, report, advance, approved } = setup()
    report(true)
    button.dispatchEvent(new Event('pointermove'))
    await advance(1000)
    expect(button.dataset.armed).toBe('false')
    trustedPointerMove(button)
    expect(button.dataset.armed).toBe('true')
    button.click()
    button.dispatchEvent(new MouseEvent('click', { bubbles: true }))
    expect(approved).toEqual([])
  })

  it("a user's click approves only while armed: not before the pointer move, not after visibility is lost", async () => {
    const { button, report, advance, approved } = setup()
    report(true)
    await advance(600)
    trusted(button, 'click')
    expect(approved).toEqual([])
    trustedPointerMove(button)
    report(false)
    trusted(button, 'click')
    expect(approved).toEqual([])
    report(true)
    trustedPointerMove(button)
    await advance(500)
    trusted(button, 'click')
    expect(approved).toEqual([1100])
  })
})

describe('all of what Approve approves, in view (issue 23)', () => {
  it('a summary cut by the viewport or covered by the buttons does not arm, and says why; laid out again, it arms after a new move', async () => {
    const { button, summary, blocked, report, advance, approved } = setup()
    report(true)
    trustedPointerMove(button)
    await advance(600)
    expect(button.dataset.armed).toBe('true')
    // A widget that shrinks the frame: the pinned buttons now sit over the summary.
    Object.assign(window, { innerHeight: 120 })
    placeAt(button, { top: 80, height: 40 })
    window.dispatchEvent(new Event('resize'))
    expect(button.dataset.armed).toBe('false')
    expect(button.dataset.blocked).toBe('cramped')
    expect(hintFor('cramped')).toBe(HintText.cramped)
    trustedPointerMove(button)
    await advance(600)
    trusted(button, 'click')
    expect(approved).toEqual([])
    // Scrolled so that the summary's top is cut: still not all of it.
    Object.assign(window, { innerHeight: 400 })
    placeAt(summary, { top: -10, height: 200 })
    placeAt(button, { top: 300, height: 40 })
    window.dispatchEvent(new Event('resize'))
    expect(button.dataset.blocked).toBe('cramped')
    placeAt(summary, { top: 0, height: 200 })
    window.dispatchEvent(new Event('resize'))
    expect(button.dataset.blocked).toBeUndefined()
    expect(button.dataset.armed).toBe('false')
    trustedPointerMove(button)
    await advance(500)
    trusted(button, 'click')
    expect(approved).toEqual([1700])
    expect(blocked).toEqual(['hidden', undefined, 'cramped', undefined])
  })

  it('a document longer than its viewport arms only once scrolled to its end, and again after it grows', async () => {
    const page = document.documentElement
    let scrollTop = 0
    let scrollHeight = 1000
    Object.defineProperty(page, 'scrollHeight', { configurable: true, get: () => scrollHeight })
    Object.defineProperty(page, 'clientHeight', { configurable: true, get: () => 400 })
    Object.defineProperty(page, 'scrollTop', { configurable: true, get: () => scrollTop })
    try {
      const { button, report, advance } = setup({ readThrough: true })
      report(true)
      trustedPointerMove(button)
      await advance(600)
      expect(button.dataset.blocked).toBe('unread')
      expect(hintFor('unread')).toBe(HintText.unread)
      scrollTop = 600
      window.dispatchEvent(new Event('scroll'))
      expect(button.dataset.blocked).toBeUndefined()
      trustedPointerMove(button)
      await advance(500)
      expect(button.dataset.armed).toBe('true')
      // What appeared below (a simulation's result, say) has not been seen yet.
      scrollHeight = 1400
      window.dispatchEvent(new Event('resize'))
      expect(button.dataset.blocked).toBe('unread')
      expect(button.dataset.armed).toBe('false')
    } finally {
      for (const key of ['scrollHeight', 'clientHeight', 'scrollTop']) delete (page as unknown as Record<string, unknown>)[key]
    }
  })

  it('nothing is said while the prompt is hidden', () => {
    expect(hintFor('hidden')).toBe('')
    expect(hintFor(undefined)).toBe('')
  })
})
