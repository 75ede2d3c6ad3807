// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { guardApprove, type VisibilitySource } from './guard'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

/** A button under a visibility source the test drives, on a clock the test moves. */
function setup() {
  const button = document.createElement('button')
  document.body.append(button)
  let report!: (visible: boolean) => void
  const source: VisibilitySource = (_button, onChange) => {
    report = onChange
    return () => undefined
  }
  let time = 0
  const approved: number[] = []
  const stop = guardApprove(
    button,
    source,
    () => approved.push(time),
    () => time,
  )
  const advance = async (ms: number) => {
    time += ms
    await vi.advanceTimersByTimeAsync(ms)
  }
  return { button, report: (visible: boolean) => report(visible), advance, approved, stop }
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
    const { button, report, advance } = setup()
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
