import { describe, expect, it } from 'vitest'
import {
  CALLS_STATUS,
  WalletGetCallsStatusParams,
  WalletGetCallsStatusResult,
  WalletGetCapabilitiesParams,
  WalletGetCapabilitiesResult,
  WalletSendCallsParams,
  WalletSendCallsResult,
  WalletShowCallsStatusParams,
} from './eip5792'

const checksummed = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const lower = checksummed.toLowerCase()
const hash = `0x${'ab'.repeat(32)}`
const json = (text: string): unknown => JSON.parse(text)

/** What viem 2.57's sendCalls puts on the wire for two calls on anvil's chain. */
const viemRequest = () => ({
  atomicRequired: true,
  calls: [
    { to: checksummed, data: '0xa9059cbb', value: '0x0' },
    { to: lower, value: '0xde0b6b3a7640000' },
  ],
  capabilities: { paymasterService: { url: 'https://api.example/v1/relay/31337' } },
  chainId: '0x7a69',
  from: checksummed,
  id: undefined,
  version: '2.0.0',
})
const sendCalls = (patch: Record<string, unknown>) => WalletSendCallsParams.safeParse([{ ...viemRequest(), ...patch }]).success
const call = (patch: Record<string, unknown>) => sendCalls({ calls: [{ to: checksummed, ...patch }] })

