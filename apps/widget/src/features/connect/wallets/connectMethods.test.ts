import { describe, expect, it } from 'vitest'
import { connectMethodsOrder, connectSections } from './connectMethods'

describe('connectMethodsOrder', () => {
  it('defaults to email, social, wallet', () => {
    expect(connectMethodsOrder(undefined, false)).toEqual(['email', 'social', 'wallet'])
    expect(connectMethodsOrder({}, false)).toEqual(['email', 'social', 'wallet'])
  })

  it('puts wallet first when the page has installed wallets', () => {
    expect(connectMethodsOrder(undefined, true)).toEqual(['wallet', 'email', 'social'])
  })

  it("follows the dapp's connectMethodsOrder, installed wallets or not", () => {
    expect(connectMethodsOrder({ connectMethodsOrder: ['social', 'wallet', 'email'] }, true)).toEqual(['social', 'wallet', 'email'])
    expect(connectMethodsOrder({ connectMethodsOrder: ['wallet', 'social', 'email'] }, false)).toEqual(['wallet', 'social', 'email'])
  })

  it('keeps methods the order leaves out, after the listed ones, and drops repeats', () => {
    expect(connectMethodsOrder({ connectMethodsOrder: ['social'] }, false)).toEqual(['social', 'email', 'wallet'])
    expect(connectMethodsOrder({ connectMethodsOrder: ['wallet', 'wallet'] }, false)).toEqual(['wallet', 'email', 'social'])
    expect(connectMethodsOrder({ connectMethodsOrder: [] }, true)).toEqual(['wallet', 'email', 'social'])
  })
})

describe('connectSections', () => {
  it('renders only the sections that exist, in order (today: the wallets)', () => {
    const today = { email: false, social: false, wallet: true }
    expect(connectSections({ connectMethodsOrder: ['email', 'social', 'wallet'] }, false, today)).toEqual(['wallet'])
    const later = { email: true, social: true, wallet: true }
    expect(connectSections({ connectMethodsOrder: ['social', 'wallet'] }, false, later)).toEqual(['social', 'wallet', 'email'])
    expect(connectSections(undefined, true, { email: true, social: false, wallet: true })).toEqual(['wallet', 'email'])
  })
})
