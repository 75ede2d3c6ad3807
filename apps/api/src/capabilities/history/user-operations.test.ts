import { buildUserOperation, encodeHandleOps, ENTRY_POINT_08 } from '@airlock/chains/eip155'
import { encodeAbiParameters, encodeEventTopics, encodeFunctionData, erc20Abi, parseEther, parseUnits, type Address, type Hex } from 'viem'
import { entryPoint08Abi } from 'viem/account-abstraction'
import { describe, expect, it } from 'vitest'
import { entriesOf } from './classify'
import { buildLegs, TRANSFER_TOPIC, type ChainLog, type ChainTx } from './legs'
import { userOperationsOf } from './user-operations'

// A smart account's ETH -> USDC swap run by a bundler's handleOps: the bundler sends the transaction,
// the account's call carries the ETH (seen in no log), the pair's Transfer brings the USDC.
const account = '0x1111111111111111111111111111111111111111' as Address
const other = '0x3333333333333333333333333333333333333333' as Address
const bundler = '0x2222222222222222222222222222222222222222' as Address
const router = '0x4444444444444444444444444444444444444444' as Address
const pair = '0x5555555555555555555555555555555555555555' as Address
const usdc = '0x6666666666666666666666666666666666666666' as Address
const gas = { callGasLimit: 1n, verificationGasLimit: 1n, preVerificationGas: 1n, maxFeePerGas: 1n, maxPriorityFeePerGas: 1n }
const swap = { to: router, value: parseEther('0.5'), data: '0x7ff36ab5' as Hex }
const op = (sender: Address, nonce: bigint) => buildUserOperation({ sender, nonce, calls: [swap], ...gas })

const handleOps = (ops: ReturnType<typeof op>[]): ChainTx => ({
  hash: '0xaa',
  from: bundler,
  to: ENTRY_POINT_08,
  value: 0n,
  input: encodeHandleOps(ops, bundler),
  nonce: 7,
  transactionIndex: 0,
})
const operationEvent = (sender: Address, nonce: bigint, success: boolean, logIndex: number): ChainLog => ({
  address: ENTRY_POINT_08,
  topics: encodeEventTopics({
    abi: entryPoint08Abi,
    eventName: 'UserOperationEvent',
    args: { userOpHash: `0x${'ab'.repeat(32)}`, sender, paymaster: bundler },
  }) as Hex[],
  data: encodeAbiParameters([{ type: 'uint256' }, { type: 'bool' }, { type: 'uint256' }, { type: 'uint256' }], [nonce, success, 1n, 1n]),
  logIndex,
  transactionHash: '0xaa',
})
const usdcIn = (to: Address, logIndex: number): ChainLog => ({
  address: usdc,
  topics: [TRANSFER_TOPIC, `0x${pair.slice(2).padStart(64, '0')}`, `0x${to.slice(2).padStart(64, '0')}`],
  data: encodeAbiParameters([{ type: 'uint256' }], [parseUnits('1487', 6)]),
  logIndex,
  transactionHash: '0xaa',
})

describe('user operations in history', () => {
  it("a smart account's swap through handleOps is its own trade: the ETH its call sent out, the USDC in", () => {
    const tx = handleOps([op(account, 3n)])
    const logs = [usdcIn(account, 1), operationEvent(account, 3n, true, 2)]
    const operations = userOperationsOf(tx, logs)
    expect(operations).toEqual([{ sender: account, calls: [{ from: account, to: router, value: swap.value, input: swap.data }] }])
    const legs = buildLegs({ tx, success: true, logs, innerCalls: operations.flatMap((o) => o.calls) })
    expect(legs.filter((leg) => leg.from === account || leg.to === account)).toEqual([
      expect.objectContaining({ token: null, from: account, to: router, amount: swap.value, legIndex: -2 }),
      expect.objectContaining({ token: usdc, from: pair, to: account, amount: parseUnits('1487', 6) }),
    ])
    expect(entriesOf(tx, legs, operations)).toEqual(
      expect.arrayContaining([
        { account, operationType: 'trade' },
        { account: bundler, operationType: 'execute' },
      ]),
    )
  })

  it('a reverted operation moved nothing for its sender; another transaction to the EntryPoint, or not handleOps, holds none', () => {
    const tx = handleOps([op(account, 3n), op(other, 0n)])
    const operations = userOperationsOf(tx, [operationEvent(account, 3n, true, 0), operationEvent(other, 0n, false, 1)])
    expect(operations.map((o) => o.sender)).toEqual([account])
    // A forged event from another contract does not count.
    expect(userOperationsOf(tx, [{ ...operationEvent(account, 3n, true, 0), address: usdc }])).toEqual([])
    expect(userOperationsOf({ ...tx, to: router }, [operationEvent(account, 3n, true, 0)])).toEqual([])
    const deposit = encodeFunctionData({ abi: entryPoint08Abi, functionName: 'depositTo', args: [account] })
    expect(userOperationsOf({ ...tx, input: deposit }, [operationEvent(account, 3n, true, 0)])).toEqual([])
  })

  it("an operation whose calls are not the DeleGator's execute still counts for its sender, with no call", () => {
    const foreign = { ...op(account, 3n), callData: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [router, 1n] }) }
    expect(userOperationsOf(handleOps([foreign]), [operationEvent(account, 3n, true, 0)])).toEqual([{ sender: account, calls: [] }])
  })
})