describe('wallet_sendCalls params', () => {
  it('accepts what viem sends, checksummed and lower-case addresses alike', () => {
    expect(WalletSendCallsParams.safeParse([viemRequest()]).success).toBe(true)
    expect(sendCalls({ from: lower, id: 'batch-1', capabilities: undefined })).toBe(true)
  })

  it('needs version, chainId and atomicRequired (EIP-5792 2.0.0)', () => {
    for (const key of ['version', 'chainId', 'atomicRequired', 'calls'] as const) {
      const request: Record<string, unknown> = viemRequest()
      delete request[key]
      expect(WalletSendCallsParams.safeParse([request]).success, key).toBe(false)
    }
    expect(sendCalls({ atomicRequired: 'true' })).toBe(false)
    expect(sendCalls({ version: '2.0.0; drop table' })).toBe(false)
  })

  it('holds 1 to 100 calls: a 101-call batch is refused', () => {
    const calls = (n: number) => Array.from({ length: n }, () => ({ to: checksummed }))
    expect(sendCalls({ calls: calls(100) })).toBe(true)
    expect(sendCalls({ calls: calls(101) })).toBe(false)
    expect(sendCalls({ calls: [] })).toBe(false)
  })

  it('refuses chain 0, chain ids past EIP-2294 and chain ids that are not hex', () => {
    expect(sendCalls({ chainId: '0x0' })).toBe(false)
    expect(sendCalls({ chainId: '0x00' })).toBe(false)
    expect(sendCalls({ chainId: '0x7fffffffffffffdb' })).toBe(true)
    expect(sendCalls({ chainId: '0x7fffffffffffffdc' })).toBe(false)
    expect(sendCalls({ chainId: `0x${'f'.repeat(64)}` })).toBe(false)
    for (const chainId of [31337, '31337', '0x', '0xzz', '-0x1', ' 0x1']) expect(sendCalls({ chainId }), String(chainId)).toBe(false)
  })

  it('each call: a whole `to`, whole bytes of data, a value of at most 256 bits', () => {
    expect(call({ data: '0x' })).toBe(true)
    expect(call({ data: '0xabc' })).toBe(false)
    expect(call({ data: 'a9059cbb' })).toBe(false)
    expect(call({ data: `0x${'00'.repeat(500_001)}` })).toBe(false)
    expect(call({ value: `0x${'f'.repeat(64)}` })).toBe(true)
    expect(call({ value: `0x1${'0'.repeat(64)}` })).toBe(false)
    for (const value of ['0x', '1', 1, -1, 0.5, '0x-1', '0x1.8']) expect(call({ value }), String(value)).toBe(false)
    expect(sendCalls({ calls: [{ data: '0x60806040' }] })).toBe(false)
    expect(call({ to: `${checksummed}00` })).toBe(false)
  })

  it('refuses keys it does not know, on the request and on a call', () => {
    expect(sendCalls({ gas: '0x5208' })).toBe(false)
    expect(call({ gasLimit: '0x5208' })).toBe(false)
    expect(call({ chainId: '0x1' })).toBe(false)
  })

  it('refuses prototype keys, even where JSON.parse made them own properties', () => {
    const request = JSON.stringify(viemRequest())
    expect(WalletSendCallsParams.safeParse(json(`[${request.slice(0, -1)},"__proto__":{"atomicRequired":false}}]`)).success).toBe(false)
    expect(sendCalls({ capabilities: json('{"__proto__":{"polluted":true}}') })).toBe(false)
    expect(sendCalls({ capabilities: { constructor: { prototype: {} } } })).toBe(false)
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('bounds capabilities: names, count, size, and the paymaster URL', () => {
    expect(sendCalls({ capabilities: { ['x'.repeat(65)]: {} } })).toBe(false)
    expect(sendCalls({ capabilities: Object.fromEntries(Array.from({ length: 33 }, (_, i) => [`c${i}`, {}])) })).toBe(false)
    expect(sendCalls({ capabilities: { big: 'x'.repeat(100_001) } })).toBe(false)
    expect(sendCalls({ capabilities: { other: { any: ['json', 1, null] } } })).toBe(true)
    expect(sendCalls({ capabilities: { paymasterService: { url: 'javascript:alert(1)' } } })).toBe(false)
    expect(sendCalls({ capabilities: { paymasterService: { url: 'https://pm.example', optional: true } } })).toBe(true)
  })

  it('bounds the batch id at 4096 printable characters', () => {
    expect(sendCalls({ id: 'x'.repeat(4096) })).toBe(true)
    expect(sendCalls({ id: 'x'.repeat(4097) })).toBe(false)
    expect(sendCalls({ id: '' })).toBe(false)
    expect(sendCalls({ id: 'a\nb' })).toBe(false)
  })

  it('wants exactly one request object', () => {
    for (const params of [undefined, null, {}, [], [viemRequest(), viemRequest()], viemRequest(), 'calls']) {
      expect(WalletSendCallsParams.safeParse(params).success).toBe(false)
    }
  })

  it('reads the answer: an id, capabilities optional', () => {
    expect(WalletSendCallsResult.safeParse({ id: hash }).success).toBe(true)
    expect(WalletSendCallsResult.safeParse({ id: hash, capabilities: { paymasterService: { url: 'https://x' } } }).success).toBe(true)
    expect(WalletSendCallsResult.safeParse({ id: 'x'.repeat(4097) }).success).toBe(false)
    expect(WalletSendCallsResult.safeParse({}).success).toBe(false)
  })
})

describe('wallet_getCallsStatus and wallet_showCallsStatus', () => {
  const receipt = {
    logs: [{ address: lower, data: '0xabcd', topics: [hash] }],
    status: '0x1',
    blockHash: hash,
    blockNumber: '0xabcd',
    gasUsed: '0xdef',
    transactionHash: hash,
  }
  const status = (patch: Record<string, unknown>) =>
    WalletGetCallsStatusResult.safeParse({
      version: '2.0.0',
      id: hash,
      chainId: '0x7a69',
      status: 200,
      atomic: true,
      receipts: [receipt],
      ...patch,
    }).success

  it('take the id alone', () => {
    for (const schema of [WalletGetCallsStatusParams, WalletShowCallsStatusParams]) {
      expect(schema.safeParse([hash]).success).toBe(true)
      for (const params of [[], [hash, hash], hash, [1], ['x'.repeat(4097)], [{ id: hash }]])
        expect(schema.safeParse(params).success).toBe(false)
    }
  })

  it('reads every status code EIP-5792 defines, and no other', () => {
    for (const code of Object.values(CALLS_STATUS)) expect(status({ status: code }), String(code)).toBe(true)
    for (const code of [0, 101, 300, 200.5, -200, '200', Number.NaN]) expect(status({ status: code }), String(code)).toBe(false)
  })

  it('reads receipts as EIP-5792 writes them, pending ones without', () => {
    expect(status({ status: 100, receipts: undefined })).toBe(true)
    expect(status({ receipts: [{ ...receipt, status: '0x2' }] })).toBe(false)
    expect(status({ receipts: [{ ...receipt, blockHash: '0x12' }] })).toBe(false)
    expect(status({ receipts: [{ ...receipt, logs: [{ ...receipt.logs[0], topics: Array(5).fill(hash) }] }] })).toBe(false)
    expect(status({ receipts: Array(101).fill(receipt) })).toBe(false)
    expect(status({ atomic: 'yes' })).toBe(false)
  })
})

describe('wallet_getCapabilities', () => {
  it('takes what viem sends: [address], [address, chainIds], no address, or nothing', () => {
    for (const params of [undefined, [checksummed], [lower, ['0x1', '0x7a69']], [undefined], [null], [null, ['0x1']]]) {
      expect(WalletGetCapabilitiesParams.safeParse(params).success, JSON.stringify(params)).toBe(true)
    }
    const bad = [
      ['0x1234'],
      [checksummed, []],
      [checksummed, ['0x0']],
      [checksummed, Array(101).fill('0x1')],
      [checksummed, ['0x1'], 'x'],
      'x',
    ]
    for (const params of bad) expect(WalletGetCapabilitiesParams.safeParse(params).success, JSON.stringify(params)).toBe(false)
  })

  it('reads answers keyed by hex chain id (0x0 is every chain), with atomic and paymasterService checked', () => {
    const answer = {
      '0x0': { paymasterService: { supported: true } },
      '0x7a69': { atomic: { status: 'ready' }, vendorThing: { x: 1 } },
    }
    expect(WalletGetCapabilitiesResult.safeParse(answer).success).toBe(true)
    for (const status of ['supported', 'ready', 'unsupported']) {
      expect(WalletGetCapabilitiesResult.safeParse({ '0x1': { atomic: { status } } }).success).toBe(true)
    }
    expect(WalletGetCapabilitiesResult.safeParse({ '0x1': { atomic: { status: 'maybe' } } }).success).toBe(false)
    expect(WalletGetCapabilitiesResult.safeParse({ '0x1': { atomic: { status: 'ready', extra: 1 } } }).success).toBe(false)
    expect(WalletGetCapabilitiesResult.safeParse({ '0x1': { paymasterService: { supported: 'yes' } } }).success).toBe(false)
    expect(WalletGetCapabilitiesResult.safeParse({ 1: {} }).success).toBe(false)
    expect(WalletGetCapabilitiesResult.safeParse(json('{"__proto__":{"0x1":{}}}')).success).toBe(false)
  })
})
