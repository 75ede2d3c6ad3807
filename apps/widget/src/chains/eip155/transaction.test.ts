import { RpcErrorCode } from '@airlock/protocol'
import { describe, expect, it, vi } from 'vitest'
import { checkTransactionRequest, fillTransaction, type ChainRpc, type Hex } from './transaction'

const ME: Hex = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const TO: Hex = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const GWEI = 1_000_000_000n
const hex = (n: bigint) => `0x${n.toString(16)}`

/** A node: nonce 7 pending, estimate 21000, base fee 10 gwei (or none), tip 1 gwei, gas price 12 gwei. */
function node(options: { baseFee?: bigint | null; tipFails?: boolean } = {}) {
  const rpc = vi.fn<ChainRpc>(async (method) => {
    switch (method) {
      case 'eth_getTransactionCount':
        return '0x7'
      case 'eth_estimateGas':
        return hex(21_000n)
      case 'eth_getBlockByNumber':
        return options.baseFee === null ? { number: '0x1' } : { number: '0x1', baseFeePerGas: hex(options.baseFee ?? 10n * GWEI) }
      case 'eth_maxPriorityFeePerGas':
        if (options.tipFails) throw new Error('method not found')
        return hex(GWEI)
      case 'eth_gasPrice':
        return hex(12n * GWEI)
    }
    throw new Error(`unexpected ${method}`)
  })
  return rpc
}

const check = (tx: Record<string, unknown>) => checkTransactionRequest([tx], ME, 31337)

describe('checkTransactionRequest (SPEC section 5 chain checks)', () => {
  it('keeps the known fields and takes input as data', () => {
    expect(check({ from: ME.toLowerCase(), to: TO, value: '0x1', input: '0xabcd', extra: 'dropped' })).toEqual({
      from: ME.toLowerCase(),
      to: TO,
      value: '0x1',
      data: '0xabcd',
    })
  })

  it.each<[string, Record<string, unknown>, string]>([
    ['an invalid address', { to: '0x1234' }, 'Address is invalid'],
    ['an invalid from', { from: 'me', to: TO }, 'Address is invalid'],
    [
      'gasPrice with EIP-1559 fees',
      { to: TO, gasPrice: '0x1', maxFeePerGas: '0x2' },
      'Cannot specify both a gasPrice and a maxFeePerGas/maxPriorityFeePerGas',
    ],
    [
      'gasPrice with a tip',
      { to: TO, gasPrice: '0x1', maxPriorityFeePerGas: '0x1' },
      'Cannot specify both a gasPrice and a maxFeePerGas/maxPriorityFeePerGas',
    ],
    [
      'a fee cap above 2^256-1',
      { to: TO, maxFeePerGas: `0x1${'0'.repeat(64)}` },
      'The fee cap (maxFeePerGas) cannot be higher than the maximum allowed value (2^256-1)',
    ],
    [
      'a tip above the fee cap',
      { to: TO, maxFeePerGas: '0x1', maxPriorityFeePerGas: '0x2' },
      'The tip (maxPriorityFeePerGas) cannot be higher than the fee cap (maxFeePerGas)',
    ],
    ['a non-hex value', { to: TO, value: 10 }, 'Invalid value: a hex quantity'],
    ['odd data', { to: TO, data: '0xabc' }, 'Invalid data: hex bytes'],
    ['another chain', { to: TO, chainId: '0x1' }, 'The transaction is for chain 1, the wallet is on chain 31337'],
    ['no recipient and no code', { value: '0x1' }, 'A transaction needs a recipient or contract code'],
    [
      'an unsupported type',
      { to: TO, type: '0x4' },
      'Unsupported transaction type: the embedded wallet sends legacy and EIP-1559 transactions',
    ],
  ])('refuses %s (-32602)', (_name, tx, message) => {
    expect(() => check(tx)).toThrow(expect.objectContaining({ code: RpcErrorCode.InvalidParams, message }))
  })

  it('refuses a transaction from another account with 4100, and params that are not one object', () => {
    expect(() => check({ from: TO, to: TO })).toThrow(expect.objectContaining({ code: RpcErrorCode.Unauthorized }))
    expect(() => checkTransactionRequest('nope', ME, 31337)).toThrow(expect.objectContaining({ code: RpcErrorCode.InvalidParams }))
    expect(() => checkTransactionRequest([null], ME, 31337)).toThrow(expect.objectContaining({ code: RpcErrorCode.InvalidParams }))
  })
})

