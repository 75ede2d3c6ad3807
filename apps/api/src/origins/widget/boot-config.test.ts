import { WidgetBootConfig } from '@airlock/protocol'
import { describe, expect, it } from 'vitest'
import { createMemoryProjectRegistry } from '../../platform/projects/registry'
import { resolveWidgetBoot } from './boot-config'

const projects = createMemoryProjectRegistry([
  { id: 'demo', name: 'Demo', allowedOrigins: ['http://dapp.localhost:4400', 'http://localhost:4400'], features: { analytics: false } },
])
const deps = {
  projects,
  apiUrl: 'http://api.localhost:4403',
  secureFrameUrl: 'http://secure.localhost:4402/',
  relayUrl: 'ws://127.0.0.1:4404',
}

describe('resolveWidgetBoot', () => {
  it('boots an allowed origin, framable by every allowed origin of the project', async () => {
    const boot = await resolveWidgetBoot({ projectId: 'demo', origin: 'http://localhost:4400' }, deps)
    expect(boot.config).toEqual({
      projectId: 'demo',
      parentOrigin: 'http://localhost:4400',
      apiUrl: 'http://api.localhost:4403',
      secureFrameUrl: 'http://secure.localhost:4402/',
      relayUrl: 'ws://127.0.0.1:4404',
    })
    expect(boot.frameAncestors).toEqual(['http://dapp.localhost:4400', 'http://localhost:4400'])
  })

  it.each([
    [null, 'http://evil.example', 'Project ID Not Configured'],
    ['', null, 'Project ID Not Configured'],
    ['nope', 'http://evil.example', 'Invalid Project ID'],
    ['../demo', 'http://localhost:4400', 'Invalid Project ID'],
    ['demo', 'http://evil.example', 'Invalid App Configuration'],
    ['demo', null, 'Invalid App Configuration'],
    ['demo', 'http://localhost:4400/', 'Invalid App Configuration'],
    ['demo', "http://evil.example; script-src 'unsafe-inline'", 'Invalid App Configuration'],
    ['demo', 'javascript:alert(1)', 'Invalid App Configuration'],
  ] as const)('projectId=%j origin=%j -> %s, framable by nobody', async (projectId, origin, error) => {
    const boot = await resolveWidgetBoot({ projectId, origin }, deps)
    expect(boot.config.error).toBe(error)
    // The claimed origin is anyone's to claim: an alert framed under it could be framed by any site.
    expect(boot.frameAncestors).toEqual([])
    expect(WidgetBootConfig.safeParse(boot.config).success).toBe(true)
  })

  it('keeps over-long input inside the contract limits', async () => {
    const boot = await resolveWidgetBoot({ projectId: 'p'.repeat(500), origin: `http://${'a'.repeat(500)}` }, deps)
    expect(boot.config.error).toBe('Invalid Project ID')
    expect(boot.config.projectId).toHaveLength(100)
    expect(boot.config.parentOrigin).toHaveLength(300)
    expect(boot.frameAncestors).toEqual([])
  })
})
