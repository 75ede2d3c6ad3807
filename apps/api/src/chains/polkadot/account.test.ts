import { describe, expect, it } from 'vitest'
import { AccountInfo, spendable } from './account'

const ED = 10n

describe("a Polkadot account's transferable balance", () => {
  it('holds-and-freezes runtimes: a freeze covers held funds first, and keeping the account alive leaves the existential deposit', () => {
    const info = (free: number, reserved: number, frozen: number) =>
      AccountInfo.parse({ nonce: 0, data: { free, reserved, frozen, flags: 0 } })
    expect(spendable(info(100, 0, 0), ED)).toEqual({ free: 100n, reserved: 0n, frozen: 0n, transferable: 100n, transferableKeepAlive: 90n })
    // 30 frozen, 20 of it covered by the hold: 10 of free is untouchable.
    expect(spendable(info(100, 20, 30), ED)).toMatchObject({ transferable: 90n, transferableKeepAlive: 90n })
    // A freeze smaller than the hold touches nothing of free.
    expect(spendable(info(100, 50, 30), ED)).toMatchObject({ transferable: 100n, transferableKeepAlive: 90n })
    expect(spendable(info(100, 0, 150), ED)).toMatchObject({ transferable: 0n, transferableKeepAlive: 0n })
  })

  it('locks runtimes (miscFrozen, feeFrozen): the larger lock applies to free alone', () => {
    const info = AccountInfo.parse({ nonce: 3, data: { free: 100, reserved: 40, miscFrozen: 30, feeFrozen: 25 } })
    expect(spendable(info, ED)).toEqual({ free: 100n, reserved: 40n, frozen: 30n, transferable: 70n, transferableKeepAlive: 70n })
  })

  it('reads u128 amounts as @polkadot/types writes them: numbers, hex and decimal text', () => {
    const big = 2n ** 100n
    const info = AccountInfo.parse({ nonce: 0, data: { free: `0x${big.toString(16)}`, reserved: '7', frozen: 0 } })
    expect(info.data.free).toBe(big)
    expect(info.data.reserved).toBe(7n)
    expect(AccountInfo.safeParse({ nonce: 0, data: { free: -1, reserved: 0, frozen: 0 } }).success).toBe(false)
  })
})
