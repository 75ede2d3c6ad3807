import { describe, expect, it } from 'vitest'
import { type BlockTag, logRangeError, parseLogQuery, tagsOf } from './log-range'

const MAX = 10_000
const HEAD = 1_000_000n
const numbers = new Map<BlockTag, bigint>([
  ['latest', HEAD],
  ['pending', HEAD + 1n],
  ['safe', HEAD - 32n],
  ['finalized', HEAD - 64n],
])
const check = (filter: unknown, resolved: ReadonlyMap<BlockTag, bigint> = numbers) => logRangeError(parseLogQuery([filter]), resolved, MAX)
const hex = (n: bigint | number) => `0x${n.toString(16)}`

describe('eth_getLogs range check', () => {
  it.each([
    ['exactly the limit', { fromBlock: '0x1', toBlock: hex(MAX) }],
    ['one block', { fromBlock: '0x5', toBlock: '0x5' }],
    ['no range at all (the JSON-RPC default is the latest block)', { address: '0x0000000000000000000000000000000000000001' }],
    ['the last blocks up to latest', { fromBlock: hex(HEAD - 9_999n), toBlock: 'latest' }],
    ['finalized to latest', { fromBlock: 'finalized', toBlock: 'latest' }],
    ['earliest to an early block', { fromBlock: 'earliest', toBlock: hex(MAX - 1) }],
    ['a reversed range (the node answers it)', { fromBlock: '0x100', toBlock: '0x1' }],
    ['a block hash', { blockHash: `0x${'ab'.repeat(32)}`, topics: [] }],
  ])('lets through %s', (_, filter) => {
    expect(check(filter)).toBeUndefined()
  })

  it.each([
    ['one block over the limit', { fromBlock: '0x1', toBlock: hex(MAX + 1) }, 10_001n],
    ['everything from the genesis', { fromBlock: 'earliest', toBlock: 'latest' }, HEAD + 1n],
    ['a start with no end (the end defaults to latest)', { fromBlock: '0x0' }, HEAD + 1n],
    ['an end far past the head', { fromBlock: 'latest', toBlock: '0xffffffffffffffff' }, 2n ** 64n - HEAD],
  ])('refuses %s, naming the span and the limit', (_, filter, span) => {
    expect(check(filter)).toEqual({
      code: -32005,
      message: `eth_getLogs over ${span} blocks exceeds the limit of 10000 blocks per call: narrow fromBlock..toBlock or query by blockHash`,
    })
  })

  it.each([
    ['no params', undefined],
    ['an empty list', []],
    ['two filters', [{}, {}]],
    ['a decimal block number', [{ fromBlock: 1, toBlock: 2 }]],
    ['a decimal string', [{ fromBlock: '100' }]],
    ['an unknown tag', [{ fromBlock: 'oldest' }]],
    ['named params', { fromBlock: '0x1' }],
  ])('refuses a filter whose span cannot be told: %s', (_, params) => {
    expect(logRangeError(parseLogQuery(params), numbers, MAX)).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/^eth_getLogs takes one filter/),
    })
  })

  it('asks the node only for the tags the span depends on', () => {
    expect(tagsOf(parseLogQuery([{ fromBlock: 'earliest', toBlock: 'safe' }]))).toEqual(['safe'])
    expect(tagsOf(parseLogQuery([{ fromBlock: 'finalized' }]))).toEqual(['finalized', 'latest'])
    expect(tagsOf(parseLogQuery([{ fromBlock: '0x1', toBlock: '0x2' }]))).toEqual([])
    expect(tagsOf(parseLogQuery([{ blockHash: '0x01', fromBlock: 'latest' }]))).toEqual([])
  })

  it('fails closed when the node did not give a tag its number', () => {
    expect(check({ fromBlock: 'safe', toBlock: 'latest' }, new Map([['latest', HEAD]]))).toEqual({
      code: -32603,
      message: "Could not check the eth_getLogs block range: the RPC node did not give the number of block 'safe'",
    })
  })
})
