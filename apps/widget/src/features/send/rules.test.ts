import { decodeFunctionData, erc20Abi } from 'viem'
import { describe, expect, it } from 'vitest'
import { AmountError, checkAmount, quantityToUnits } from './amount'
import { eip155Adapter } from '../../chains/eip155'
import { AddressError } from '../../chains/eip155/transfers'
import { classifyReceiver, ReceiverError } from './receiver'
import { canSend, feeUsd, maxNativeAmount, nativeSpendable } from './rules'
import { buildSendCall, tokenContract } from '../../chains/eip155/transfer'

const USDC = { symbol: 'USDC', decimals: 6, balance: 10_000_000_000n } // 10,000 USDC
const ETH = { symbol: 'ETH', decimals: 18, balance: 2n * 10n ** 18n }

describe('send amount', () => {
  it('reads plain amounts in smallest units', () => {
    expect(checkAmount('1.5', USDC)).toEqual({ ok: true, value: 1_500_000n })
    expect(checkAmount('.25', ETH)).toEqual({ ok: true, value: 25n * 10n ** 16n })
    expect(checkAmount(' 2 ', ETH)).toEqual({ ok: true, value: 2n * 10n ** 18n })
    expect(checkAmount('1.500000000', USDC)).toEqual({ ok: true, value: 1_500_000n }) // trailing zeros are not decimals
  })

  it('refuses more decimals than the token has', () => {
    expect(checkAmount('1.1234567', USDC)).toEqual({ ok: false, error: 'Too many decimals: USDC has 6' })
    expect(checkAmount('0.0000000000000000001', ETH)).toEqual({ ok: false, error: 'Too many decimals: ETH has 18' })
    expect(checkAmount('1.5', { symbol: 'NFTX', decimals: 0, balance: 10n })).toEqual({ ok: false, error: 'NFTX has no decimals' })
  })

  it('refuses negative, zero, empty and non-numbers', () => {
    expect(checkAmount('-1', USDC)).toEqual({ ok: false, error: AmountError.negative })
    expect(checkAmount('-0.5', USDC)).toEqual({ ok: false, error: AmountError.negative })
    expect(checkAmount('0', USDC)).toEqual({ ok: false, error: AmountError.zero })
    expect(checkAmount('0.000', USDC)).toEqual({ ok: false, error: AmountError.zero })
    expect(checkAmount('-0', USDC)).toEqual({ ok: false, error: AmountError.zero })
    expect(checkAmount('', USDC)).toEqual({ ok: false, error: AmountError.empty })
    for (const input of ['abc', '1e3', '1.2.3', '0x10', '.', '+1', '1 000'])
      expect(checkAmount(input, USDC), input).toEqual({ ok: false, error: 'Incorrect amount' })
  })

  it("refuses amounts above the balance with 'Insufficient balance', and accepts exactly the balance", () => {
    expect(checkAmount('10000.000001', USDC)).toEqual({ ok: false, error: 'Insufficient balance' })
    expect(checkAmount('10000', USDC)).toEqual({ ok: true, value: 10_000_000_000n })
  })

  it('reads pasted thousands separators, and refuses other commas', () => {
    expect(checkAmount('1,000.5', USDC)).toEqual({ ok: true, value: 1_000_500_000n })
    expect(checkAmount('1,000', USDC)).toEqual({ ok: true, value: 1_000_000_000n })
    expect(checkAmount('12,345,678', { ...USDC, balance: 10n ** 20n })).toEqual({ ok: true, value: 12_345_678_000_000n })
    for (const input of ['1,5', '10,00', '1,0000', ',100', '1,000,00', '1.000,5'])
      expect(checkAmount(input, USDC), input).toEqual({ ok: false, error: AmountError.comma })
    expect(checkAmount('-1,000', USDC)).toEqual({ ok: false, error: AmountError.negative })
  })

  it('converts the api quantities exactly', () => {
    expect(quantityToUnits('10000', 6)).toBe(10_000_000_000n)
    expect(quantityToUnits('0.123456789', 6)).toBe(123_456n)
    expect(quantityToUnits('junk', 6)).toBe(0n)
  })
})

