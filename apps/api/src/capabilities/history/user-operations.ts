import { decodeExecute, ENTRY_POINT_08 } from '@airlock/chains/eip155'
import { decodeEventLog, decodeFunctionData, getAddress, toEventSelector, type Address, type Hex } from 'viem'
import { entryPoint08Abi } from 'viem/account-abstraction'
import type { ChainLog, ChainTx, InnerCall } from './legs'

/** EntryPoint's UserOperationEvent: one per operation handleOps ran, saying whether its calls succeeded. */
export const USER_OPERATION_TOPIC = toEventSelector(
  'UserOperationEvent(bytes32 indexed userOpHash, address indexed sender, address indexed paymaster, uint256 nonce, bool success, uint256 actualGasCost, uint256 actualGasUsed)',
)

/**
 * The calls of the user operations a bundler's handleOps transaction ran on EntryPoint v0.8, for
 * the operations its UserOperationEvent says succeeded (a reverted operation moved nothing but its
 * gas, which the paymaster paid): each is the sender's own, so that its history shows what the
 * sender did (the ETH a swap sent is a call's value, seen in no log). An operation whose calls do
 * not read as the DeleGator's execute still counts for its sender, with no call.
 */
export function userOperationsOf(tx: ChainTx, logs: readonly ChainLog[]): { sender: Address; calls: InnerCall[] }[] {
  if (!tx.to || tx.to.toLowerCase() !== ENTRY_POINT_08.toLowerCase()) return []
  let ops: readonly { sender: Address; nonce: bigint; callData: Hex }[]
  try {
    const decoded = decodeFunctionData({ abi: entryPoint08Abi, data: tx.input })
    if (decoded.functionName !== 'handleOps') return []
    ops = decoded.args[0]
  } catch {
    return []
  }
  const succeeded = new Set<string>()
  for (const log of logs) {
    if (log.address.toLowerCase() !== ENTRY_POINT_08.toLowerCase() || log.topics[0] !== USER_OPERATION_TOPIC) continue
    try {
      const event = decodeEventLog({
        abi: entryPoint08Abi,
        eventName: 'UserOperationEvent',
        topics: log.topics as [Hex, ...Hex[]],
        data: log.data,
      })
      if (event.args.success) succeeded.add(`${event.args.sender.toLowerCase()}:${event.args.nonce}`)
    } catch {
      // Not the EntryPoint's event after all: nothing of it counts.
    }
  }
  return ops
    .filter((op) => succeeded.has(`${op.sender.toLowerCase()}:${op.nonce}`))
    .map((op) => {
      const sender = getAddress(op.sender)
      let calls: InnerCall[] = []
      try {
        calls = decodeExecute(op.callData).map((call) => ({ from: sender, to: getAddress(call.to), value: call.value, input: call.data }))
      } catch {
        // Another account's calldata: the sender is known, its calls are not.
      }
      return { sender, calls }
    })
}
