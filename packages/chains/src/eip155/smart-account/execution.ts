import {
  concat,
  decodeAbiParameters,
  decodeFunctionData,
  encodeAbiParameters,
  encodeFunctionData,
  getAddress,
  isAddress,
  isHex,
  pad,
  parseAbi,
  size,
  slice,
  toHex,
  type Address,
  type Hex,
} from 'viem'

/** One call an account makes. */
export interface Call {
  to: Address
  value?: bigint
  data?: Hex
}

/**
 * ERC-7579 execution modes the DeleGator runs: call type (1 byte) ‖ exec type (1 byte, 0 = revert on
 * failure) ‖ zeros. Only the reverting ones: a batch is all or nothing.
 */
export const EXECUTION_MODE = {
  single: pad('0x00', { dir: 'right', size: 32 }),
  batch: pad('0x01', { dir: 'right', size: 32 }),
} as const

export const deleGatorExecuteAbi = parseAbi(['function execute(bytes32 mode, bytes executionCalldata) payable'])
const EXECUTIONS = [
  {
    type: 'tuple[]',
    components: [
      { name: 'target', type: 'address' },
      { name: 'value', type: 'uint256' },
      { name: 'callData', type: 'bytes' },
    ],
  },
] as const

function checkCall(call: Call, index: number): Required<Call> {
  if (!isAddress(call.to, { strict: false })) throw new Error(`Call ${index}: "to" is not an address`)
  const value = call.value ?? 0n
  if (value < 0n || value >= 2n ** 256n) throw new Error(`Call ${index}: value out of range`)
  const data = call.data ?? '0x'
  if (!isHex(data)) throw new Error(`Call ${index}: data is not hex`)
  return { to: getAddress(call.to), value, data }
}

/** The mode and execution calldata of `calls` (single mode for one call, reverting batch for several). */
export function encodeExecution(calls: readonly Call[]): { mode: Hex; executionCalldata: Hex } {
  if (calls.length === 0) throw new Error('An execution needs at least one call')
  const mode = calls.length === 1 ? EXECUTION_MODE.single : EXECUTION_MODE.batch
  return { mode, executionCalldata: encodeBody(mode, calls.map(checkCall)) }
}

function encodeBody(mode: Hex, calls: readonly Required<Call>[]): Hex {
  if (mode === EXECUTION_MODE.single) {
    const [{ to, value, data }] = calls as [Required<Call>]
    return concat([to.toLowerCase() as Hex, toHex(value, { size: 32 }), data])
  }
  return encodeAbiParameters(EXECUTIONS, [calls.map(({ to, value, data }) => ({ target: to, value, callData: data }))])
}

/** Calldata of the DeleGator's `execute(bytes32 mode, bytes executionCalldata)` running `calls` (atomically). */
export function encodeExecute(calls: readonly Call[]): Hex {
  const { mode, executionCalldata } = encodeExecution(calls)
  return encodeFunctionData({ abi: deleGatorExecuteAbi, functionName: 'execute', args: [mode, executionCalldata] })
}

/** The calls of an execution (mode and calldata as the DeleGator gets them); throws on any other mode or a malformed body. */
export function decodeExecution(mode: Hex, executionCalldata: Hex): Required<Call>[] {
  if (mode.toLowerCase() === EXECUTION_MODE.single) {
    if (size(executionCalldata) < 52) throw new Error('Execution calldata too short for a single call (target and value: 52 bytes)')
    return [
      {
        to: getAddress(slice(executionCalldata, 0, 20)),
        value: BigInt(slice(executionCalldata, 20, 52)),
        // A call without data (a plain transfer, or the empty call an upgrade-only operation makes) ends at the value.
        data: size(executionCalldata) === 52 ? '0x' : slice(executionCalldata, 52),
      },
    ]
  }
  if (mode.toLowerCase() === EXECUTION_MODE.batch) {
    let decoded: readonly { target: Address; value: bigint; callData: Hex }[]
    try {
      ;[decoded] = decodeAbiParameters(EXECUTIONS, executionCalldata)
    } catch (e) {
      throw new Error(`Execution calldata is not a batch of calls: ${(e as Error).message.split('\n')[0]}`)
    }
    return decoded.map((e) => ({ to: getAddress(e.target), value: e.value, data: e.callData }))
  }
  throw new Error(`Unsupported execution mode ${mode}: only a single call or an all-or-nothing batch is accepted`)
}

/**
 * The calls in a DeleGator `execute(bytes32,bytes)` calldata, e.g. to show them before signing. Throws a clear
 * error for anything else: another function, a try (non-reverting) mode, a malformed or non-canonical body
 * (extra bytes could be read differently on chain than here).
 */
export function decodeExecute(calldata: Hex): Required<Call>[] {
  if (!isHex(calldata, { strict: true })) throw new Error('Calldata is not hex')
  let args: readonly [Hex, Hex]
  try {
    ;({ args } = decodeFunctionData({ abi: deleGatorExecuteAbi, data: calldata }) as { args: readonly [Hex, Hex] })
  } catch (e) {
    throw new Error(`Not a call of execute(bytes32,bytes): ${(e as Error).message.split('\n')[0]}`)
  }
  const [mode, body] = args
  const calls = decodeExecution(mode, body)
  if (calls.length === 0) throw new Error('The batch holds no call')
  const canonical = encodeFunctionData({
    abi: deleGatorExecuteAbi,
    functionName: 'execute',
    args: [mode.toLowerCase() as Hex, encodeBody(mode.toLowerCase() as Hex, calls)],
  })
  if (canonical.toLowerCase() !== calldata.toLowerCase()) {
    throw new Error('execute(bytes32,bytes) calldata is not canonically encoded (extra or misplaced bytes)')
  }
  return calls
}
