import { describe, expect, it } from 'vitest'
import { bitcoinMethodParams, bitcoinMethodResults, isBitcoinMethod, walletConnectBip122Params } from './bip122'

const ADDRESS = 'bcrt1qquv9lg5g2r4jkr0ahun0ddfg5xntxjelwjpnuw'

describe('the Bitcoin RPC schemas', () => {
  it('take sats-connect shapes: signInputs by address, one recipient in whole sats', () => {
    expect(bitcoinMethodParams.signPsbt.safeParse({ psbt: 'cHNidP8BAA==', signInputs: { [ADDRESS]: [0, 2] } }).success).toBe(true)
    expect(bitcoinMethodParams.signPsbt.safeParse({ psbt: 'cHNidP8BAA==', signInputs: { [ADDRESS]: [] } }).success).toBe(false)
    expect(bitcoinMethodParams.sendTransfer.safeParse({ recipients: [{ address: ADDRESS, amount: 1000 }] }).success).toBe(true)
    for (const amount of [0, -1, 1.5, 22e14])
      expect(bitcoinMethodParams.sendTransfer.safeParse({ recipients: [{ address: ADDRESS, amount }] }).success, String(amount)).toBe(false)
    expect(bitcoinMethodParams.signMessage.safeParse({ address: ADDRESS, message: 'x'.repeat(4097) }).success).toBe(false)
  })

  it('refuse a txid that is not 64 hex digits, and know their method names', () => {
    expect(bitcoinMethodResults.sendTransfer.safeParse({ txid: 'ab'.repeat(32) }).success).toBe(true)
    expect(bitcoinMethodResults.sendTransfer.safeParse({ txid: 'zz' }).success).toBe(false)
    expect(isBitcoinMethod('signPsbt')).toBe(true)
    expect(isBitcoinMethod('__proto__')).toBe(false)
  })

  it('take WalletConnect bip122 shapes: amounts as decimal strings of sats', () => {
    expect(walletConnectBip122Params.sendTransfer.safeParse({ account: ADDRESS, recipientAddress: ADDRESS, amount: '1500' }).success).toBe(
      true,
    )
    expect(walletConnectBip122Params.sendTransfer.safeParse({ account: ADDRESS, recipientAddress: ADDRESS, amount: 1500 }).success).toBe(
      false,
    )
    expect(walletConnectBip122Params.sendTransfer.safeParse({ account: ADDRESS, recipientAddress: ADDRESS, amount: '01' }).success).toBe(
      false,
    )
  })
})
