import type { Page } from '@playwright/test'
import { FrameErrorMessage } from '@airlock/protocol'
import { getAddress, verifyMessage, type Address, type Hex } from 'viem'
import { chainClient, expect, fund, openDemo, stack, test } from './fixtures'
import {
  approveInFrame,
  approveInPopup,
  armByHovering,
  confirmation,
  openConfirmPopup,
  secureFrame,
  secureFrameLocator,
  widgetFrame,
} from './support/confirm'
import { emailLogin, freshEmail } from './support/emailLogin'
import { installWidgetXss, xssCall, xssReachIntoFrame, xssResult, xssShowFrame, xssStart } from './support/widgetXss'

/**
 * Issue 12: the embedded wallet's confirmation lives in the secure origin. The frame draws the
 * request from the raw request, signs only on a click in its own document while it can prove it is
 * visible, and falls back to a popup on the secure origin where it cannot.
 */

/** Where the demo sends its 0.01 ETH (apps/demo). */
const RECIPIENT = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** What the chain says of the account: nothing signed by it was sent if neither moves. */
async function chainState(address: Address) {
  const [nonce, balance] = await Promise.all([
    chainClient.request({ method: 'eth_getTransactionCount', params: [address, 'latest'] }),
    chainClient.request({ method: 'eth_getBalance', params: [address, 'latest'] }),
  ])
  return { nonce, balance }
}

async function signedIn(page: Page, tag: string): Promise<Address> {
  await openDemo(page)
  const address = await emailLogin(page, page.frameLocator('iframe[data-airlock]'), freshEmail(tag))
  await fund(address)
  return address
}

