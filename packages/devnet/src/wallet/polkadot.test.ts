import { u8aToHex, u8aWrapBytes } from '@polkadot/util'
import { encodeAddress, signatureVerify, sr25519Verify } from '@polkadot/util-crypto'
import { describe, expect, it, vi } from 'vitest'
import { polkadotDevnetAccounts } from '../polkadot/accounts'
import { createDevnetPolkadotWallet } from './polkadot'
import { DEVNET_TRANSFER_PAYLOAD, payloadBytes } from './polkadot-payload'

const [first, second] = polkadotDevnetAccounts

async function enabled(wallet = createDevnetPolkadotWallet()) {
  return { wallet, injected: await wallet.extension.enable('Airlock test') }
}

describe('createDevnetPolkadotWallet', () => {
  it('gives the selected sr25519 account, in the generic SS58 format, once the site is enabled', async () => {
    const saved: boolean[] = []
    const wallet = createDevnetPolkadotWallet({ sitePermission: { load: () => false, save: (value) => saved.push(value) } })
    expect(wallet.devnet.state()).toMatchObject({ authorized: false, account: first!.address })
    const { injected } = await enabled(wallet)
    expect(saved).toEqual([true])
    expect(await injected.accounts.get()).toEqual([
      { address: encodeAddress(first!.publicKey, 42), genesisHash: null, name: 'Devnet 0', type: 'sr25519' },
    ])
    await expect(wallet.extension.enable('')).rejects.toThrow('enable(originName) needs the name of the dapp')
  })

  it('signRaw signs the <Bytes>-wrapped data, as polkadot-js does', async () => {
    const { injected } = await enabled()
    const data = u8aToHex(new TextEncoder().encode('Sign in to Airlock'))
    const { id, signature } = await injected.signer.signRaw({ address: first!.address, data, type: 'bytes' })
    expect(id).toBe(1)
    expect(signatureVerify(u8aWrapBytes(data), signature, first!.address)).toMatchObject({ isValid: true, crypto: 'sr25519' })
    // signatureVerify also accepts a signature of the bare data: sr25519Verify does not.
    expect(sr25519Verify(u8aWrapBytes(data), signature, first!.publicKey)).toBe(true)
    expect(sr25519Verify(data, signature, first!.publicKey)).toBe(false)
  })

  it('signPayload signs the ExtrinsicPayload of the JSON and its signed extensions, metadataHash and mode included', async () => {
    const { injected } = await enabled()
    const { id, signature } = await injected.signer.signPayload(DEVNET_TRANSFER_PAYLOAD)
    expect(id).toBe(1)
    expect(signatureVerify(payloadBytes(DEVNET_TRANSFER_PAYLOAD), signature, first!.address).isValid).toBe(true)
    const withoutHash = { ...DEVNET_TRANSFER_PAYLOAD, mode: 0, metadataHash: undefined }
    expect(signatureVerify(payloadBytes(withoutHash), signature, first!.address).isValid).toBe(false)
  })

  it("refuses another account's payload and a site that is not enabled", async () => {
    const { injected } = await enabled()
    await expect(injected.signer.signRaw({ address: second!.address, data: '0x00', type: 'bytes' })).rejects.toMatchObject({
      code: 4100,
      message: 'Unable to find keypair',
    })
    await expect(injected.signer.signRaw({ address: 'not-an-address', data: '0x00', type: 'bytes' })).rejects.toMatchObject({
      code: -32602,
    })
    const fresh = createDevnetPolkadotWallet()
    expect(await (await enabled(fresh)).injected.accounts.get()).toHaveLength(1)
    const never = createDevnetPolkadotWallet()
    never.devnet.rejectNext()
    await expect(never.extension.enable('Airlock test')).rejects.toMatchObject({ code: 4001, message: 'Cancelled' })
    expect(never.devnet.state().authorized).toBe(false)
  })

  it('cancels the next prompt with 4001 "Cancelled", then approves again', async () => {
    const { wallet, injected } = await enabled()
    wallet.devnet.rejectNext()
    const raw = { address: first!.address, data: '0x01', type: 'bytes' as const }
    await expect(injected.signer.signRaw(raw)).rejects.toMatchObject({ code: 4001, message: 'Cancelled' })
    await expect(injected.signer.signRaw(raw)).resolves.toMatchObject({ id: 1 })
    wallet.devnet.setMode('reject')
    await expect(injected.signer.signPayload(DEVNET_TRANSFER_PAYLOAD)).rejects.toMatchObject({ code: 4001, message: 'Cancelled' })
  })

  it('answers after the delay the test sets', async () => {
    vi.useFakeTimers()
    try {
      const wallet = createDevnetPolkadotWallet()
      wallet.devnet.setDelay(5000)
      let done = false
      const enabling = wallet.extension.enable('Airlock test').then(() => (done = true))
      await vi.advanceTimersByTimeAsync(4999)
      expect(done).toBe(false)
      await vi.advanceTimersByTimeAsync(1)
      await enabling
      expect(done).toBe(true)
    } finally {
      vi.useRealTimers()
    }
  })

  it('tells accounts.subscribe of a switch of account until it unsubscribes', async () => {
    const { wallet, injected } = await enabled()
    const heard: string[][] = []
    const unsubscribe = injected.accounts.subscribe((accounts) => void heard.push(accounts.map((a) => a.address)))
    wallet.devnet.switchAccount(1)
    unsubscribe()
    wallet.devnet.switchAccount(2)
    expect(heard).toEqual([[encodeAddress(first!.publicKey, 42)], [encodeAddress(second!.publicKey, 42)]])
    expect(() => wallet.devnet.switchAccount(10)).toThrow(RangeError)
    const data = '0x02'
    const { signature } = await injected.signer.signRaw({ address: polkadotDevnetAccounts[2]!.address, data, type: 'bytes' })
    expect(signatureVerify(u8aWrapBytes(data), signature, polkadotDevnetAccounts[2]!.address).isValid).toBe(true)
  })
})
