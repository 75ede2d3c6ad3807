// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { dappOrigin } from './prompt'

describe("the dapp's origin on the confirmation", () => {
  it("is the browser's top-level ancestor where it gives one (the widget cannot forge it)", () => {
    expect(dappOrigin('http://evil.localhost', ['http://widget.localhost:4401', 'http://dapp.localhost:4400'])).toEqual({
      value: 'http://dapp.localhost:4400',
      verified: true,
    })
  })

  it("is the modal's word, marked so, where the browser gives none or a masked one", () => {
    expect(dappOrigin('http://dapp.localhost:4400', undefined)).toEqual({ value: 'http://dapp.localhost:4400', verified: false })
    expect(dappOrigin('http://dapp.localhost:4400', ['http://widget.localhost:4401', 'null'])).toEqual({
      value: 'http://dapp.localhost:4400',
      verified: false,
    })
    expect(dappOrigin(undefined, [])).toBeUndefined()
  })
})
