import { describe, expect, it } from 'vitest'
import { ARM_AFTER_VISIBLE_MS, armsAt, initialArming, isArmed, nextArming, type ArmingEvent, type ArmingState } from './arming'

const run = (events: ArmingEvent[]): ArmingState => events.reduce(nextArming, initialArming)
const visible = (at: number, value = true): ArmingEvent => ({ type: 'visible', visible: value, at })
const pointer = (at: number): ArmingEvent => ({ type: 'pointer', at })

describe('the arming rule', () => {
  it('arms once visible, a pointer moved over it since, and 500 ms have passed since it became visible', () => {
    const state = run([visible(1000), pointer(1100)])
    expect(isArmed(state, 1499)).toBe(false)
    expect(isArmed(state, 1000 + ARM_AFTER_VISIBLE_MS)).toBe(true)
    expect(armsAt(state)).toBe(1500)
    // A late pointer move arms at once when the 500 ms are over.
    expect(isArmed(run([visible(1000), pointer(3000)]), 3000)).toBe(true)
  })

  it('never arms without a pointer move, however long it is visible', () => {
    const state = run([visible(0)])
    expect(isArmed(state, 60_000)).toBe(false)
    expect(armsAt(state)).toBeUndefined()
  })

  it('ignores a pointer move made while it was not visible (the clickjacking case)', () => {
    const state = run([pointer(10), visible(100)])
    expect(isArmed(state, 10_000)).toBe(false)
    expect(isArmed(run([visible(0, false), pointer(10)]), 10_000)).toBe(false)
  })

  it('disarms when visibility is lost, and needs a new move and 500 ms after it comes back', () => {
    const armed = run([visible(0), pointer(10)])
    expect(isArmed(armed, 600)).toBe(true)
    const hidden = nextArming(armed, visible(700, false))
    expect(isArmed(hidden, 701)).toBe(false)
    const back = nextArming(hidden, visible(900))
    expect(isArmed(back, 2000)).toBe(false)
    const moved = nextArming(back, pointer(950))
    expect(isArmed(moved, 1399)).toBe(false)
    expect(isArmed(moved, 1400)).toBe(true)
  })

  it('keeps its clock when visibility is reported again without a change', () => {
    const state = run([visible(0), pointer(10), visible(300)])
    expect(state.visibleSince).toBe(0)
    expect(isArmed(state, 500)).toBe(true)
  })
})
