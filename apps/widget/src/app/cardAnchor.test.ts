import { describe, expect, it } from 'vitest'
import { anchoredTop } from './cardAnchor'

describe('anchoredTop: where the card stays as its view grows', () => {
  it('stays where it is while the card fits below', () => {
    expect(anchoredTop(200, 300, 900)).toBe(200)
    expect(anchoredTop(200, 684, 900)).toBe(200)
  })

  it('moves up only as far as the bottom margin needs, and never above the top margin', () => {
    expect(anchoredTop(200, 700, 900)).toBe(184)
    expect(anchoredTop(200, 2000, 900)).toBe(16)
  })
})
