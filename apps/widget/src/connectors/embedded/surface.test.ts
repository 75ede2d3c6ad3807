// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { createFrameSurface } from './surface'

const hidden = (iframe: HTMLIFrameElement) =>
  iframe.style.visibility === 'hidden' &&
  iframe.style.width === '0px' &&
  iframe.style.height === '0px' &&
  iframe.style.pointerEvents === 'none'

function slotAt(left: number, top: number, width: number, height: number) {
  const slot = document.createElement('div')
  slot.getBoundingClientRect = () => ({
    left,
    top,
    width,
    height,
    right: left + width,
    bottom: top + height,
    x: left,
    y: top,
    toJSON: () => ({}),
  })
  return slot
}

describe("the secure frame's surface", () => {
  it('is hidden at 0x0 until a slot is attached, then laid over it, visible and on top; hidden again after', () => {
    const iframe = document.createElement('iframe')
    const surface = createFrameSurface(iframe)
    expect(hidden(iframe)).toBe(true)
    expect(iframe.getAttribute('aria-hidden')).toBe('true')
    const detach = surface.attach(slotAt(20, 60, 320, 400))
    expect(iframe.style.position).toBe('fixed')
    expect([iframe.style.left, iframe.style.top, iframe.style.width, iframe.style.height]).toEqual(['20px', '60px', '320px', '400px'])
    expect(iframe.style.visibility).toBe('visible')
    expect(iframe.style.pointerEvents).toBe('auto')
    expect(iframe.style.zIndex).toBe('2147483647')
    expect(iframe.style.opacity).toBe('')
    expect(iframe.style.transform).toBe('')
    expect(iframe.hasAttribute('aria-hidden')).toBe(false)
    detach()
    expect(hidden(iframe)).toBe(true)
  })

  it("an older slot's teardown does not hide the frame a newer slot shows", () => {
    const iframe = document.createElement('iframe')
    const surface = createFrameSurface(iframe)
    const first = surface.attach(slotAt(0, 0, 300, 300))
    const second = surface.attach(slotAt(10, 10, 300, 300))
    first()
    expect(iframe.style.visibility).toBe('visible')
    second()
    expect(hidden(iframe)).toBe(true)
  })
})
