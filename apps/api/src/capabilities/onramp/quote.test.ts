import { describe, expect, it } from 'vitest'
import { createCatalog, type OnrampSandboxConfig } from './catalog'
import { formatFixed, formatTrimmed, mulDivRound, parseDecimal } from './money'
import { providerById } from './providers'
import { bestQuote, limitViolation, quoteFromCrypto, quoteFromFiat, toQuoteResponse, type QuoteContext } from './quote'
import { parseFiatAmount } from './request'
import { checkCard } from './checkout'

const USDC = '0xCc624c75C7BA01A73E332aaae9daf8eC698D0c58'
const DAI = '0xE481149120FF09958c38Cb236202741a1ffa28a3'
const config: OnrampSandboxConfig = {
  networks: [
    {
      chain: 'eip155:31337',
      name: 'airlock-devnet',
      displayName: 'Airlock Devnet',
      tokens: [
        { address: USDC, symbol: 'USDC', name: 'USD Coin', decimals: 6 },
        { address: DAI, symbol: 'DAI', name: 'Dai Stablecoin', decimals: 18 },
        { address: '0x4A4992E84f8BcD02ca5a78D70C0bd7FeeE750b45', symbol: 'SPAM', name: 'Free Airdrop Reward', decimals: 18, spam: true },
      ],
    },
    { chain: 'eip155:31338', name: 'airlock-devnet-2', displayName: 'Airlock Devnet 2', tokens: [] },
    { chain: 'eip155:999', name: 'offline', displayName: 'Offline', tokens: [] },
  ],
  treasuryPrivateKey: '0x2a871d0798f97d79848a013d4936a73bf4cc922c825d33c1cf7073dff6d409c6',
}
const catalog = createCatalog(config, ['eip155:31337', 'eip155:31338'])
const coinbase = providerById('coinbase')!
const meld = providerById('meld')!
const ctx = (symbol: string, currency = 'USD', chain = 'eip155:31337'): QuoteContext => ({
  asset: catalog.asset(symbol, chain)!,
  currency,
  fiatUsdMicro: catalog.fiatUsdRateMicro(currency)!,
})

describe('money', () => {
  it('parses decimals exactly and rejects what is not a plain decimal', () => {
    expect(parseDecimal('12.5', 2)).toEqual({ ok: true, units: 1250n })
    expect(parseDecimal('0.000001', 6)).toEqual({ ok: true, units: 1n })
    expect(parseDecimal('12.345', 2)).toEqual({ ok: false, reason: 'decimals' })
    for (const bad of ['', '-1', '1e3', '1.', '.5', 'abc', '1,5', '0x10'])
      expect(parseDecimal(bad, 2)).toMatchObject({ ok: false, reason: 'format' })
  })

  it('formats fixed and trimmed, and rounds half up', () => {
    expect(formatFixed(1250n, 2)).toBe('12.50')
    expect(formatFixed(5n, 2)).toBe('0.05')
    expect(formatTrimmed(1500000n, 6)).toBe('1.5')
    expect(formatTrimmed(0n, 6)).toBe('0')
    expect(formatTrimmed(3000_000000n, 6)).toBe('3000')
    expect(mulDivRound(10050n, 150n, 10_000n)).toBe(151n) // 150.75 cents -> 151
    expect(mulDivRound(10030n, 150n, 10_000n)).toBe(150n) // 150.45 -> 150
  })
})

describe('catalog', () => {
  it('sells USDC, DAI and ETH on the supported networks only, never the spam token', () => {
    expect(catalog.purchaseCurrencies()).toEqual([
      {
        id: 'USDC',
        name: 'USD Coin',
        symbol: 'USDC',
        networks: [{ name: 'airlock-devnet', display_name: 'Airlock Devnet', chain_id: '31337', contract_address: USDC.toLowerCase() }],
      },
      {
        id: 'DAI',
        name: 'Dai Stablecoin',
        symbol: 'DAI',
        networks: [{ name: 'airlock-devnet', display_name: 'Airlock Devnet', chain_id: '31337', contract_address: DAI.toLowerCase() }],
      },
      {
        id: 'ETH',
        name: 'Ether',
        symbol: 'ETH',
        networks: [
          { name: 'airlock-devnet', display_name: 'Airlock Devnet', chain_id: '31337', contract_address: '' },
          { name: 'airlock-devnet-2', display_name: 'Airlock Devnet 2', chain_id: '31338', contract_address: '' },
        ],
      },
    ])
    expect(catalog.asset('SPAM', 'eip155:31337')).toBeUndefined()
    expect(catalog.network('31338')?.chain).toBe('eip155:31338')
    expect(catalog.network('eip155:999')).toBeUndefined()
  })

  it('accepts USD and EUR with the SPEC limits', () => {
    expect(catalog.paymentCurrencies()).toEqual(
      ['USD', 'EUR'].map((id) => ({
        id,
        payment_method_limits: [
          { id: 'card', min: '10.00', max: '7500.00' },
          { id: 'ach_bank_account', min: '10.00', max: '25000.00' },
        ],
      })),
    )
  })
})

