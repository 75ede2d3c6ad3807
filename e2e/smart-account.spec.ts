import type { Page } from '@playwright/test'
import { DEVNET_CONTRACTS } from '@airlock/devnet'
import { encodeFunctionData, erc20Abi, parseUnits, toHex, type Address, type Hex } from 'viem'
import { chainClient, expect, openDemo, stack, test } from './fixtures'
import { approveInFrame, confirmation, secureFrameLocator } from './support/confirm'
import { emailLogin, freshEmail } from './support/emailLogin'
import { providerRequest, setUsdcBalance, type Outcome } from './support/dappProvider'
import { backendChecks, dappSession } from './support/siwx'
import {
  balanceOf,
  chooseSwapToken,
  DAI,
  expectDeliveredAsPreviewed,
  freshAddress,
  openAccount,
  openSwap,
  previewOutput,
  quoteSwap,
  USDC,
} from './support/walletFeatures'

/**
 * EIP-5792 from a dapp to the embedded wallet's smart account (issue 27): the batch is confirmed once
 * in the secure frame, its gas paid by the API's relay, and it executes atomically. The dapp waits
 * the way a dapp does: on wallet_sendCalls' answer, then on wallet_getCallsStatus.
 */

const CHAIN = '0x7a69'
const usdc = (amount: string) => parseUnits(amount, 6)

const transfer = (to: Address, amount: bigint) => ({
  to: USDC,
  data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to, amount] }),
})

/** What wallet_getCapabilities says of atomic batches on the devnet chain, as a dapp asks before batching. */
async function atomicStatus(page: Page, address: Address): Promise<unknown> {
  const answer = await providerRequest(page, 'wallet_getCapabilities', [address, [CHAIN]])
  return answer.ok ? (answer.value as Record<string, { atomic?: { status: string } }>)[CHAIN]?.atomic?.status : answer.message
}

/** wallet_getCallsStatus until the batch is no longer pending (status 100). */
async function settledStatus(page: Page, id: string): Promise<{ status: number; atomic: boolean; receipts?: { status: Hex }[] }> {
  const last: { answer?: Outcome } = {}
  await expect
    .poll(
      async () => {
        const answer = await providerRequest(page, 'wallet_getCallsStatus', [id])
        last.answer = answer
        return answer.ok ? (answer.value as { status: number }).status : answer.message
      },
      { timeout: 20_000 },
    )
    .not.toBe(100)
  const { answer } = last
  if (!answer?.ok) throw new Error(`wallet_getCallsStatus: ${JSON.stringify(answer)}`)
  return answer.value as { status: number; atomic: boolean; receipts?: { status: Hex }[] }
}

test.describe('smart account: wallet_sendCalls from the dapp', () => {
  test('two transfers land as one batch with one confirmation and no ETH; a batch whose second call fails lands nothing', async ({
    page,
    widget,
  }) => {
    test.slow()
    await openDemo(page)
    const address = await emailLogin(page, widget, freshEmail('batch'))
    await setUsdcBalance(address, usdc('5'))
    const [first, second] = [freshAddress(), freshAddress()]

    const capabilities = await providerRequest(page, 'wallet_getCapabilities', [address, [CHAIN]])
    expect(capabilities).toMatchObject({
      ok: true,
      value: { [CHAIN]: { atomic: { status: 'ready' }, paymasterService: { supported: true } } },
    })

    const batch = (calls: unknown[]) => ({ version: '2.0.0', chainId: CHAIN, from: address, atomicRequired: true, calls })
    const sending = providerRequest(page, 'wallet_sendCalls', [batch([transfer(first, usdc('1')), transfer(second, usdc('1'))])])
    const prompt = await confirmation(page)
    await expect(secureFrameLocator(page).getByTestId('approve-call')).toHaveCount(2)
    await expect(secureFrameLocator(page).getByTestId('approve-fee')).toHaveText('paid by the app')
    await expect(secureFrameLocator(page).getByTestId('approve-upgrade')).toBeVisible()
    await expect(prompt).toContainText('1 USDC')
    await approveInFrame(page)
    const sent = await sending
    expect(sent.ok).toBe(true)
    const { id } = (sent as { value: { id: string } }).value
    expect(await settledStatus(page, id)).toMatchObject({ status: 200, atomic: true, receipts: [{ status: '0x1' }] })
    expect([await balanceOf(USDC, first), await balanceOf(USDC, second), await balanceOf(USDC, address)]).toEqual([
      usdc('1'),
      usdc('1'),
      usdc('3'),
    ])
    expect(await chainClient.getBalance({ address })).toBe(0n)
    const code = await chainClient.getCode({ address })
    expect(code?.toLowerCase()).toBe(`0xef0100${DEVNET_CONTRACTS.eip7702Delegator.slice(2).toLowerCase()}`)
    expect(await providerRequest(page, 'wallet_getCapabilities', [address, [CHAIN]])).toMatchObject({
      ok: true,
      value: { [CHAIN]: { atomic: { status: 'supported' } } },
    })

    // 1 then 2 USDC of 3: the batch passes the frame's and the relay's checks; the balance then drops to
    // 2 before the user approves, so the second transfer fails on chain and takes the first with it.
    const failing = providerRequest(page, 'wallet_sendCalls', [batch([transfer(first, usdc('1')), transfer(second, usdc('2'))])])
    await confirmation(page)
    await expect(secureFrameLocator(page).getByTestId('approve-upgrade')).toHaveCount(0)
    await setUsdcBalance(address, usdc('2'))
    await approveInFrame(page)
    const reverted = await failing
    expect(reverted.ok).toBe(true)
    expect(await settledStatus(page, (reverted as { value: { id: string } }).value.id)).toMatchObject({ status: 500, atomic: true })
    expect([await balanceOf(USDC, first), await balanceOf(USDC, second), await balanceOf(USDC, address)]).toEqual([
      usdc('1'),
      usdc('1'),
      usdc('2'),
    ])
    expect(await chainClient.getBalance({ address })).toBe(0n)
  })
})