describe('fillTransaction', () => {
  it('EIP-1559 on a chain with a base fee: pending nonce, estimate + 20 %, max fee = base x 1.2 + tip', async () => {
    const rpc = node()
    const filled = await fillTransaction(check({ to: TO, value: '0xde0b6b3a7640000' }), ME, 31337, rpc)
    expect(filled).toEqual({
      from: ME,
      to: TO,
      value: '0xde0b6b3a7640000',
      nonce: '0x7',
      gas: hex(25_200n),
      chainId: '0x7a69',
      type: '0x2',
      maxPriorityFeePerGas: hex(GWEI),
      maxFeePerGas: hex(13n * GWEI),
    })
    expect(rpc).toHaveBeenCalledWith('eth_getTransactionCount', [ME, 'pending'])
    expect(rpc).toHaveBeenCalledWith('eth_estimateGas', [{ from: ME, to: TO, value: '0xde0b6b3a7640000' }])
  })

  it('keeps what the dapp set and asks the node only for the rest', async () => {
    const rpc = node()
    const filled = await fillTransaction(check({ to: TO, nonce: '0x2', gas: '0x5208', maxPriorityFeePerGas: '0x5' }), ME, 31337, rpc)
    expect(filled).toMatchObject({
      nonce: '0x2',
      gas: '0x5208',
      maxPriorityFeePerGas: '0x5',
      maxFeePerGas: hex(12n * GWEI + 5n),
      value: '0x0',
    })
    expect(rpc.mock.calls.map(([m]) => m).sort()).toEqual(['eth_getBlockByNumber'])
  })

  it('legacy when the dapp gives a gas price, or the chain has no base fee', async () => {
    const given = await fillTransaction(check({ to: TO, gasPrice: '0x3b9aca00' }), ME, 31337, node())
    expect(given).toMatchObject({ type: '0x0', gasPrice: '0x3b9aca00' })
    expect(given).not.toHaveProperty('maxFeePerGas')
    const noBaseFee = await fillTransaction(check({ to: TO }), ME, 31337, node({ baseFee: null }))
    expect(noBaseFee).toMatchObject({ type: '0x0', gasPrice: hex(12n * GWEI) })
  })

  it('EIP-1559 fees on a chain without a base fee are refused', async () => {
    await expect(fillTransaction(check({ to: TO, maxFeePerGas: '0x10' }), ME, 31337, node({ baseFee: null }))).rejects.toMatchObject({
      code: RpcErrorCode.InvalidParams,
      message: 'This chain does not support EIP-1559 fees',
    })
  })

  it('without eth_maxPriorityFeePerGas the tip is the gas price above the base fee', async () => {
    const filled = await fillTransaction(check({ to: TO }), ME, 31337, node({ tipFails: true }))
    expect(filled).toMatchObject({ maxPriorityFeePerGas: hex(2n * GWEI), maxFeePerGas: hex(14n * GWEI) })
  })

  it('a contract creation keeps its code and has no to', async () => {
    const filled = await fillTransaction(check({ data: '0x6080' }), ME, 31337, node())
    expect(filled).toMatchObject({ data: '0x6080' })
    expect(filled).not.toHaveProperty('to')
  })

  it('a malformed node answer is an error, not a transaction', async () => {
    const rpc = vi.fn<ChainRpc>(async (method) => (method === 'eth_getTransactionCount' ? 'seven' : '0x1'))
    await expect(fillTransaction(check({ to: TO }), ME, 31337, rpc)).rejects.toMatchObject({ code: RpcErrorCode.InternalError })
  })
})
