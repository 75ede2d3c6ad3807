// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import type { AirlockOptions } from './airlock'
import { createAirlock } from './index'

describe('createAirlock', () => {
  it('refuses to start without a project id, saying so', () => {
    expect(() => createAirlock({} as AirlockOptions)).toThrow('Project ID Not Configured')
    expect(() => createAirlock({ projectId: '' })).toThrow('Project ID Not Configured')
  })

  it('rejects every call after destroy, and getProvider throws', async () => {
    const airlock = createAirlock({ projectId: 'demo', widgetUrl: 'http://widget.localhost:1' })
    const provider = airlock.getProvider('eip155')
    airlock.destroy()
    await expect(provider.request({ method: 'eth_chainId' })).rejects.toMatchObject({
      code: 4900,
      message: expect.stringMatching(/destroyed/),
    })
    await expect(airlock.open()).rejects.toThrow(/destroyed/)
    expect(() => airlock.getProvider('eip155')).toThrow(/destroyed/)
    expect(document.querySelector('iframe[data-airlock]')).toBeNull()
  })

  it('refuses namespaces it does not serve yet and non-serialisable params', async () => {
    const airlock = createAirlock({ projectId: 'demo', widgetUrl: 'http://widget.localhost:1' })
    expect(() => airlock.getProvider('cosmos' as 'eip155')).toThrow('Namespace cosmos is not supported yet')
    expect(() => airlock.getProvider('__proto__' as 'eip155')).toThrow('Namespace __proto__ is not supported yet')
    await expect(airlock.getProvider('eip155').request({ method: 'eth_call', params: [() => 1] })).rejects.toMatchObject({ code: -32602 })
    airlock.destroy()
  })
})