test.describe('the confirmation is drawn and approved in the secure origin', () => {
  test('personal_sign and eth_sendTransaction from the dapp: decoded in the frame, approved there, signed and mined', async ({
    page,
    widget,
  }) => {
    test.slow()
    const address = await signedIn(page, 'confirm')

    await page.getByTestId('sign-button').click()
    await confirmation(page)
    // The prompt is in the frame on the secure origin; the widget's document draws no Approve of its own.
    expect(new URL(secureFrame(page).url()).origin).toBe(stack.origins.secure)
    await expect(widget.getByTestId('approve-confirm')).toHaveCount(0)
    await expect(widget.getByTestId('secure-frame-slot')).toBeVisible()
    const frame = secureFrameLocator(page)
    await expect(frame.getByTestId('approve-message')).toContainText('Hello from the Airlock demo at ')
    await expect(frame.getByTestId('approve-method')).toHaveText('personal_sign')
    // The dapp's origin as the browser gives it (location.ancestorOrigins), not as the widget says.
    await expect(frame.getByTestId('approve-origin')).toHaveAttribute('data-verified', 'true')
    await expect(frame.getByTestId('approve-origin-value')).toHaveText(stack.origins.dapp)
    await approveInFrame(page)
    await expect(page.getByTestId('signature')).toHaveText(/^0x[0-9a-f]{130}$/)
    const message = (await page.getByTestId('signature').getAttribute('data-message'))!
    const signature = (await page.getByTestId('signature').textContent()) as Hex
    expect(await verifyMessage({ address, message, signature })).toBe(true)

    const before = await chainState(address)
    await page.getByTestId('send-button').click()
    await confirmation(page)
    // What the frame shows is the transaction it signs: filled by the widget (nonce, gas, fees).
    await expect(frame.getByTestId('approve-to')).toHaveText(RECIPIENT)
    await expect(frame.getByTestId('approve-value')).toHaveText('0.01 ETH')
    await expect(frame.getByTestId('approve-nonce')).toHaveText(String(Number(before.nonce)))
    await expect(frame.getByTestId('approve-fee')).toHaveText(/^0\.\d+ ETH$/)
    await expect(frame.getByTestId('approve-network')).toHaveText('Airlock Devnet')
    await approveInFrame(page)
    await expect(page.getByTestId('tx-hash')).toHaveText(/^0x[0-9a-f]{64}$/, { timeout: 15_000 })
    const receipt = await chainClient.waitForTransactionReceipt({ hash: (await page.getByTestId('tx-hash').textContent()) as Hex })
    expect(receipt.status).toBe('success')
    expect(getAddress(receipt.from)).toBe(address)
    expect(getAddress(receipt.to!)).toBe(RECIPIENT)
  })

  test('a script in the widget origin calling the frame directly signs nothing: hidden it is refused, shown it waits for a user it cannot be', async ({
    page,
  }) => {
    test.slow()
    const address = await signedIn(page, 'xss')
    const before = await chainState(address)
    const widget = widgetFrame(page)
    await installWidgetXss(widget)
    const tx = {
      from: address,
      to: RECIPIENT,
      value: '0x2386f26fc10000',
      nonce: before.nonce,
      gas: '0x5208',
      gasPrice: '0x3b9aca00',
      chainId: '0x7a69',
    }

    // The frame is hidden (0x0): it refuses to ask, let alone sign.
    const hidden = await xssCall(widget, 'rpcRequest', { id: 'xss-tx', method: 'eth_sendTransaction', params: [tx], chainId: 31337 })
    expect(hidden).toEqual({ ok: false, error: { code: 4100, message: FrameErrorMessage.NotOnScreen } })
    const hiddenSign = await xssCall(widget, 'rpcRequest', {
      id: 'xss-sign-0',
      method: 'personal_sign',
      params: ['0x6869', address],
      chainId: 31337,
    })
    expect(hiddenSign.ok).toBe(false)
    expect(hiddenSign.error?.message).toBe(FrameErrorMessage.NotOnScreen)

    // Laid out by the script (in an open modal), the frame shows the request, and waits for a click only a user can make.
    await page.evaluate(() => window.airlock!.open())
    await xssShowFrame(widget)
    await xssStart(widget, 'sign', 'rpcRequest', { id: 'xss-sign', method: 'personal_sign', params: ['0x6869', address], chainId: 31337 })
    await expect(secureFrameLocator(page).getByTestId('approve-message')).toHaveText('hi')
    // There is no method that approves; the frame's document is out of the script's reach (another origin).
    const approveCall = await xssCall(widget, 'approveRpcRequest', { id: 'xss-sign' })
    expect(approveCall.ok).toBe(false)
    expect(await xssReachIntoFrame(widget)).toBe('SecurityError')
    // A second request while one waits is refused.
    const second = await xssCall(widget, 'rpcRequest', { id: 'xss-tx-2', method: 'eth_sendTransaction', params: [tx], chainId: 31337 })
    expect(second.error?.message).toBe(FrameErrorMessage.Busy)
    await page.waitForTimeout(1500)
    expect(await secureFrameLocator(page).getByTestId('approve-confirm').getAttribute('data-armed')).toBe('false')
    // All the script can do is abort.
    expect(await xssCall(widget, 'abortRpcRequest', { id: 'xss-sign' })).toEqual({ ok: true })
    expect(await xssResult(widget, 'sign')).toEqual({ ok: false, error: { code: 4001, message: FrameErrorMessage.RpcAborted } })
    await expect(secureFrameLocator(page).getByTestId('approve-transaction')).toHaveCount(0)

    // Nothing was signed, nothing was sent.
    expect(await chainState(address)).toEqual(before)
  })
})

