import type { Page } from '@playwright/test'
import { FeeMessage } from '@airlock/chains'
import { FrameErrorMessage } from '@airlock/protocol'
import { HintText } from '../apps/secure-frame/src/confirm/guard'
import { encodeFunctionData, erc20Abi, getAddress, parseUnits, verifyMessage, type Address, type Hex } from 'viem'
import { chainClient, expect, fund, openDemo, stack, test } from './fixtures'
import {
  approveInFrame,
  approveInPopup,
  armByHovering,
  confirmation,
  openConfirmPopup,
  rejectInFrame,
  secureFrame,
  secureFrameLocator,
  widgetFrame,
} from './support/confirm'
import { emailLogin, freshEmail } from './support/emailLogin'
import { USDC } from './support/walletFeatures'
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

/**
 * Moves over where Approve is drawn and clicks there, several times, as a user clicking the dapp's
 * decoy (or the Approve they see) would; it must stay unarmed.
 */
async function clickWhereApproveIs(page: Page) {
  const approve = secureFrameLocator(page).getByTestId('approve-confirm')
  const clickIt = async () => {
    const box = (await approve.boundingBox())!
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
  }
  for (let i = 0; i < 4; i++) {
    const box = (await approve.boundingBox())!
    await page.mouse.move(box.x + 5 + i * 4, box.y + box.height / 2)
    await page.waitForTimeout(300)
    await clickIt()
  }
  await page.waitForTimeout(700)
  await clickIt()
  expect(await approve.getAttribute('data-armed')).toBe('false')
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
    // A dapp's transaction with a gas price beside EIP-1559 fees is refused as SPEC section 5 says, unasked.
    expect(
      await page.evaluate(
        (from) =>
          window
            .airlock!.getProvider('eip155')
            .request({
              method: 'eth_sendTransaction',
              params: [{ from, to: from, value: '0x1', maxFeePerGas: '0x3b9aca00', gasPrice: '0x2d79883d2000' }],
            })
            .catch((error: { code: number; message: string }) => ({ code: error.code, message: error.message })),
        address,
      ),
    ).toEqual({ code: -32602, message: FeeMessage.mixed })
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

    // Fee fields that contradict each other are refused before anything is shown, hidden or not (issue 23:
    // shown at maxFeePerGas, it would have signed 1.05 ETH of fees at the gas price).
    const mixed = { ...tx, maxFeePerGas: '0x3b9aca00', gasPrice: '0x2d79883d2000' }
    expect(
      await xssCall(widget, 'rpcRequest', { id: 'xss-mixed', method: 'eth_sendTransaction', params: [mixed], chainId: 31337 }),
    ).toEqual({
      ok: false,
      error: { code: -32602, message: FeeMessage.mixed },
    })

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

test.describe('who asks: the browser vouches for it, or the prompt says it cannot (issue 23)', () => {
  test("a compromised widget that claims another site gets the browser's word shown, not its claim", async ({ page }) => {
    test.slow()
    const address = await signedIn(page, 'forged-origin')
    const widget = widgetFrame(page)
    await installWidgetXss(widget)
    // The script in the widget origin claims a site the user trusts, then asks for a signature.
    const forged = 'https://app.uniswap.org'
    expect(await xssCall(widget, 'syncDappData', { origin: forged, sdkType: 'appkit', sdkVersion: '2.16.7', projectId: 'demo' })).toEqual({
      ok: true,
    })
    await page.evaluate(() => window.airlock!.open())
    await xssShowFrame(widget)
    await xssStart(widget, 'sign', 'rpcRequest', { id: 'forged', method: 'personal_sign', params: ['0x6869', address], chainId: 31337 })
    const frame = secureFrameLocator(page)
    await expect(frame.getByTestId('approve-origin')).toHaveAttribute('data-verified', 'true')
    await expect(frame.getByTestId('approve-origin-value')).toHaveText(stack.origins.dapp)
    await expect(frame.getByTestId('approve-transaction')).not.toContainText(forged)
    // Where a browser does not vouch (no location.ancestorOrigins), the claim is shown as one, with a
    // warning in the summary (render.test.ts): Chromium cannot be made to hide it here.
    await expect(frame.getByTestId('approve-warnings')).toHaveCount(0)
    expect(await xssCall(widget, 'abortRpcRequest', { id: 'forged' })).toEqual({ ok: true })
  })
})

test.describe('the prompt shows what the node says the transaction would do (issue 23)', () => {
  test('a transfer that would revert says it will fail, and why, before Approve; rejected, nothing was sent', async ({ page }) => {
    test.slow()
    const address = await signedIn(page, 'will-fail')
    const before = await chainState(address)
    // A new wallet holds no USDC: sending 1,000 of it reverts in the token.
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [RECIPIENT, parseUnits('1000', 6)] })
    const sent = page.evaluate(
      ([from, to, input]) =>
        window
          .airlock!.getProvider('eip155')
          .request({ method: 'eth_sendTransaction', params: [{ from, to, data: input, gas: '0x30d40' }] })
          .catch((error: { code: number }) => ({ code: error.code })),
      [address, USDC, data] as const,
    )
    await confirmation(page)
    const failure = secureFrameLocator(page).getByTestId('approve-fails')
    await expect(failure).toHaveText(new RegExp(`^This transaction will fail: ERC20InsufficientBalance\\(${address}, 0, 1000000000\\)$`))
    await expect(secureFrameLocator(page).getByTestId('approve-simulation')).toHaveAttribute('data-status', 'fails')
    await rejectInFrame(page)
    expect(await sent).toEqual({ code: 4001 })
    expect(await chainState(address)).toEqual(before)
  })
})

