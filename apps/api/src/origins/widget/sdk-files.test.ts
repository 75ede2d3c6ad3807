import { describe, expect, it } from 'vitest'
import { IMMUTABLE_CACHE } from '../../platform/http/static-files'
import { SDK_ALIAS_CACHE, sdkFileOf } from './sdk-files'

describe('sdkFileOf', () => {
  it('names the current build for /sdk.js, under a short cache', () => {
    expect(sdkFileOf('/sdk.js')).toEqual({ name: 'sdk.js', cacheControl: SDK_ALIAS_CACHE })
  })

  it.each(['/sdk@0.1.0.js', '/sdk@0.1.0.js.map', '/sdk@12.34.56-rc.1.js', '/sdk-extra@0.1.0.js', '/sdk-extra@0.1.0.js.map'])(
    'names %s for good',
    (path) => {
      expect(sdkFileOf(path)).toEqual({ name: path.slice(1), cacheControl: IMMUTABLE_CACHE })
    },
  )

  it.each([
    '/sdk.js.map',
    '/sdk@latest.js',
    '/sdk@1.2.js',
    '/sdk@1.2.3.js/x',
    '/x/sdk@1.2.3.js',
    '/sdk@1.2.3/../x.js',
    '/sdk@1.2.3.mjs',
    '/SDK.js',
    '/sdk-extra.js',
    '/sdk-solana@0.1.0.js',
    '/sdk-extra@latest.js',
  ])('names nothing for %s', (path) => expect(sdkFileOf(path)).toBeUndefined())
})
