import { FrameErrorMessage } from '@airlock/protocol'
import { describe, expect, it } from 'vitest'
import { AUTHENTICATING_TEXT, LOAD_FAILED_TEXT } from './texts'

describe('first-paint texts', () => {
  it("are SPEC section 8's, spelled as the protocol spells them", () => {
    expect(LOAD_FAILED_TEXT).toBe(FrameErrorMessage.LoadFailed)
    expect(LOAD_FAILED_TEXT).toBe('Unable to load email login dependency')
    expect(AUTHENTICATING_TEXT).toBe('Authenticating...')
  })
})
