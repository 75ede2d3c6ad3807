import { describe, expect, it } from 'vitest'
import { bytesToHex } from 'viem'
import { generateSeedEntropy } from './seed'
import { combineShares, splitSeed } from './shares'

describe('shares', () => {
  it('splits 32 bytes into three 33-byte shares, any two of which give the seed back', async () => {
    const seed = generateSeedEntropy()
    const { device, auth, recovery } = await splitSeed(seed)
    for (const share of [device, auth, recovery]) expect(share).toHaveLength(33)
    for (const pair of [
      [device, auth],
      [auth, device],
      [device, recovery],
      [auth, recovery],
      [recovery, auth],
    ] as const) {
      expect(bytesToHex(await combineShares(pair))).toBe(bytesToHex(seed))
    }
  })

  it('splits 16-byte (12-word) entropy too', async () => {
    const seed = generateSeedEntropy().slice(0, 16)
    const { device, recovery } = await splitSeed(seed)
    expect(bytesToHex(await combineShares([device, recovery]))).toBe(bytesToHex(seed))
  })

  it('refuses one share, or the same share twice', async () => {
    const { device } = await splitSeed(generateSeedEntropy())
    await expect(combineShares([device] as unknown as [Uint8Array, Uint8Array])).rejects.toThrow()
    await expect(combineShares([device, device.slice()])).rejects.toThrow(/duplicate/)
  })

  it('does not contain the seed in any share', async () => {
    const seed = generateSeedEntropy()
    const shares = await splitSeed(seed)
    for (const share of Object.values(shares)) expect(bytesToHex(share.subarray(0, 32))).not.toBe(bytesToHex(seed))
  })

  it('gives a wrong seed, silently, from shares of different splits (callers must check the result)', async () => {
    const seed = generateSeedEntropy()
    const first = await splitSeed(seed)
    const second = await splitSeed(seed)
    // x coordinates are distinct within a split; at most one of the second split's shares shares
    // the first device share's x, so one of these two combines without a duplicate error.
    const other = [second.auth, second.recovery].find((share) => share[32] !== first.device[32])!
    const mixed = await combineShares([first.device, other])
    expect(bytesToHex(mixed)).not.toBe(bytesToHex(seed))
  })

  it('rejects seeds that are not BIP-39 entropy', async () => {
    await expect(splitSeed(new Uint8Array(33))).rejects.toThrow(RangeError)
    await expect(splitSeed(new Uint8Array(0))).rejects.toThrow(RangeError)
  })
})
