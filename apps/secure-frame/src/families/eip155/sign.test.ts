import { beforeAll, describe, expect, it } from 'vitest'
import {
  parseEther,
  parseTransaction,
  recoverTransactionAddress,
  verifyMessage,
  verifyTypedData,
  type TransactionSerializable,
  type TransactionSerialized,
  type TypedDataDefinition,
} from 'viem'
import { eip155Deriver, type Eip155Account } from './derive'
import { mnemonicToSeedEntropy, seedEntropyToBip39Seed } from '../../custody/seed'
import { personalSign, signTransaction, signTypedDataV4 } from './sign'

let account: Eip155Account

beforeAll(async () => {
  const seed = await seedEntropyToBip39Seed(mnemonicToSeedEntropy('test test test test test test test test test test test junk'))
  account = eip155Deriver.derive(seed, 0)
  seed.fill(0)
})

/** The EIP-712 example mail, as a dapp sends it (chainId a JSON number, EIP712Domain listed). */
const typedData: TypedDataDefinition = {
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ],
    Person: [
      { name: 'name', type: 'string' },
      { name: 'wallet', type: 'address' },
    ],
    Mail: [
      { name: 'from', type: 'Person' },
      { name: 'to', type: 'Person' },
      { name: 'contents', type: 'string' },
    ],
  },
  primaryType: 'Mail',
  domain: { name: 'Ether Mail', version: '1', chainId: 31337, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
  message: {
    from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
    to: { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' },
    contents: 'Hello, Bob!',
  },
}

describe('eip155 signing', () => {
  it('personal_sign: text as UTF-8, 0x-hex as raw bytes', async () => {
    const text = await personalSign(account, 'Sign in to Airlock')
    expect(await verifyMessage({ address: account.address, message: 'Sign in to Airlock', signature: text })).toBe(true)

    const raw = await personalSign(account, '0x48656c6c6f')
    expect(await verifyMessage({ address: account.address, message: { raw: '0x48656c6c6f' }, signature: raw })).toBe(true)
    expect(await verifyMessage({ address: account.address, message: 'Hello', signature: raw })).toBe(true)
  })

  it('eth_signTypedData_v4: the JSON string a dapp sends, and the parsed object', async () => {
    const fromJson = await signTypedDataV4(account, JSON.stringify(typedData))
    const fromObject = await signTypedDataV4(account, typedData)
    expect(fromJson).toBe(fromObject)
    expect(await verifyTypedData({ address: account.address, ...typedData, signature: fromJson })).toBe(true)
    expect(
      await verifyTypedData({
        address: account.address,
        ...typedData,
        message: { ...typedData.message, contents: 'Bye' },
        signature: fromJson,
      }),
    ).toBe(false)
  })

  it.each<[string, TransactionSerializable]>([
    [
      'eip1559',
      {
        chainId: 31337,
        nonce: 0,
        to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
        value: parseEther('1'),
        gas: 21000n,
        maxFeePerGas: 2_000_000_000n,
        maxPriorityFeePerGas: 1_000_000_000n,
      },
    ],
    [
      'legacy',
      { chainId: 31337, nonce: 1, to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: 1n, gas: 21000n, gasPrice: 1_000_000_000n },
    ],
  ])('signTransaction (%s): the signed transaction parses and recovers to the account', async (type, transaction) => {
    const serialized = await signTransaction(account, transaction)
    const parsed = parseTransaction(serialized)
    expect(parsed.type).toBe(type)
    expect(parsed.to?.toLowerCase()).toBe(transaction.to?.toLowerCase())
    expect(parsed.value).toBe(transaction.value)
    expect(parsed.chainId).toBe(31337)
    expect(await recoverTransactionAddress({ serializedTransaction: serialized as TransactionSerialized })).toBe(account.address)
  })
})
