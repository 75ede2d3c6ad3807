import { describe, expect, it } from 'vitest'
import { createFakeHost, createTestContext, TEST_ADDRESS } from '../../testing/fakeHost'
import { authUserAtom } from './atoms'
import { embeddedConnector } from './connector'

describe('the embedded connector', () => {
  it("says its account's type: the user's preferred one, a plain account before sign-in", () => {
    const ctx = createTestContext(createFakeHost())
    expect(embeddedConnector.accountType?.(ctx)).toBe('eoa')
    const user = { accounts: [{ address: TEST_ADDRESS, type: 'smartAccount' as const }], smartAccountDeployed: true, passkeys: 0 }
    ctx.store.set(authUserAtom, { ...user, preferredAccountType: 'smartAccount' })
    expect(embeddedConnector.accountType?.(ctx)).toBe('smartAccount')
    ctx.store.set(authUserAtom, { ...user, preferredAccountType: 'eoa' })
    expect(embeddedConnector.accountType?.(ctx)).toBe('eoa')
  })
})
