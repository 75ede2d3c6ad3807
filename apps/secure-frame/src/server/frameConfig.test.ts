import { describe, expect, it } from 'vitest'
import { createServerClient } from './client'

/**
 * GET /frame-config's smart-account networks (issue 27): the frame trusts its own origin's server
 * for them, not the widget, and still reads them as untrusted input: a config it cannot read is
 * refused whole, never half-used. Absent, the frame has no smart-account network.
 */

const BASE = {
  widgetOrigin: 'http://widget.localhost:4401',
  keyServiceOrigin: 'http://keys.localhost:4410',
  apiUrl: 'http://api.localhost:4403',
}
const NETWORK = {
  chainId: 31337,
  delegator: '0x63c0c19a282a1B52b07dD5a65b58948A07DAE32B',
  entryPoint: '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108',
}
const served = (body: unknown) =>
  createServerClient({ base: 'http://secure.localhost:4402/api', fetch: async () => Response.json(body) }).frameConfig()

describe('the frame config', () => {
  it('is read with or without smart-account networks', async () => {
    expect(await served(BASE)).toEqual(BASE)
    const external = { ...NETWORK, chainId: 8453, relayUrl: 'https://bundler.example/rpc?key=abc' }
    expect((await served({ ...BASE, smartAccounts: [NETWORK, external] })).smartAccounts).toEqual([NETWORK, external])
  })

  it('refuses networks it cannot use safely', async () => {
    for (const bad of [
      { ...NETWORK, chainId: 0 },
      { ...NETWORK, chainId: 1.5 },
      { ...NETWORK, delegator: '0x1234' },
      { ...NETWORK, entryPoint: undefined },
      { ...NETWORK, relayUrl: 'javascript:alert(1)' },
      { ...NETWORK, relayUrl: 'file:///etc/passwd' },
    ]) {
      await expect(served({ ...BASE, smartAccounts: [bad] }), JSON.stringify(bad)).rejects.toThrow()
    }
    await expect(served({ ...BASE, smartAccounts: Array.from({ length: 101 }, () => NETWORK) })).rejects.toThrow()
  })
})
