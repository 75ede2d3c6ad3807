import { describe, expect, it } from 'vitest'
import { refusalOf } from './transfer'

const base = { amount: 50n, fee: 5n, existentialDeposit: 10n, receiverExists: true, transferable: 100n, transferableKeepAlive: 90n }

describe('why a Polkadot transfer cannot be made', () => {
  it('refuses less than the existential deposit to an account that does not exist, and allows it to one that does', () => {
    expect(refusalOf({ ...base, amount: 9n, receiverExists: false })).toBe('receiver-below-existential-deposit')
    expect(refusalOf({ ...base, amount: 10n, receiverExists: false })).toBeUndefined()
    expect(refusalOf({ ...base, amount: 9n })).toBeUndefined()
  })

  it('refuses an amount and fee above what the sender may move, then above what keeps its account alive', () => {
    expect(refusalOf({ ...base, amount: 96n })).toBe('insufficient-balance')
    expect(refusalOf({ ...base, amount: 95n })).toBe('sender-below-existential-deposit')
    expect(refusalOf({ ...base, amount: 86n })).toBe('sender-below-existential-deposit')
    expect(refusalOf({ ...base, amount: 85n })).toBeUndefined()
  })
})