describe('send receiver', () => {
  const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
  const classify = (input: string) => classifyReceiver(input, eip155Adapter.parseAddress, true)

  it('accepts checksummed, all-lower and all-upper addresses, with or without 0x', () => {
    expect(classify(address)).toEqual({ kind: 'address', address })
    expect(classify(address.toLowerCase())).toEqual({ kind: 'address', address })
    expect(classify(`0x${address.slice(2).toUpperCase()}`)).toEqual({ kind: 'address', address })
    expect(classify(address.slice(2))).toEqual({ kind: 'address', address })
  })

  it('refuses a mixed-case address whose checksum is wrong', () => {
    const flipped = address.replace('C51812', 'c51812')
    expect(classify(flipped)).toEqual({ kind: 'invalid', error: AddressError.checksum })
  })

  it('refuses malformed addresses and empty input', () => {
    for (const input of ['0x1234', `${address}00`, '0xZZ997970C51812dc3A010C7d01b50e0d17dc79C8', 'hello world', 'ab', 'alice.eth'])
      expect(classify(input), input).toEqual({ kind: 'invalid', error: ReceiverError.invalid })
    expect(classify('  ')).toEqual({ kind: 'invalid', error: ReceiverError.empty })
  })

  it('where names do not exist (SPEC section 5: eip155 only), an address or its own error', () => {
    const noNames = (input: string) => classifyReceiver(input, eip155Adapter.parseAddress, false)
    expect(noNames('alice')).toEqual({ kind: 'invalid', error: AddressError.invalid })
    expect(noNames(' ')).toEqual({ kind: 'invalid', error: ReceiverError.emptyAddress })
    expect(noNames(address)).toEqual({ kind: 'address', address })
  })

  it('reads names, with or without the zone, to resolve', () => {
    expect(classify('Alice.airlock.id')).toEqual({ kind: 'name', name: 'alice.airlock.id' })
    expect(classify('alice')).toEqual({ kind: 'name', name: 'alice.airlock.id' })
  })
})

describe('send fee and the SPEC section 5 rule', () => {
  it('prices the fee in USD with the native price', () => {
    expect(feeUsd(21_000n * 10n ** 9n, 18, 3000)).toBeCloseTo(0.063, 10)
    expect(feeUsd(5000n, 9, 150)).toBeCloseTo(0.00075, 10)
  })

  it('leaves the fee when sending the native maximum', () => {
    expect(maxNativeAmount(10n ** 18n, 21_000n * 10n ** 9n)).toBe(10n ** 18n - 21_000n * 10n ** 9n)
    expect(maxNativeAmount(1000n, 21_000n)).toBe(0n)
  })

  it('spends the whole native balance, or of a Polkadot one what a transferKeepAlive may move', () => {
    const token = { name: 'Rococo', symbol: 'ROC', chainId: 'polkadot:45454545454545454545454545454545', value: 0, price: 0, iconUrl: '' }
    const quantity = { decimals: '12', numeric: '10.5' }
    expect(nativeSpendable({ ...token, quantity })).toBe(10_500_000_000_000n)
    // 10.5 ROC: 0.5 reserved, 2 frozen (its 0.5 held part included), 0.1 the existential deposit.
    const breakdown = {
      free: '10',
      reserved: '0.5',
      frozen: '2',
      transferable: '8.5',
      transferableKeepAlive: '8.5',
      existentialDeposit: '0.1',
    }
    const polkadot = { ...token, quantity, breakdown }
    expect(nativeSpendable(polkadot)).toBe(8_500_000_000_000n)
    expect(maxNativeAmount(nativeSpendable(polkadot), 15_000_000n)).toBe(8_499_985_000_000n)
  })

  it('needs a receiver, an amount and either a token or a known fee', () => {
    const base = { receiver: '0xabc', amount: 1n }
    expect(canSend({ ...base, token: true })).toBe(true)
    expect(canSend({ ...base, token: false, fee: 1n })).toBe(true)
    expect(canSend({ ...base, token: false })).toBe(false)
    expect(canSend({ amount: 1n, token: true })).toBe(false)
    expect(canSend({ receiver: '0xabc', amount: 0n, token: true })).toBe(false)
  })
})

describe('send transaction', () => {
  const receiver = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
  it('sends the native token with empty data', () => {
    expect(buildSendCall({}, receiver, 5n)).toEqual({ to: receiver, value: 5n })
  })

  it('calls transfer(receiver, amount) on the ERC-20 contract', () => {
    const call = buildSendCall({ address: 'eip155:31337:0xCc624c75C7BA01A73E332aaae9daf8eC698D0c58' }, receiver, 1_500_000n)
    expect(call.to).toBe('0xCc624c75C7BA01A73E332aaae9daf8eC698D0c58')
    expect(call.value).toBe(0n)
    expect(decodeFunctionData({ abi: erc20Abi, data: call.data! })).toEqual({ functionName: 'transfer', args: [receiver, 1_500_000n] })
    expect(tokenContract('0xabc')).toBe('0xabc')
  })
})