test.describe("smart account: the modal's swap", () => {
  test('an email user with USDC and no ETH switches to the smart account and swaps USDC to DAI in one batch; the sign-in keeps verifying', async ({
    page,
    widget,
  }) => {
    test.slow()
    // A dapp whose users start on their EOA, with sign-in.
    await openDemo(page, `${stack.urls.demoNpm}?siwx=on&accounts=eoa`)
    const address = await emailLogin(page, widget, freshEmail('smart-swap'))
    await approveInFrame(page)
    const session = await dappSession(page, 30_000)
    expect((await backendChecks(session.token)).status).toBe(200)
    expect(await chainClient.getCode({ address })).toBeUndefined()
    const signedIn = { address, message: session.message, signature: session.signature as Hex }
    expect(await chainClient.verifyMessage(signedIn)).toBe(true)
    await setUsdcBalance(address, usdc('5'))
    expect(await atomicStatus(page, address)).toBe('unsupported')

    await openAccount(page, widget)
    await expect(widget.getByTestId('account-type')).toHaveText('EOA')
    await widget.getByTestId('account-type-switch').click()
    // The dapp learns it as a dapp does: its capabilities now offer atomic batches.
    await expect.poll(() => atomicStatus(page, address)).toBe('ready')
    await expect(widget.getByTestId('account-type')).toHaveText('Smart account')
    await expect(widget.getByTestId('account-address')).toHaveAttribute('title', address)

    await openSwap(page, widget)
    await chooseSwapToken(widget, 'source', 'USDC')
    await chooseSwapToken(widget, 'to', 'DAI')
    await quoteSwap(widget, '2')
    await widget.getByTestId('swap-review').click()
    await expect(widget.getByTestId('swap-preview-confirm')).toHaveText('Swap', { timeout: 10_000 })
    await expect(widget.getByTestId('swap-batch-note')).toBeVisible()
    const shown = await previewOutput(widget)
    await widget.getByTestId('swap-preview-confirm').click()
    // One confirmation for both: the approval and the swap, the gas the app's, the upgrade said.
    await confirmation(page)
    await expect(secureFrameLocator(page).getByTestId('approve-call')).toHaveCount(2)
    await expect(secureFrameLocator(page).getByTestId('approve-fee')).toHaveText('paid by the app')
    await expect(secureFrameLocator(page).getByTestId('approve-upgrade')).toBeVisible()
    await approveInFrame(page)
    await expect(widget.getByTestId('toast')).toHaveText(/^Swapped 2 USDC to [\d,.]+ DAI$/, { timeout: 30_000 })
    await expect(secureFrameLocator(page).getByTestId('approve-transaction')).toHaveCount(0)

    expect(await balanceOf(USDC, address)).toBe(usdc('3'))
    expectDeliveredAsPreviewed(await balanceOf(DAI, address), shown, 18)
    expect(await chainClient.getBalance({ address })).toBe(0n)
    const code = await chainClient.getCode({ address })
    expect(code?.toLowerCase()).toBe(`0xef0100${DEVNET_CONTRACTS.eip7702Delegator.slice(2).toLowerCase()}`)
    expect(await providerRequest(page, 'eth_accounts', [])).toEqual({ ok: true, value: [address] })
    expect(await atomicStatus(page, address)).toBe('supported')

    // The sign-in made before the upgrade still verifies, now through the account's ERC-1271, and so does a new signature.
    expect(await chainClient.verifyMessage(signedIn)).toBe(true)
    const message = `Still me at ${Date.now()}`
    const signing = providerRequest(page, 'personal_sign', [toHex(message), address])
    await approveInFrame(page)
    const signed = await signing
    expect(signed.ok).toBe(true)
    expect(await chainClient.verifyMessage({ address, message, signature: (signed as { value: Hex }).value })).toBe(true)
  })
})
