import { describe, expect, it } from 'vitest'
import { humanAmount, stablecoinPrices, toHistoryTransaction, toTransfers, type StoredEntry, type StoredLeg } from './format'

const alice = '0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266'
const bob = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
const usdc = '0xcc624c75c7ba01a73e332aaae9daf8ec698d0c58'
const spam = '0x4a4992e84f8bcd02ca5a78d70c0bd7feee750b45'
const ETH = { name: 'Ether', symbol: 'ETH', decimals: 18 }

const leg = (over: Partial<StoredLeg>): StoredLeg => ({
  leg_index: 0,
  token_address: usdc,
  from_address: alice,
  to_address: bob,
  amount: '1500000',
  symbol: 'USDC',
  name: 'USD Coin',
  decimals: 6,
  spam: false,
  icon_url: 'data:image/svg+xml,x',
  ...over,
})

describe('humanAmount', () => {
  it('formats smallest units as a decimal string', () => {
    expect(humanAmount('1500000', 6)).toBe('1.5')
    expect(humanAmount(10n ** 18n, 18)).toBe('1')
    expect(humanAmount('1', 18)).toBe('0.000000000000000001')
    expect(humanAmount('0', 6)).toBe('0')
  })
})

describe('toTransfers', () => {
  const entry = { account: alice, chain: 'eip155:31337' }

  it('shapes a token leg as AppKit reads it, with a USD price for stablecoins', () => {
    expect(toTransfers(entry, [leg({})], ETH, stablecoinPrices)).toEqual([
      {
        fungible_info: { name: 'USD Coin', symbol: 'USDC', icon: { url: 'data:image/svg+xml,x' } },
        direction: 'out',
        quantity: { numeric: '1.5' },
        value: 1.5,
        price: 1,
      },
    ])
  })

  it('native legs use the chain currency; unknown prices are 0', () => {
    const [transfer] = toTransfers(
      { account: bob, chain: 'eip155:31337' },
      [leg({ token_address: null, symbol: null, name: null, decimals: null, icon_url: null, amount: '2000000000000000000' })],
      ETH,
      stablecoinPrices,
    )
    expect(transfer).toEqual({
      fungible_info: { name: 'Ether', symbol: 'ETH' },
      direction: 'in',
      quantity: { numeric: '2' },
      value: 0,
      price: 0,
    })
  })

  it('flags spam as nft_info.flags.is_spam (AppKit drops a transaction whose transfers are all spam)', () => {
    const [transfer] = toTransfers(
      { account: bob, chain: 'eip155:31337' },
      [leg({ token_address: spam, symbol: 'SPAM', name: 'Free Airdrop Reward', decimals: 18, spam: true, amount: '1' })],
      ETH,
      stablecoinPrices,
    )
    expect(transfer?.nft_info).toEqual({ name: 'Free Airdrop Reward', flags: { is_spam: true } })
    expect(transfer?.fungible_info.symbol).toBe('SPAM')
    const [clean] = toTransfers(entry, [leg({})], ETH, stablecoinPrices)
    expect(clean).not.toHaveProperty('nft_info')
  })

  it('orders out legs before in legs and drops legs of other accounts', () => {
    const legs = [
      leg({ leg_index: 4, from_address: bob, to_address: alice, symbol: 'DAI' }),
      leg({ leg_index: 2, from_address: bob, to_address: '0x0000000000000000000000000000000000000001' }),
      leg({ leg_index: 6, from_address: alice, to_address: bob, symbol: 'USDC' }),
    ]
    expect(toTransfers(entry, legs, ETH, stablecoinPrices).map((t) => [t.direction, t.fungible_info.symbol])).toEqual([
      ['out', 'USDC'],
      ['in', 'DAI'],
    ])
  })
})

describe('toHistoryTransaction', () => {
  it('fills metadata with ISO minedAt, checksummed addresses, the numeric nonce and the CAIP-2 chain', () => {
    const entry: StoredEntry = {
      account: alice,
      chain: 'eip155:31337',
      tx_hash: '0xabc',
      block_number: '7',
      tx_index: 0,
      mined_at: new Date('2025-03-04T05:06:07Z'),
      operation_type: 'send',
      status: 'confirmed',
      nonce: '12',
      sent_from: alice,
      sent_to: bob,
    }
    expect(toHistoryTransaction(entry, [])).toEqual({
      id: '0xabc:eip155:31337',
      metadata: {
        operationType: 'send',
        hash: '0xabc',
        minedAt: '2025-03-04T05:06:07.000Z',
        sentFrom: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
        sentTo: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
        status: 'confirmed',
        nonce: 12,
        chain: 'eip155:31337',
      },
      transfers: [],
    })
  })
})
