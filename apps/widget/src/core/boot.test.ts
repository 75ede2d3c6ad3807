import { describe, expect, it } from 'vitest'
import { checkBoot, INVALID_APP_CONFIGURATION, type BootInput } from './boot'

const config = {
  projectId: 'demo',
  parentOrigin: 'http://dapp.localhost:4400',
  apiUrl: 'http://api.localhost:4403',
  secureFrameUrl: 'http://secure.localhost:4402',
}

const input = (overrides: Partial<BootInput> = {}, meta: unknown = config): BootInput => ({
  metaContent: typeof meta === 'string' ? meta : JSON.stringify(meta),
  isFramed: true,
  ancestorOrigin: 'http://dapp.localhost:4400',
  ...overrides,
})

describe('checkBoot', () => {
  it('accepts a valid config in the right frame', () => {
    expect(checkBoot(input())).toEqual({ ok: true, config })
  })

  it('accepts when the browser has no ancestorOrigins (Firefox)', () => {
    expect(checkBoot(input({ ancestorOrigin: undefined })).ok).toBe(true)
  })

  it('shows the server-side error', () => {
    expect(checkBoot(input({}, { ...config, error: 'Invalid Project ID' }))).toEqual({ ok: false, message: 'Invalid Project ID' })
  })

  it('refuses an unframed page', () => {
    expect(checkBoot(input({ isFramed: false }))).toEqual({ ok: false, message: INVALID_APP_CONFIGURATION })
  })

  it('refuses a parent other than the configured one', () => {
    expect(checkBoot(input({ ancestorOrigin: 'http://evil.localhost:4400' }))).toEqual({ ok: false, message: INVALID_APP_CONFIGURATION })
  })

  it('refuses a missing, empty, malformed or invalid config', () => {
    for (const meta of ['', '{', '{"projectId":1}']) expect(checkBoot(input({}, meta)).ok).toBe(false)
    expect(checkBoot({ ...input(), metaContent: null }).ok).toBe(false)
    expect(checkBoot(input({}, { ...config, apiUrl: 'javascript:alert(1)' })).ok).toBe(false)
  })

  it('refuses a parentOrigin that is not exactly an http(s) origin', () => {
    for (const parentOrigin of ['*', 'dapp.localhost', 'http://dapp.localhost:4400/path', 'file:///x']) {
      expect(checkBoot(input({ ancestorOrigin: undefined }, { ...config, parentOrigin })).ok).toBe(false)
    }
  })

  it('normalises a trailing slash on parentOrigin', () => {
    const result = checkBoot(input({}, { ...config, parentOrigin: 'http://dapp.localhost:4400/' }))
    expect(result).toEqual({ ok: true, config })
  })
})
