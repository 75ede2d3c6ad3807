import { encodeAbiParameters, encodeErrorResult, pad, parseAbi, toHex } from 'viem'
import { describe, expect, it } from 'vitest'
import { SimulationText } from '../../display/simulation'
import { readSimulation, SimulateV1Result } from './simulation'

const ME = '0x1111111111111111111111111111111111111111'
const THEM = '0x2222222222222222222222222222222222222222'
const TOKEN = '0x3333333333333333333333333333333333333333'
const USDC = '0xcc624c75c7ba01a73e332aaae9daf8ec698d0c58'
const NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
const APPROVAL_FOR_ALL = '0x17307eab39ab6107e8899845ad3d59bd9653f200f220920489ca2b5937696c31'
const ETH = { symbol: 'ETH', decimals: 18 }
const tokens = (address: string) => (address.toLowerCase() === USDC ? { symbol: 'USDC', decimals: 6 } : undefined)

const topic = (address: string) => pad(address as `0x${string}`)
const transfer = (token: string, from: string, to: string, amount: bigint, extraTopic?: string) => ({
  address: token,
  topics: [TRANSFER, topic(from), topic(to), ...(extraTopic ? [extraTopic] : [])],
  data: extraTopic ? '0x' : pad(toHex(amount)),
})
const answer = (call: object) => SimulateV1Result.parse([{ calls: [{ logs: [], ...call }] }])

describe('reading a simulation', () => {
  it('nets each token over its transfers for the account; a collection transfer (four topics) is not a balance', () => {
    const result = answer({
      status: '0x1',
      logs: [
        transfer(NATIVE, ME, THEM, 10n ** 18n),
        transfer(USDC, THEM, ME, 5_000_000n),
        transfer(USDC, ME, THEM, 1_500_000n),
        transfer(TOKEN, THEM, ME, 1234567n),
        transfer(TOKEN, THEM, ME, 0n, pad('0x07')),
        transfer(USDC, THEM, THEM, 9n),
      ],
    })
    expect(readSimulation(result, ME, ETH, tokens)).toEqual({
      status: 'ok',
      changes: [
        { amount: '-1000000000000000000', text: '−1 ETH' },
        { token: USDC, amount: '3500000', text: '+3.5 USDC' },
        { token: TOKEN, amount: '1234567', text: '+1,234,567 units of 0x3333…3333' },
      ],
      allowances: [],
    })
  })

  it("gives a change its USD value at the API's price, only for a token the frame names itself", () => {
    const result = answer({
      status: '0x1',
      logs: [
        transfer(NATIVE, ME, THEM, 10n ** 18n),
        transfer(USDC, THEM, ME, 2_958_140_000n),
        transfer(TOKEN, THEM, ME, 1234567n),
        transfer(USDC, THEM, THEM, 1n),
      ],
    })
    // A price for the unknown token too: its decimals would be the API's word, so it gets none.
    const prices = new Map([
      [NATIVE, 3000],
      [USDC, 0.9999],
      [TOKEN, 5],
    ])
    expect(readSimulation(result, ME, ETH, tokens, prices)).toEqual({
      status: 'ok',
      changes: [
        { amount: '-1000000000000000000', text: '−1 ETH', usd: '$3,000.00' },
        { token: USDC, amount: '2958140000', text: '+2,958.14 USDC', usd: '$2,957.84' },
        { token: TOKEN, amount: '1234567', text: '+1,234,567 units of 0x3333…3333' },
      ],
      allowances: [],
    })
    // Dust is not rounded to nothing; a token without a price shows no value.
    const dust = answer({ status: '0x1', logs: [transfer(NATIVE, ME, THEM, 10n ** 12n), transfer(USDC, THEM, ME, 1n)] })
    expect(readSimulation(dust, ME, ETH, tokens, new Map([[NATIVE, 3000]]))).toEqual({
      status: 'ok',
      changes: [
        { amount: '-1000000000000', text: '−0.000001 ETH', usd: '< $0.01' },
        { token: USDC, amount: '1', text: '+0.000001 USDC' },
      ],
      allowances: [],
    })
  })

  it('an operator over a whole collection is an allowance of everything, flagged unlimited', () => {
    const result = answer({
      status: '0x1',
      logs: [{ address: TOKEN, topics: [APPROVAL_FOR_ALL, topic(ME), topic(THEM)], data: pad('0x01') }],
    })
    expect(readSimulation(result, ME, ETH, tokens)).toMatchObject({
      allowances: [{ token: TOKEN, spender: THEM, unlimited: true, text: 'Lets 0x2222…2222 spend every 0x3333…3333 token of yours' }],
    })
  })

  it('a revert: Error(string), a panic, a custom error it does not know, or only the node’s words', () => {
    const reason = (call: object) => {
      const read = readSimulation(answer({ status: '0x0', ...call }), ME, ETH, tokens)
      return read.status === 'fails' ? read.reason : read
    }
    const errorString = encodeErrorResult({
      abi: parseAbi(['error Error(string)']),
      errorName: 'Error',
      args: ['UniswapV2Router: EXPIRED'],
    })
    expect(reason({ returnData: errorString })).toBe('UniswapV2Router: EXPIRED')
    const panic = `0x4e487b71${encodeAbiParameters([{ type: 'uint256' }], [0x11n]).slice(2)}`
    expect(reason({ returnData: panic })).toBe('panic: an arithmetic operation overflowed')
    expect(reason({ returnData: '0xdeadbeef00' })).toBe('the contract reverted with error 0xdeadbeef')
    expect(reason({ returnData: '0x', error: { message: 'execution reverted: out of gas' } })).toBe('out of gas')
    expect(reason({ returnData: '0x' })).toBe(SimulationText.unknownReason)
    expect(reason({ error: { message: `${'x'.repeat(400)}\nsecond line` } })).toMatch(/^x{300}…$/)
  })

  it('refuses an answer it cannot read: no calls, or logs of the wrong shape', () => {
    expect(SimulateV1Result.safeParse([{ calls: [] }]).success).toBe(false)
    expect(SimulateV1Result.safeParse([{ calls: [{ status: '0x1', logs: [{ address: 1 }] }] }]).success).toBe(false)
  })
})
