import { bytesToHex, toHex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { generateSeedEntropy, seedEntropyToMnemonic } from '../../apps/secure-frame/src/custody/seed'
import { splitSeed } from '../../apps/secure-frame/src/custody/shares'
import { addressOfPhrase, findKeyLeaks } from './keyIsolation'

/** The e2e key-isolation check is only as good as this search: it must find each form of a leak. */
describe('findKeyLeaks', () => {
  it('finds the private key, the seed, the phrase and two shares, in hex or base64, and nothing in clean traffic', async () => {
    const entropy = generateSeedEntropy()
    const phrase = seedEntropyToMnemonic(entropy)
    const account = mnemonicToAccount(phrase)
    const privateKey = toHex(account.getHdKey().privateKey!)
    const { device, auth, recovery } = await splitSeed(entropy.slice())
    const find = (text: string) => findKeyLeaks([text], account.address)

    expect(await find(JSON.stringify({ result: privateKey }))).toEqual([expect.stringContaining('the private key')])
    expect(await find(`data:0x${'00'.repeat(7)}${privateKey.slice(2)}${'11'.repeat(9)}`)).toEqual([
      expect.stringContaining('the private key'),
    ])
    expect(await find(Buffer.from(privateKey.slice(2), 'hex').toString('base64'))).toContain(`the private key ${privateKey.slice(0, 10)}…`)
    expect(await find(`{"seed":"${bytesToHex(entropy)}"}`)).toContain(`the seed ${bytesToHex(entropy).slice(0, 10)}…`)
    expect(await find(`Your phrase: ${phrase}.`)).toEqual([expect.stringContaining('the BIP-39 phrase')])
    // Wordlist words that are not this wallet's phrase (plain English, minified code, another wallet's phrase) are no leak.
    expect(await find('able about above absent absorb abstract absurd abuse access accident account accuse achieve')).toEqual([])
    expect(await find(seedEntropyToMnemonic(generateSeedEntropy()))).toEqual([])
    expect(await find(JSON.stringify({ a: Buffer.from(device).toString('base64'), b: bytesToHex(recovery) }))).toEqual([
      expect.stringContaining('two shares'),
    ])
    // One share alone, an address, a signature and an unrelated key reveal nothing.
    expect(await find(JSON.stringify({ share: bytesToHex(auth), address: account.address, signature: `0x${'ab'.repeat(65)}` }))).toEqual([])
    expect(await find(bytesToHex(generateSeedEntropy()))).toEqual([])
  })

  it("derives a phrase's address as viem's mnemonicToAccount does", () => {
    for (let i = 0; i < 20; i++) {
      const phrase = seedEntropyToMnemonic(generateSeedEntropy())
      expect(addressOfPhrase(phrase)).toBe(mnemonicToAccount(phrase).address.toLowerCase())
    }
    const twelve = 'test test test test test test test test test test test junk'
    expect(addressOfPhrase(twelve)).toBe('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266')
  })
})
