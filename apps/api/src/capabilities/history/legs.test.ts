import { encodeFunctionData, pad, parseAbi, toHex, type Address, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { entriesOf, operationTypeOf } from './classify'
import {
  buildLegs,
  decodeErc20Transfer,
  DEPOSIT_TOPIC,
  inferUnwrapRecipient,
  TRANSFER_TOPIC,
  WITHDRAWAL_TOPIC,
  ZERO_ADDRESS,
  type ChainLog,
  type ChainTx,
} from './legs'

const alice = '0x1111111111111111111111111111111111111111'
const bob = '0x2222222222222222222222222222222222222222'
const router = '0x3333333333333333333333333333333333333333'
const pair = '0x4444444444444444444444444444444444444444'
const weth = '0x5555555555555555555555555555555555555555'
const usdc = '0x6666666666666666666666666666666666666666'

const routerAbi = parseAbi([
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable',
  'function swapETHForExactTokens(uint256 amountOut, address[] path, address to, uint256 deadline) payable',
])

const tx = (over: Partial<ChainTx> = {}): ChainTx => ({
  hash: '0xaa',
  from: alice,
  to: bob,
  value: 0n,
  input: '0x',
  nonce: 0,
  transactionIndex: 0,
  ...over,
})

const topic = (a: Address) => pad(a, { size: 32 })
const word = (n: bigint) => pad(toHex(n), { size: 32 })
let nextLog = 0
const transfer = (token: Address, from: Address, to: Address, amount: bigint): ChainLog => ({
  address: token,
  topics: [TRANSFER_TOPIC, topic(from), topic(to)],
  data: word(amount),
  logIndex: nextLog++,
  transactionHash: '0xaa',
})
const wrapEvent = (t: Hex, account: Address, amount: bigint): ChainLog => ({
  address: weth,
  topics: [t, topic(account)],
  data: word(amount),
  logIndex: nextLog++,
  transactionHash: '0xaa',
})

describe('decodeErc20Transfer', () => {
  it('reads from, to and amount of an ERC-20 Transfer', () => {
    expect(decodeErc20Transfer(transfer(usdc, alice, bob, 5n))).toEqual({ from: alice, to: bob, amount: 5n })
  })

  it('skips ERC-721 transfers (4 topics) and other events', () => {
    const nft: ChainLog = { ...transfer(usdc, alice, bob, 5n), topics: [TRANSFER_TOPIC, topic(alice), topic(bob), word(7n)], data: '0x' }
    expect(decodeErc20Transfer(nft)).toBeUndefined()
    expect(decodeErc20Transfer(wrapEvent(DEPOSIT_TOPIC, alice, 1n))).toBeUndefined()
  })
})

describe('buildLegs', () => {
  it('a native send is one leg from the sender to the recipient', () => {
    const legs = buildLegs({ tx: tx({ value: 10n }), success: true, logs: [] })
    expect(legs).toEqual([{ legIndex: -1, logIndex: null, source: 'tx', token: null, from: alice, to: bob, amount: 10n }])
  })

  it('a failed transaction moved nothing', () => {
    expect(buildLegs({ tx: tx({ value: 10n }), success: false, logs: [transfer(usdc, alice, bob, 1n)] })).toEqual([])
  })

  it('an ERC-20 transfer is a token leg keyed by its log index', () => {
    const log = transfer(usdc, alice, bob, 7n)
    const legs = buildLegs({ tx: tx({ to: usdc }), success: true, logs: [log] })
    expect(legs).toEqual([
      { legIndex: 2 * log.logIndex, logIndex: log.logIndex, source: 'log', token: usdc, from: alice, to: bob, amount: 7n },
    ])
  })

  it('a contract creation sends its value to the created address', () => {
    const legs = buildLegs({ tx: tx({ to: null, value: 3n }), success: true, contractAddress: pair, logs: [] })
    expect(legs[0]).toMatchObject({ from: alice, to: pair, amount: 3n })
  })

  it('swapExactTokensForETH: token out to the pair, ETH in from the router to the `to` argument', () => {
    const input = encodeFunctionData({ abi: routerAbi, functionName: 'swapExactTokensForETH', args: [100n, 1n, [usdc, weth], bob, 9n] })
    const logs = [transfer(usdc, alice, pair, 100n), transfer(weth, pair, router, 33n), wrapEvent(WITHDRAWAL_TOPIC, router, 33n)]
    const swap = tx({ to: router, input })
    const legs = buildLegs({ tx: swap, success: true, logs, wrappedNative: weth })
    const native = legs.find((l) => l.token === null)
    expect(native).toMatchObject({ source: 'withdrawal', from: router, to: bob, amount: 33n })
    // WETH9 emits no Transfer on withdraw: the burn is synthesised.
    expect(legs.find((l) => l.source === 'withdrawal' && l.token === weth)).toMatchObject({ from: router, to: ZERO_ADDRESS, amount: 33n })
    expect(operationTypeOf(swap, legs, alice)).toBe('send')
    expect(operationTypeOf(swap, legs, bob)).toBe('receive')
  })

  it('a swap to oneself is one trade with both legs', () => {
    const input = encodeFunctionData({ abi: routerAbi, functionName: 'swapExactTokensForETH', args: [100n, 1n, [usdc, weth], alice, 9n] })
    const logs = [transfer(usdc, alice, pair, 100n), transfer(weth, pair, router, 33n), wrapEvent(WITHDRAWAL_TOPIC, router, 33n)]
    const swap = tx({ to: router, input })
    const legs = buildLegs({ tx: swap, success: true, logs, wrappedNative: weth })
    expect(operationTypeOf(swap, legs, alice)).toBe('trade')
    const entries = entriesOf(swap, legs)
    expect(entries.find((e) => e.account === alice)?.operationType).toBe('trade')
    expect(entries.map((e) => e.account)).not.toContain(ZERO_ADDRESS)
  })

  it('without decodable router calldata the unwrapped ETH is attributed to the sender', () => {
    expect(inferUnwrapRecipient(tx({ to: router, input: '0xdeadbeef' }), router)).toBe(alice)
    expect(inferUnwrapRecipient(tx({ to: weth, input: '0x2e1a7d4d' }), alice)).toBe(alice)
  })

  it('a direct unwrap: WETH burnt by the sender, ETH from the WETH contract to the sender', () => {
    const unwrap = tx({ to: weth, input: '0x2e1a7d4d' })
    const legs = buildLegs({ tx: unwrap, success: true, logs: [wrapEvent(WITHDRAWAL_TOPIC, alice, 4n)], wrappedNative: weth })
    expect(legs).toEqual([
      expect.objectContaining({ token: weth, from: alice, to: ZERO_ADDRESS, amount: 4n }),
      expect.objectContaining({ token: null, from: weth, to: alice, amount: 4n }),
    ])
    expect(operationTypeOf(unwrap, legs, alice)).toBe('trade')
  })

  it('a wrap: ETH out, WETH minted in (trade); no synthetic mint when the token emits its own Transfer', () => {
    const wrap = tx({ to: weth, value: 5n, input: '0xd0e30db0' })
    const legs = buildLegs({ tx: wrap, success: true, logs: [wrapEvent(DEPOSIT_TOPIC, alice, 5n)], wrappedNative: weth })
    expect(legs.map((l) => [l.token, l.from, l.to])).toEqual([
      [null, alice, weth],
      [weth, ZERO_ADDRESS, alice],
    ])
    expect(operationTypeOf(wrap, legs, alice)).toBe('trade')
    const withTransfer = buildLegs({
      tx: wrap,
      success: true,
      logs: [wrapEvent(DEPOSIT_TOPIC, alice, 5n), transfer(weth, ZERO_ADDRESS, alice, 5n)],
      wrappedNative: weth,
    })
    expect(withTransfer.filter((l) => l.token === weth)).toHaveLength(1)
  })

  it('swapETHForExactTokens: the refunded ETH is netted out of the native leg', () => {
    const input = encodeFunctionData({ abi: routerAbi, functionName: 'swapETHForExactTokens', args: [50n, [weth, usdc], alice, 9n] })
    const logs = [wrapEvent(DEPOSIT_TOPIC, router, 8n), transfer(weth, router, pair, 8n), transfer(usdc, pair, alice, 50n)]
    const legs = buildLegs({ tx: tx({ to: router, value: 10n, input }), success: true, logs, wrappedNative: weth })
    expect(legs[0]).toMatchObject({ token: null, from: alice, to: router, amount: 8n })
  })

  it('swapExactETHForTokens keeps the full value (nothing is refunded)', () => {
    const input = encodeFunctionData({ abi: routerAbi, functionName: 'swapExactETHForTokens', args: [1n, [weth, usdc], alice, 9n] })
    const logs = [wrapEvent(DEPOSIT_TOPIC, router, 10n), transfer(weth, router, pair, 10n), transfer(usdc, pair, alice, 50n)]
    const swap = tx({ to: router, value: 10n, input })
    const legs = buildLegs({ tx: swap, success: true, logs, wrappedNative: weth })
    expect(legs[0]).toMatchObject({ token: null, amount: 10n })
    expect(operationTypeOf(swap, legs, alice)).toBe('trade')
  })
})