test.describe('clickjacking: a dapp that hides or covers the confirmation gets no approval', () => {
  /** Moves over where Approve is drawn and clicks there, several times, as a user clicking the dapp's decoy would. */
  async function clickWhereApproveIs(page: Page) {
    const approve = secureFrameLocator(page).getByTestId('approve-confirm')
    const box = (await approve.boundingBox())!
    for (let i = 0; i < 4; i++) {
      await page.mouse.move(box.x + 5 + i * 4, box.y + box.height / 2)
      await page.waitForTimeout(300)
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
    }
    await page.waitForTimeout(700)
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
    expect(await approve.getAttribute('data-armed')).toBe('false')
  }

  test('the widget iframe at opacity 0: clicks on Approve do nothing; the user confirms in the secure window', async ({ page }) => {
    test.slow()
    const address = await signedIn(page, 'opacity')
    const before = await chainState(address)
    await page.getByTestId('send-button').click()
    await confirmation(page)
    // Once the SDK has shown the frame (showing it resets its style), the dapp hides it; the frame
    // must see that before the user's clicks.
    await page.evaluate(() => {
      document.querySelector<HTMLIFrameElement>('iframe[data-airlock]')!.style.opacity = '0'
    })
    await expect(secureFrameLocator(page).getByTestId('approve-confirm')).toHaveAttribute('data-visible', 'false')
    await clickWhereApproveIs(page)
    await expect(page.getByTestId('tx-hash')).toHaveText('—')
    expect(await chainState(address)).toEqual(before)

    const popup = await openConfirmPopup(page)
    await expect(popup.getByTestId('approve-value')).toHaveText('0.01 ETH')
    await expect(popup.getByTestId('approve-to')).toHaveText(RECIPIENT)
    await approveInPopup(popup)
    await expect(page.getByTestId('tx-hash')).toHaveText(/^0x[0-9a-f]{64}$/, { timeout: 15_000 })
    const receipt = await chainClient.waitForTransactionReceipt({ hash: (await page.getByTestId('tx-hash').textContent()) as Hex })
    expect(receipt.status).toBe('success')
    expect(getAddress(receipt.from)).toBe(address)
  })

  test('an element laid over the widget iframe: clicks on Approve do nothing; the user confirms in the secure window', async ({ page }) => {
    test.slow()
    const address = await signedIn(page, 'cover')
    await page.getByTestId('sign-button').click()
    await confirmation(page)
    // The dapp's decoy over the frames: nearly transparent, and letting clicks through to Approve.
    await page.evaluate(() => {
      const cover = document.createElement('div')
      cover.id = 'decoy'
      cover.textContent = 'Claim your reward'
      cover.style.cssText = 'position:fixed;inset:0;z-index:2147483647;background:rgba(255,255,255,0.02);pointer-events:none'
      document.body.append(cover)
    })
    await clickWhereApproveIs(page)
    await expect(page.getByTestId('signature')).toHaveText('—')

    // The user's way out: the secure window, which the dapp can neither style nor cover.
    const popup = await openConfirmPopup(page)
    await expect(popup.getByTestId('approve-message')).toContainText('Hello from the Airlock demo at ')
    await expect(popup.getByTestId('approve-origin-value')).toHaveText(stack.origins.dapp)
    await approveInPopup(popup)
    await expect(page.getByTestId('signature')).toHaveText(/^0x[0-9a-f]{130}$/, { timeout: 15_000 })
    const message = (await page.getByTestId('signature').getAttribute('data-message'))!
    expect(await verifyMessage({ address, message, signature: (await page.getByTestId('signature').textContent()) as Hex })).toBe(true)
  })

  test('the frame disarms when it is hidden after arming, and needs a new move once shown again', async ({ page }) => {
    test.slow()
    await signedIn(page, 'rearm')
    await page.getByTestId('sign-button').click()
    await confirmation(page)
    const approve = secureFrameLocator(page).getByTestId('approve-confirm')
    await armByHovering(approve)
    await page.evaluate(() => {
      document.querySelector<HTMLIFrameElement>('iframe[data-airlock]')!.style.opacity = '0'
    })
    await expect(approve).toHaveAttribute('data-armed', 'false')
    await page.evaluate(() => {
      document.querySelector<HTMLIFrameElement>('iframe[data-airlock]')!.style.opacity = ''
    })
    await page.waitForTimeout(800)
    expect(await approve.getAttribute('data-armed')).toBe('false')
    await armByHovering(approve)
    await approve.click()
    await expect(page.getByTestId('signature')).toHaveText(/^0x[0-9a-f]{130}$/, { timeout: 15_000 })
  })
})