test.describe('clickjacking: a dapp that hides or covers the confirmation gets no approval', () => {
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

    // Hidden, the way out is hidden too: "Review in a secure window" arms only for a click the user aims.
    await expect(secureFrameLocator(page).getByTestId('approve-popup')).toHaveAttribute('data-visible', 'false')
    await page.evaluate(() => {
      document.querySelector<HTMLIFrameElement>('iframe[data-airlock]')!.style.opacity = ''
    })
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

    // The user's way out: the secure window, which the dapp can neither style nor cover, opened by a
    // click the user aims once nothing covers it (under the decoy it does not arm either).
    await expect(secureFrameLocator(page).getByTestId('approve-popup')).toHaveAttribute('data-visible', 'false')
    await page.evaluate(() => document.getElementById('decoy')!.remove())
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

test.describe('what Approve approves must be in view with it (issue 23)', () => {
  /** A send from the dapp, waiting in the frame; the chain state before it. */
  async function waitingSend(page: Page, tag: string) {
    const address = await signedIn(page, tag)
    const before = await chainState(address)
    await page.getByTestId('send-button').click()
    await confirmation(page)
    await expect(secureFrameLocator(page).getByTestId('approve-value')).toHaveText('0.01 ETH')
    return { address, before }
  }

  /** Under each trick, the user's aimed clicks at Approve sign nothing; each is undone before the next. */
  async function nothingSignedUnder(
    page: Page,
    address: Address,
    before: Awaited<ReturnType<typeof chainState>>,
    tricks: Record<string, { apply: () => Promise<unknown>; undo: () => Promise<unknown> }>,
  ) {
    for (const [name, { apply, undo }] of Object.entries(tricks)) {
      await test.step(name, async () => {
        await apply()
        await expect(secureFrameLocator(page).getByTestId('approve-confirm')).toHaveAttribute('data-armed', 'false')
        await clickWhereApproveIs(page)
        expect(await chainState(address)).toEqual(before)
        await undo()
      })
    }
  }

  /** The user approves the uncovered prompt: the send is mined from the expected nonce. */
  async function approvedAfterwards(page: Page, address: Address, before: Awaited<ReturnType<typeof chainState>>) {
    await approveInFrame(page)
    await expect(page.getByTestId('tx-hash')).toHaveText(/^0x[0-9a-f]{64}$/, { timeout: 15_000 })
    const receipt = await chainClient.waitForTransactionReceipt({ hash: (await page.getByTestId('tx-hash').textContent()) as Hex })
    expect(receipt.status).toBe('success')
    expect(getAddress(receipt.from)).toBe(address)
    const sent = await chainClient.getTransaction({ hash: receipt.transactionHash })
    expect(sent.nonce).toBe(Number(before.nonce))
  }

  test('a script in the widget origin that lays the frame out at 240x120 gets nothing signed; the user is told to review in a secure window', async ({
    page,
  }) => {
    test.slow()
    const { address, before } = await waitingSend(page, 'cramped')
    const widget = widgetFrame(page)
    // The script lays the frame's iframe out at the smallest size the frame accepts, every frame (the
    // widget lays it over its slot, and re-lays it when the slot moves).
    await widget.evaluate(() => {
      const w = window as unknown as { __cramp: boolean }
      w.__cramp = true
      const iframe = document.querySelector<HTMLIFrameElement>('iframe[data-airlock-secure]')!
      const cramp = () => {
        if (!w.__cramp) return
        iframe.style.width = '240px'
        iframe.style.height = '120px'
        requestAnimationFrame(cramp)
      }
      cramp()
    })
    const approve = secureFrameLocator(page).getByTestId('approve-confirm')
    await expect(approve).toHaveAttribute('data-blocked', 'cramped')
    await clickWhereApproveIs(page)
    await expect(secureFrameLocator(page).getByTestId('approve-hint')).toHaveText(HintText.cramped)
    expect(await chainState(address)).toEqual(before)
    await expect(page.getByTestId('tx-hash')).toHaveText('—')

    // Laid out again as the prompt needs (the widget's own layout, once the slot moves), the same
    // request is approved, from the same nonce.
    await widget.evaluate(() => {
      ;(window as unknown as { __cramp: boolean }).__cramp = false
      const iframe = document.querySelector<HTMLIFrameElement>('iframe[data-airlock-secure]')!
      const slot = document.querySelector<HTMLElement>('[data-testid="secure-frame-slot"]')!.getBoundingClientRect()
      iframe.style.width = `${slot.width}px`
      iframe.style.height = `${slot.height}px`
    })
    await expect(approve).not.toHaveAttribute('data-blocked')
    await approvedAfterwards(page, address, before)
  })

  test('a script in the widget origin that scales, clips or covers the prompt inside the widget document gets nothing signed', async ({
    page,
  }) => {
    test.slow()
    const { address, before } = await waitingSend(page, 'widget-tricks')
    const widget = widgetFrame(page)
    // The surface re-lays the frame out every frame: each trick runs every frame too, as a script would.
    const everyFrame = (trick: string) => async () =>
      widget.evaluate(`(() => {
        const iframe = document.querySelector('iframe[data-airlock-secure]')
        window.__trick = true
        const trick = () => { ${trick} }
        const again = () => { if (!window.__trick) return; trick(); requestAnimationFrame(again) }
        again()
      })()`)
    const undo = async () => {
      await widget.evaluate(() => {
        ;(window as unknown as { __trick: boolean }).__trick = false
        document.querySelectorAll('#trick').forEach((node) => node.remove())
        const iframe = document.querySelector<HTMLIFrameElement>('iframe[data-airlock-secure]')!
        for (const property of ['transform', 'transform-origin', 'clip-path']) iframe.style.removeProperty(property)
      })
      await page.waitForTimeout(100)
    }
    await nothingSignedUnder(page, address, before, {
      scale: { apply: everyFrame(`iframe.style.transform = 'scale(0.95)'; iframe.style.transformOrigin = 'bottom'`), undo },
      clip: { apply: everyFrame(`iframe.style.clipPath = 'inset(0 0 60% 0)'`), undo },
      cover: {
        apply: everyFrame(
          `if (document.getElementById('trick')) return; const c = document.createElement('div'); c.id = 'trick'; c.style.cssText = 'position:fixed;left:0;top:0;width:100%;height:' + (iframe.getBoundingClientRect().top + 60) + 'px;background:#111;z-index:2147483647;pointer-events:none'; document.body.append(c)`,
        ),
        undo,
      },
    })
    await approvedAfterwards(page, address, before)
  })

  test('a dapp that covers everything but Approve with opaque panels, or shrinks, clips or filters the widget iframe, gets nothing signed', async ({
    page,
  }) => {
    test.slow()
    const { address, before } = await waitingSend(page, 'dapp-tricks')
    const box = (await secureFrameLocator(page).getByTestId('approve-confirm').boundingBox())!
    const onPage = (trick: string) => async () =>
      page.evaluate(`(() => { const frame = document.querySelector('iframe[data-airlock]'); ${trick} })()`)
    const undo = async () =>
      page.evaluate(() => {
        document.querySelectorAll('.trick').forEach((node) => node.remove())
        const frame = document.querySelector<HTMLIFrameElement>('iframe[data-airlock]')!
        for (const property of ['transform', 'clip-path', 'filter']) frame.style.removeProperty(property)
      })
    await nothingSignedUnder(page, address, before, {
      // Four opaque panels around Approve's rectangle: only the button shows.
      panels: {
        apply:
          onPage(`for (const [l, t, w, h] of [[0, 0, innerWidth, ${box.y}], [0, ${box.y + box.height}, innerWidth, innerHeight], [0, ${box.y}, ${box.x}, ${box.height}], [${box.x + box.width}, ${box.y}, innerWidth, ${box.height}]]) {
        const p = document.createElement('div'); p.className = 'trick'; p.style.cssText = 'position:fixed;background:#fff;z-index:2147483647;pointer-events:none;left:' + l + 'px;top:' + t + 'px;width:' + w + 'px;height:' + h + 'px'; document.body.append(p) }`),
        undo,
      },
      shrink: { apply: onPage(`frame.style.transform = 'scale(0.98)'`), undo },
      clip: { apply: onPage(`frame.style.clipPath = 'inset(0 0 40% 0)'`), undo },
      filter: { apply: onPage(`frame.style.filter = 'contrast(1.01)'`), undo },
    })
    // The same request, uncovered: approved.
    await approvedAfterwards(page, address, before)
  })

  test('"Review in a secure window" is armed like Approve: a click the user did not aim opens nothing', async ({ page }) => {
    test.slow()
    await waitingSend(page, 'review-armed')
    const review = secureFrameLocator(page).getByTestId('approve-popup')
    await expect(review).toHaveAttribute('data-armed', 'false')
    // A dapp that hides the widget and steers the user's click onto where Review is.
    await page.evaluate(() => {
      document.querySelector<HTMLIFrameElement>('iframe[data-airlock]')!.style.opacity = '0'
    })
    await expect(review).toHaveAttribute('data-visible', 'false')
    const box = (await review.boundingBox())!
    let opened = false
    page.context().on('page', () => (opened = true))
    for (let i = 0; i < 3; i++) {
      await page.mouse.move(box.x + 5 + i * 4, box.y + box.height / 2)
      await page.waitForTimeout(300)
      await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
    }
    await page.waitForTimeout(500)
    expect(opened).toBe(false)
    // Shown again, a user's aimed click opens it.
    await page.evaluate(() => {
      document.querySelector<HTMLIFrameElement>('iframe[data-airlock]')!.style.opacity = ''
    })
    const popup = await openConfirmPopup(page)
    await expect(popup.getByTestId('approve-value')).toHaveText('0.01 ETH')
  })
})
