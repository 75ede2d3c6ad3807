import { delegationManagerAbi, encodeExecution, EXECUTION_MODE } from '@airlock/chains/eip155'
import { createWalletClient, encodeFunctionData, erc20Abi, http, parseEther, parseUnits, toHex, type Address, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { chainClient, devnet, expect, openDemo, stack, test } from './fixtures'
import { approveInFrame, confirmation, secureFrameLocator } from './support/confirm'
import { providerRequest, setUsdcBalance } from './support/dappProvider'
import { emailLogin, freshEmail } from './support/emailLogin'
import { apiFromNode, balanceOf, freshAddress, USDC } from './support/walletFeatures'

/**
 * ERC-7715 execution permissions enforced on chain (issue 27): the user grants "up to 10 USDC per
 * day to X" once, on the secure frame's permission sheet; the dapp's session key then redeems the
 * delegation itself, straight against the chain, without the wallet being asked again. The chain
 * (the DelegationManager's caveat enforcers), not a server, refuses what lies outside the grant.
 */

const CHAIN = '0x7a69'
const usdc = (amount: string) => parseUnits(amount, 6)

test.describe('execution permissions: a session key within 10 USDC a day to one address', () => {
  test('4 USDC twice without a prompt; the third 4 and another recipient refused by the chain; refused after revoke', async ({
    page,
    widget,
  }) => {
    test.slow()
    // A dapp with execution permissions on (features.smartSessions, off by default).
    await openDemo(page, `${stack.urls.demoNpm}?sessions=on`)
    const address = await emailLogin(page, widget, freshEmail('permissions'))
    await setUsdcBalance(address, usdc('50'))
    const payee = freshAddress()
    const stranger = freshAddress()
    // The dapp's session key: its own key, with a little ETH to send its redemptions.
    const sessionKey = privateKeyToAccount(generatePrivateKey())
    await chainClient.request({ method: 'anvil_setBalance' as never, params: [sessionKey.address, toHex(parseEther('1'))] as never })
    const block = await chainClient.getBlock()

    const granting = providerRequest(page, 'wallet_requestExecutionPermissions', [
      {
        chainId: CHAIN,
        from: address,
        to: sessionKey.address,
        permission: {
          type: 'erc20-token-periodic',
          isAdjustmentAllowed: false,
          data: { tokenAddress: USDC, periodAmount: toHex(usdc('10')), periodDuration: 86_400, justification: 'Pay X daily' },
        },
        rules: [
          { type: 'expiry', data: { timestamp: Number(block.timestamp) + 7 * 86_400 } },
          { type: 'payee', data: { addresses: [payee] } },
        ],
      },
    ])
    const refused = await Promise.race([granting, confirmation(page).then(() => undefined)])
    expect(refused, JSON.stringify(refused)).toBeUndefined()
    const sheet = secureFrameLocator(page).getByTestId('permission-sheet')
    await expect(sheet.getByTestId('permission-amount')).toHaveText('10 USDC per day')
    await expect(sheet.getByTestId('permission-payee')).toHaveText(payee)
    await expect(sheet.getByTestId('permission-session')).toHaveText(sessionKey.address)
    await expect(sheet.getByTestId('permission-token')).toContainText('USDC')
    await approveInFrame(page)
    const granted = await granting
    expect(granted.ok, JSON.stringify(granted)).toBe(true)
    const [permission] = (granted as { value: { context: Hex; delegationManager: Address; to: Address }[] }).value
    expect(permission).toMatchObject({ to: sessionKey.address })
    // The grant made the account a smart account: the delegation is redeemable only from one.
    expect((await chainClient.getCode({ address }))?.startsWith('0xef0100')).toBe(true)

    // The wallet recorded the grant at the data API (its own proof: a delegation the account signed); the dapp reads it back.
    const sessions = `${apiFromNode()}/v1/sessions/eip155:31337:${address}?projectId=demo`
    const listed = async () => ((await (await fetch(sessions)).json()) as { pcis: { pci: string; context: string }[] }).pcis
    expect(await listed()).toEqual([expect.objectContaining({ context: permission!.context })])
    expect(await providerRequest(page, 'wallet_getGrantedExecutionPermissions', [])).toEqual({ ok: true, value: [permission] })

    const session = createWalletClient({ account: sessionKey, chain: devnet, transport: http() })
    const redeemArgs = (to: Address, amount: bigint) =>
      [
        [permission!.context],
        [EXECUTION_MODE.single],
        [
          encodeExecution([{ to: USDC, data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }) }])
            .executionCalldata,
        ],
      ] as const
    const redeemData = (to: Address, amount: bigint) =>
      encodeFunctionData({ abi: delegationManagerAbi, functionName: 'redeemDelegations', args: redeemArgs(to, amount) })
    const redeem = async (to: Address, amount: bigint) => {
      const hash = await session.sendTransaction({ to: permission!.delegationManager, data: redeemData(to, amount) })
      return (await chainClient.waitForTransactionReceipt({ hash })).status
    }
    /** What the chain says to a redemption: 'ok', or the revert's reason (the enforcers' and the manager's errors decoded). */
    const chainSays = (to: Address, amount: bigint) =>
      chainClient
        .simulateContract({
          account: sessionKey,
          address: permission!.delegationManager,
          abi: delegationManagerAbi,
          functionName: 'redeemDelegations',
          args: redeemArgs(to, amount),
        })
        .then(
          () => 'ok',
          (error: Error) => error.message,
        )

    expect(await redeem(payee, usdc('4'))).toBe('success')
    expect(await redeem(payee, usdc('4'))).toBe('success')
    expect(await balanceOf(USDC, payee)).toBe(usdc('8'))
    // No prompt was shown for either: the secure frame was not asked.
    await expect(secureFrameLocator(page).getByTestId('approve-transaction')).toHaveCount(0)

    expect(await chainSays(payee, usdc('4'))).toMatch(/ERC20PeriodTransferEnforcer:transfer-amount-exceeded/)
    expect(await chainSays(stranger, usdc('1'))).toMatch(/AllowedCalldataEnforcer:invalid-calldata/)
    // The third 4 USDC, sent anyway, reverts on chain and moves nothing.
    const third = await session.sendTransaction({ to: permission!.delegationManager, data: redeemData(payee, usdc('4')), gas: 500_000n })
    expect((await chainClient.waitForTransactionReceipt({ hash: third })).status).toBe('reverted')
    expect(await balanceOf(USDC, payee)).toBe(usdc('8'))
    expect(await balanceOf(USDC, stranger)).toBe(0n)
    // Within the day's remaining 2 USDC, the chain still lets 1 through: until the revoke.
    expect(await chainSays(payee, usdc('1'))).toBe('ok')

    const revoking = providerRequest(page, 'wallet_revokeExecutionPermission', [{ permissionContext: permission!.context }])
    await confirmation(page)
    // The prompt says what is revoked, read back from the delegation the signed batch disables.
    const revoked = secureFrameLocator(page).getByTestId('revoke-sheet')
    await expect(revoked.getByTestId('permission-amount')).toHaveText('10 USDC per day')
    await expect(revoked.getByTestId('permission-payee')).toHaveText(payee)
    await approveInFrame(page)
    expect(await revoking).toEqual({ ok: true, value: {} })
    expect(await chainSays(payee, usdc('1'))).toMatch(/CannotUseADisabledDelegation/)
    // The API reads the chain: the disabled delegation is no longer listed as a live grant.
    expect(await listed()).toEqual([])
    expect(await providerRequest(page, 'wallet_getGrantedExecutionPermissions', [])).toEqual({ ok: true, value: [] })
    expect(await balanceOf(USDC, payee)).toBe(usdc('8'))
    expect(await balanceOf(USDC, address)).toBe(usdc('42'))
  })
})

test.describe('execution permissions off (the default)', () => {
  test('a dapp without features.smartSessions is told so before anything is shown', async ({ page, widget }) => {
    await openDemo(page)
    const address = await emailLogin(page, widget, freshEmail('no-permissions'))
    const answer = await providerRequest(page, 'wallet_requestExecutionPermissions', [
      {
        chainId: CHAIN,
        to: freshAddress(),
        permission: {
          type: 'erc20-token-periodic',
          isAdjustmentAllowed: false,
          data: { tokenAddress: USDC, periodAmount: toHex(usdc('10')), periodDuration: 86_400 },
        },
      },
    ])
    expect(answer).toEqual({
      ok: false,
      code: 4200,
      message: 'Execution permissions are off for this dapp: it turns them on with features.smartSessions',
    })
    await expect(secureFrameLocator(page).getByTestId('approve-transaction')).toHaveCount(0)
    expect(await chainClient.getCode({ address })).toBeUndefined()
  })
})
