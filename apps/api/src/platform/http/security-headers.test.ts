import { describe, expect, it } from 'vitest'
import { dappPolicy, originHeaders, permissionsPolicy, POLICY_FEATURES, securityHeaders } from './security-headers'

describe('originHeaders', () => {
  it('asks for HSTS only when the public origin is https, whatever this server itself speaks', () => {
    expect(originHeaders({ publicOrigin: 'https://widget.airlock.dev' })['Strict-Transport-Security']).toBe(
      'max-age=63072000; includeSubDomains',
    )
    for (const publicOrigin of ['http://widget.localhost:4401', undefined]) {
      expect(originHeaders({ publicOrigin })).not.toHaveProperty('Strict-Transport-Security')
    }
  })

  it('defaults to no feature at all and no opener', () => {
    const headers = originHeaders({})
    expect(headers['Permissions-Policy']).toBe(POLICY_FEATURES.map((feature) => `${feature}=()`).join(', '))
    expect(headers['Cross-Origin-Opener-Policy']).toBe('same-origin')
    expect(headers['X-Content-Type-Options']).toBe('nosniff')
  })
})

describe('permissionsPolicy', () => {
  it('writes self bare and origins quoted, as origins only', () => {
    const policy = permissionsPolicy({ 'clipboard-write': ['self', 'https://widget.example/some/path'] })
    expect(policy).toContain('clipboard-write=(self "https://widget.example")')
    expect(policy).toContain('camera=()')
  })
})

describe('securityHeaders', () => {
  it('adds the CSP and the Referrer-Policy to the origin headers', () => {
    const policy = dappPolicy('https://dapp.example', 'https://widget.example')
    expect(securityHeaders("default-src 'self'", 'no-referrer', policy)).toEqual({
      'Content-Security-Policy': "default-src 'self'",
      'Referrer-Policy': 'no-referrer',
      ...originHeaders(policy),
    })
    expect(originHeaders(policy)['Cross-Origin-Opener-Policy']).toBe('same-origin-allow-popups')
  })
})
