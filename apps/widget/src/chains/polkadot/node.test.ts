import { hexToBytes } from '@noble/hashes/utils'
import { describe, expect, it, vi } from 'vitest'
import { encodeSs58, systemAccountKey } from '@airlock/chains/polkadot'
import { freeBalanceOf } from './node'

const key = new Uint8Array(32).map((_, i) => i)
const ADDRESS = encodeSs58(key, 2)
const DEVNET = 'polkadot:45454545454545454545454545454545'
const FREE = 10_000n * 10n ** 12n
/** A little-endian u128, as SCALE writes it. */
const u128 = (value: bigint) =>
  Array.from({ length: 16 }, (_, i) => ((value >> BigInt(8 * i)) & 0xffn).toString(16).padStart(2, '0')).join('')
/** An AccountInfo: nonce 1, consumers 0, providers 1, sufficients 0; free, reserved 5, frozen 0, flags (new logic). */
const INFO = `0x01000000000000000100000000000000${u128(FREE)}${u128(5n)}${u128(0n)}${u128(1n << 127n)}`

describe("the Polkadot node's System.Account", () => {
  it('reads the free balance through the RPC proxy; an unseen account holds 0; a malformed answer is an error', async () => {
    const rpc = vi.fn(async () => INFO as unknown)
    expect(await freeBalanceOf(rpc, DEVNET, ADDRESS)).toBe(FREE)
    expect(rpc).toHaveBeenCalledWith(DEVNET, 'state_getStorage', [systemAccountKey(key)])
    expect(hexToBytes(INFO.slice(2))).toHaveLength(80)
    expect(await freeBalanceOf(async () => null, DEVNET, ADDRESS)).toBe(0n)
    await expect(freeBalanceOf(async () => '0x12', DEVNET, ADDRESS)).rejects.toThrow('malformed')
    await expect(freeBalanceOf(rpc, DEVNET, 'nope')).rejects.toThrow('Not a Polkadot address')
  })
})
