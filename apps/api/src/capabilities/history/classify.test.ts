import { describe, expect, it } from 'vitest'
import { directionOf, entriesOf, operationTypeOf } from './classify'
import { ZERO_ADDRESS, type ChainTx, type Leg } from './legs'

const alice = '0x1111111111111111111111111111111111111111'
const bob = '0x2222222222222222222222222222222222222222'
const token = '0x6666666666666666666666666666666666666666'

const tx = (over: Partial<ChainTx> = {}): ChainTx => ({
  hash: '0xaa',
  from: alice,
  to: bob,
  value: 0n,
  input: '0x',
  nonce: 0,
  transactionIndex: 0,
  ...over,
})
const leg = (from: `0x${string}`, to: `0x${string}`, over: Partial<Leg> = {}): Leg => ({
  legIndex: 0,
  logIndex: 0,
  source: 'log',
  token,
  from,
  to,
  amount: 1n,
  ...over,
})

describe('directionOf', () => {
  it('out, in, self, or not involved (case-insensitive)', () => {
    expect(directionOf(leg(alice, bob), alice)).toBe('out')
    expect(directionOf(leg(alice, bob), bob)).toBe('in')
    expect(directionOf(leg(alice, alice), alice)).toBe('self')
    expect(directionOf({ from: alice.toUpperCase().replace('0X', '0x') as `0x${string}`, to: bob }, alice)).toBe('out')
    expect(directionOf(leg(alice, bob), token)).toBeUndefined()
  })
})

describe('operationTypeOf', () => {
  it('send / receive for one leg, trade for both directions', () => {
    expect(operationTypeOf(tx(), [leg(alice, bob)], alice)).toBe('send')
    expect(operationTypeOf(tx(), [leg(alice, bob)], bob)).toBe('receive')
    expect(operationTypeOf(tx(), [leg(alice, bob), leg(bob, alice, { legIndex: 2 })], alice)).toBe('trade')
  })

  it('a self-transfer is a send', () => {
    expect(operationTypeOf(tx({ to: alice, value: 1n }), [leg(alice, alice, { token: null })], alice)).toBe('send')
  })

  it('mint and burn only for the account that called', () => {
    expect(operationTypeOf(tx(), [leg(ZERO_ADDRESS, alice)], alice)).toBe('mint')
    expect(operationTypeOf(tx(), [leg(ZERO_ADDRESS, bob)], bob)).toBe('receive')
    expect(operationTypeOf(tx(), [leg(alice, ZERO_ADDRESS)], alice)).toBe('burn')
  })

  it('without legs: deploy, approve, send (a failed transfer) or execute', () => {
    expect(operationTypeOf(tx({ to: null }), [], alice)).toBe('deploy')
    expect(operationTypeOf(tx({ input: `0x095ea7b3${'00'.repeat(64)}` }), [], alice)).toBe('approve')
    expect(operationTypeOf(tx({ input: `0xa9059cbb${'00'.repeat(64)}` }), [], alice)).toBe('send')
    expect(operationTypeOf(tx({ value: 5n }), [], alice)).toBe('send')
    expect(operationTypeOf(tx({ input: '0x12345678' }), [], alice)).toBe('execute')
  })
})

describe('entriesOf', () => {
  it('one entry for the sender and each party, never the zero address', () => {
    const entries = entriesOf(tx({ to: token }), [leg(alice, bob), leg(ZERO_ADDRESS, bob, { legIndex: 2 })])
    expect(entries).toEqual([
      { account: alice, operationType: 'send' },
      { account: bob, operationType: 'receive' },
    ])
  })

  it('a failed transaction still appears for its sender', () => {
    expect(entriesOf(tx({ value: 3n }), [])).toEqual([{ account: alice, operationType: 'send' }])
  })
})