describe('quotes', () => {
  it('100 USD of USDC through coinbase: 1.5 % fee, 0.25 network fee, the rest at 1 USD', () => {
    const q = quoteFromFiat(ctx('USDC'), coinbase, 10_000n)
    expect(toQuoteResponse(q, 'q1')).toEqual({
      coinbaseFee: { amount: '1.50', currency: 'USD' },
      networkFee: { amount: '0.25', currency: 'USD' },
      paymentSubtotal: { amount: '98.25', currency: 'USD' },
      paymentTotal: { amount: '100.00', currency: 'USD' },
      purchaseAmount: { amount: '98.25', currency: 'USDC' },
      quoteId: 'q1',
      provider: 'coinbase',
    })
  })

  it('the two providers differ: coinbase is cheaper below 500, meld from 500', () => {
    expect(bestQuote(ctx('USDC'), { totalCents: 10_000n }).provider.id).toBe('coinbase')
    expect(bestQuote(ctx('USDC'), { totalCents: 100_000n }).provider.id).toBe('meld')
    expect(quoteFromFiat(ctx('USDC'), meld, 10_000n).feeCents).toBe(200n)
    expect(quoteFromFiat(ctx('USDC'), meld, 100_000n).feeCents).toBe(1000n)
    expect(bestQuote(ctx('USDC'), { totalCents: 100_000n }, coinbase).provider.id).toBe('coinbase')
  })

  it('ETH at 3000 USD, EUR at 1.08 USD, rounded down to wei', () => {
    const usd = quoteFromFiat(ctx('ETH'), coinbase, 30_000n) // 300 USD - 4.50 - 0.10 = 295.40 -> 0.098466666... ETH
    expect(usd.subtotalCents).toBe(29_540n)
    expect(formatTrimmed(usd.cryptoUnits, 18)).toBe('0.098466666666666666')
    const eur = quoteFromFiat(ctx('ETH', 'EUR'), coinbase, 30_000n)
    expect(eur.cryptoUnits).toBe((29_540n * 1_080_000n * 10n ** 18n) / (100n * 3000_000000n))
  })

  it('from a crypto amount: the smallest total whose fee covers it', () => {
    const q = quoteFromCrypto(ctx('USDC'), coinbase, 100_000000n)
    expect(q.subtotalCents).toBe(10_000n)
    expect(q.totalCents - q.feeCents - q.networkFeeCents).toBe(10_000n)
    expect(q.totalCents).toBe(10_178n) // ceil((100.00 + 0.25) / 0.985)
    expect(q.feeCents).toBe(mulDivRound(q.totalCents, 150n, 10_000n))
    // meld's tier switches at 500.00: a total just above the tier uses 1 %.
    const big = quoteFromCrypto(ctx('USDC'), meld, 600_000000n)
    expect(meld.feeBps(big.totalCents)).toBe(100n)
    expect(big.totalCents).toBe(60_632n) // ceil((60000 + 25) / 0.99)
  })

  it('limits: card 10.00-7500.00, bank 10.00-25000.00', () => {
    expect(limitViolation(1_000n, 'card')).toBeUndefined()
    expect(limitViolation(999n, 'card')).toEqual({ min: '10.00', max: '7500.00' })
    expect(limitViolation(750_001n, 'card')).toEqual({ min: '10.00', max: '7500.00' })
    expect(limitViolation(750_001n, 'ach_bank_account')).toBeUndefined()
    expect(limitViolation(2_500_001n, 'ach_bank_account')).toEqual({ min: '10.00', max: '25000.00' })
  })

  it('fiat amount parsing gives the 400 reasons', () => {
    expect(parseFiatAmount('100', 'USD', 'card')).toEqual({ ok: true, value: 10_000n })
    expect(parseFiatAmount(100.5, 'USD', 'card')).toEqual({ ok: true, value: 10_050n })
    expect(parseFiatAmount('10.001', 'USD', 'card')).toEqual({
      ok: false,
      reason: { description: 'amount has more than 2 decimal places', field: 'amount' },
    })
    expect(parseFiatAmount('9.99', 'EUR', 'card')).toEqual({
      ok: false,
      reason: { description: 'amount must be between 10.00 and 7500.00 EUR for card payments', field: 'amount' },
    })
    expect(parseFiatAmount('abc', 'USD', 'card')).toMatchObject({ ok: false })
  })
})

describe('test cards', () => {
  it('4242… pays, 4000…0002 is declined, anything else is invalid', () => {
    expect(checkCard('4242 4242 4242 4242')).toBe('success')
    expect(checkCard('4242-4242-4242-4242')).toBe('success')
    expect(checkCard('4000 0000 0000 0002')).toBe('declined')
    expect(checkCard('4242 4242 4242 4241')).toBe('invalid')
    expect(checkCard('')).toBe('invalid')
  })
})
