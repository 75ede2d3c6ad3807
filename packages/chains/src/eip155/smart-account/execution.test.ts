import { contracts, ExecutionMode } from '@metamask/smart-accounts-kit'
import { encodeFunctionData, erc20Abi, parseUnits, type Address, type Hex } from 'viem'
import { describe, expect, it } from 'vitest'
import { encodeBatchExecution } from '@metamask/smart-accounts-kit/utils'
import { decodeExecute, decodeExecution, deleGatorExecuteAbi, encodeExecute, encodeExecution, EXECUTION_MODE, type Call } from './execution'

const usdc: Address = '0xCc624c75C7BA01A73E332aaae9daf8eC698D0c58'
const router: Address = '0xB9aB91835F6b5fBFbe5a7910edD3F9Ff308f4427'
const approve: Call = { to: usdc, data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [router, parseUnits('5', 6)] }) }
const send: Call = { to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: 10n ** 18n }
const kitCalldata = (mode: ExecutionMode, calls: Call[]) =>
  contracts.DeleGatorCore.encode.executeWithMode({
    mode,
    executions: calls.map((c) => ({ target: c.to, value: c.value ?? 0n, callData: c.data ?? '0x' })),
  })

describe('encodeExecute / decodeExecute', () => {
  it('round-trip one call (single mode) and a batch (all-or-nothing batch mode), as the kit encodes them', () => {
    const one = encodeExecute([approve])
    expect(one).toBe(kitCalldata(ExecutionMode.SingleDefault, [approve]))
    expect(decodeExecute(one)).toEqual([{ ...approve, value: 0n }])
    const two = encodeExecute([approve, send])
    expect(two).toBe(kitCalldata(ExecutionMode.BatchDefault, [approve, send]))
    expect(decodeExecute(two)).toEqual([
      { ...approve, value: 0n },
      { ...send, data: '0x' },
    ])
    expect(encodeExecution([approve, send]).mode).toBe(ExecutionMode.BatchDefault)
    expect(EXECUTION_MODE).toEqual({ single: ExecutionMode.SingleDefault, batch: ExecutionMode.BatchDefault })
  })

  it('round-trip one call without data (a transfer, or an empty call to the account itself)', () => {
    const one = encodeExecute([send])
    expect(one).toBe(kitCalldata(ExecutionMode.SingleDefault, [send]))
    expect(decodeExecute(one)).toEqual([{ ...send, data: '0x' }])
  })

  it('a one-call batch from another encoder decodes too', () => {
    const body = encodeBatchExecution([{ target: approve.to, value: 0n, callData: approve.data! }])
    const calldata = encodeFunctionData({ abi: deleGatorExecuteAbi, functionName: 'execute', args: [EXECUTION_MODE.batch, body] })
    expect(decodeExecute(calldata)).toEqual([{ ...approve, value: 0n }])
  })

  it('refuses to encode nothing or a bad call', () => {
    expect(() => encodeExecute([])).toThrow('An execution needs at least one call')
    expect(() => encodeExecute([{ to: '0x1234' as Address }])).toThrow('Call 0: "to" is not an address')
    expect(() => encodeExecute([approve, { to: usdc, value: -1n }])).toThrow('Call 1: value out of range')
  })

  describe('hostile calldata gets a clear error', () => {
    const batch = encodeExecute([approve, send])
    it.each<[string, Hex, RegExp]>([
      ['not hex', 'hello' as Hex, /Calldata is not hex/],
      [
        'another function',
        encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [router, 1n] }),
        /Not a call of execute\(bytes32,bytes\)/,
      ],
      ['a truncated body', batch.slice(0, 200) as Hex, /Not a call of execute\(bytes32,bytes\)/],
      ['trailing bytes', `${batch}00000000` as Hex, /not canonically encoded/],
      ['a try (non-reverting) batch', kitCalldata(ExecutionMode.BatchTry, [approve, send]), /Unsupported execution mode 0x0101/],
      ['a try single call', kitCalldata(ExecutionMode.SingleTry, [approve]), /Unsupported execution mode 0x0001/],
    ])('%s', (_, calldata, error) => {
      expect(() => decodeExecute(calldata)).toThrow(error)
    })

    it('a batch whose array offset points outside the body', () => {
      const { executionCalldata } = encodeExecution([approve, send])
      const offsetOutside = `0x${'00'.repeat(31)}ff${executionCalldata.slice(66)}` as Hex
      expect(() => decodeExecution(EXECUTION_MODE.batch, offsetOutside)).toThrow(/Execution calldata is not a batch of calls/)
    })

    it('a single call shorter than target and value', () => {
      expect(() => decodeExecution(EXECUTION_MODE.single, usdc)).toThrow(/too short for a single call/)
    })
  })
})
