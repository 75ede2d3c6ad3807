import { toHex } from 'viem'
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { DEVNET_MNEMONIC, devnetAccounts, devnetPrivateKeys } from './accounts'

describe('devnet accounts', () => {
  it('are the first 10 accounts of the anvil mnemonic', () => {
    expect(devnetAccounts).toHaveLength(10)
    devnetAccounts.forEach((account, i) => {
      const derived = mnemonicToAccount(DEVNET_MNEMONIC, { addressIndex: i })
      expect(account.address).toBe(derived.address)
      expect(account.privateKey).toBe(toHex(derived.getHdKey().privateKey!))
      expect(privateKeyToAccount(account.privateKey).address).toBe(account.address)
      expect(devnetPrivateKeys[i]).toBe(account.privateKey)
    })
  })
})
