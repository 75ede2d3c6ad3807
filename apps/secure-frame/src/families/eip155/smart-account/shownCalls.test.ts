// @vitest-environment happy-dom
import { buildUserOperation, type Call, type UserOperation08 } from '@airlock/chains/eip155'
import { encodeFunctionData, erc20Abi, maxUint256, parseUnits, toHex, type Address } from 'viem'
import { describe, expect, it } from 'vitest'
import { renderPrompt } from '../../../confirm/render'
import { decodeRequest, isApprovable, type DecodedRequest } from '../../views'
import { rpcUserOperation, type ShownCalls } from './prepareCalls'

/**
 * The confirmation of a batch (wallet_sendCalls) from what prepareCalls hands it: the calls are
 * read out of the user operation's callData, the one field the account executes, so a batch whose
 * callData does not read back is refused, never shown from anything else.
 */

const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as Address
const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as Address
// The devnet's USDC (a token the frame knows); the other contracts' addresses do not change what is shown.
const usdc = '0xCc624c75C7BA01A73E332aaae9daf8eC698D0c58' as Address
const uniswapV2Router = '0x1111111111111111111111111111111111111111' as Address
const eip7702Delegator = '0x2222222222222222222222222222222222222222' as Address
const paymaster = '0x3333333333333333333333333333333333333333' as Address
const approve = (amount: bigint) => ({
  to: usdc,
  data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [uniswapV2Router, amount] }),
})
const transfer = (to: Address, amount: bigint) => ({
  to: usdc,
  data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
})

function operation(calls: readonly Call[], sponsored = true): UserOperation08 {
  const op = buildUserOperation({
    sender: FROM,
    nonce: 7n,
    calls,
    callGasLimit: 100_000n,
    verificationGasLimit: 200_000n,
    preVerificationGas: 60_000n,
    maxFeePerGas: 2_000_000_000n,
    maxPriorityFeePerGas: 1_000_000_000n,
  })
  return sponsored
    ? { ...op, paymaster, paymasterData: '0x1234', paymasterVerificationGasLimit: 100_000n, paymasterPostOpGasLimit: 0n }
    : op
}
const shown = (op: UserOperation08, extra: Partial<ShownCalls> = {}): ShownCalls => ({
  from: FROM,
  chainId: '0x7a69',
  userOperation: rpcUserOperation(op),
  ...extra,
})
const input = (params: ShownCalls) => ({ method: 'wallet_sendCalls', params: [params], chainId: 31337, from: FROM })
const decode = (params: ShownCalls) => decodeRequest(input(params))
function calls(decoded: DecodedRequest) {
  if (decoded.kind !== 'calls') throw new Error(decoded.kind === 'invalid' ? decoded.error : decoded.kind)
  return decoded
}
const byId = (root: HTMLElement, id: string) => [...root.querySelectorAll<HTMLElement>(`[data-testid="${id}"]`)]

describe('a batch in the confirmation', () => {
  it('shows each call of the signed callData decoded, the fee the app pays and the upgrade it makes', () => {
    const params = shown(operation([approve(maxUint256), transfer(OTHER, parseUnits('4', 6))]), {
      upgrade: { contract: eip7702Delegator, nonce: '0x0' },
    })
    const decoded = calls(decode(params))
    expect(decoded.batch.fee).toEqual({ sponsored: true })
    expect(decoded.batch.upgradeTo).toBe(eip7702Delegator)
    expect(decoded.batch.nonce).toBe('7')
    expect(decoded.batch.calls.map((call) => call.data.kind === 'call' && call.data.signature)).toEqual([
      'approve(address,uint256)',
      'transfer(address,uint256)',
    ])
    expect(decoded.batch.calls[0]!.data).toMatchObject({ unlimited: true })
    expect(decoded.batch.calls[1]!.data).toMatchObject({ args: expect.arrayContaining([expect.objectContaining({ display: '4 USDC' })]) })

    const root = renderPrompt(
      { request: input(params), origin: { value: 'http://dapp.localhost:4400', verified: true }, dappName: 'Demo' },
      {
        popupButton: true,
        canProveVisibility: true,
      },
    ).root
    expect(root.querySelector('h2')!.textContent).toBe('Batch request')
    expect(byId(root, 'approve-fee')[0]!.textContent).toBe('paid by the app')
    expect(byId(root, 'approve-upgrade')[0]!.textContent).toBe(
      `Upgrades this account to a smart account (delegates to ${eip7702Delegator})`,
    )
    expect(byId(root, 'approve-call')).toHaveLength(2)
    expect(byId(root, 'approve-unlimited')).toHaveLength(1)
  })

  it('shows the most the account pays when no paymaster does, and no upgrade line for a delegated account', () => {
    const decoded = calls(decode(shown(operation([transfer(OTHER, 1n)], false))))
    // (100,000 + 200,000 + 60,000) gas at 2 gwei.
    expect(decoded.batch.fee).toEqual({ sponsored: false, maxFeeText: '0.00072 ETH' })
    expect(decoded.batch.upgradeTo).toBeUndefined()
  })

  it('refuses callData that does not read back as the calls executed, and warns of another sender or chain', () => {
    const op = rpcUserOperation(operation([approve(1n)]))
    const tampered = (userOperation: Record<string, string>) => decode({ from: FROM, chainId: '0x7a69', userOperation })
    // A trailing byte the DeleGator ignores could hide a different reading of the calls.
    const trailing = tampered({ ...op, callData: `${op.callData}00` })
    expect(trailing.kind).toBe('invalid')
    expect(isApprovable(trailing)).toBe(false)
    expect(tampered({ ...op, callData: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [OTHER, 1n] }) }).kind).toBe(
      'invalid',
    )
    expect(tampered({ ...op, nonce: 'seven' }).kind).toBe('invalid')
    expect(tampered({ ...op, paymaster: 'the app' }).kind).toBe('invalid')
    expect(decode({ ...shown(operation([approve(1n)])), upgrade: { contract: 'anything', nonce: '0x0' } }).kind).toBe('invalid')

    const elsewhere = calls(decode({ ...shown(operation([approve(1n)]), { chainId: toHex(1) }), userOperation: { ...op, sender: OTHER } }))
    expect(elsewhere.warnings).toEqual([
      `The operation names the sender ${OTHER}, which is not your account ${FROM}.`,
      'The request is for chain 0x1, not Airlock Devnet (31337) the wallet is on.',
    ])
  })
})
