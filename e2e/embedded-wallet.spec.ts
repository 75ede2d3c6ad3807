import type { BrowserContext } from '@playwright/test'
import { DEVNET_WALLET_RDNS, chainClient, expect, fund, openDemo, solanaEndpoints, stack, test } from './fixtures'
import { approveInFrame, rejectInFrame, secureFrameLocator } from './support/confirm'
import { captureKeyIsolation, findKeyLeaks } from './support/keyIsolation'
import {
  DEVICE_MAIL,
  emailLogin,
  enterCode,
  freshEmail,
  loginCode,
  loginOnNewDevice,
  mailedCode,
  startEmailLogin,
} from './support/emailLogin'
import { signInAtStandIn } from './support/socialLogin'
import { freshSolanaAddress, lamportsOf, openSolanaSendForm, SOLANA } from './support/solana'
import { solanaDevnetSigner, transferSol } from '@airlock/devnet/solana/client'
import { getAddress, verifyMessage, type Hex } from 'viem'

/**
 * The embedded wallet across the real origins: the widget, the secure frame and its server, the
 * mail sink (codes are read from its inbox) and the OIDC stand-in for social login.
 */

test.describe('embedded wallet: email login', () => {
  test('a new user gets a wallet, signs, sends, rejects, stays connected over a reload; nothing outside the frame sees a key', async ({
    browser,
    page,
    widget,
    context,
  }) => {
    test.slow()
    const capture = await captureKeyIsolation(context, stack.origins.secure)
    // Another browser, ready before the first code is asked for: its request for a second one must
    // come within SPEC section 5's 30 s, which the steps after the login take on a loaded machine.
    const other = await browser.newContext()
    const email = freshEmail('new')
    let code: string
    try {
      const otherPage = await other.newPage()
      const otherWidget = otherPage.frameLocator('iframe[data-airlock]')
      await Promise.all([openDemo(page), openDemo(otherPage)])
      const sent = Date.now()
      await startEmailLogin(page, widget, email)
      code = await loginCode(widget, email, sent)
      // The server refuses a second login mail to the address within 30 s with the cooldown
      // message, also to a browser that has not asked before.
      await startEmailLogin(otherPage, otherWidget, email)
      await expect(otherWidget.getByTestId('email-error')).toHaveText(/^Please try again after \d+ seconds$/, { timeout: 20_000 })
    } finally {
      await other.close()
    }
    await enterCode(widget, 'otp-input', code)
    await expect(page.getByTestId('account-status')).toHaveText('connected', { timeout: 15_000 })
    const address = getAddress((await page.getByTestId('account-address').textContent())!)
    // The Account view shows the new wallet and its balance.
    await page.getByTestId('connect-button').click()
    await expect(widget.getByTestId('account-view')).toBeVisible()
    await expect(widget.getByTestId('account-balance')).toContainText('0')
    await expect(widget.getByTestId('account-email')).toContainText(email)
    await widget.getByTestId('close-button').click()

    // personal_sign, approved in the secure frame's confirmation, verified by viem.
    await page.getByTestId('sign-button').click()
    await expect(secureFrameLocator(page).getByTestId('approve-message')).toContainText('Hello from the Airlock demo')
    await approveInFrame(page)
    await expect(page.getByTestId('signature')).toHaveText(/^0x[0-9a-f]{130}$/)
    const signed = await page.getByTestId('signature').getAttribute('data-message')
    const signature = (await page.getByTestId('signature').textContent()) as Hex
    expect(await verifyMessage({ address, message: signed!, signature })).toBe(true)

    // eth_sendTransaction, approved and mined on anvil.
    await fund(address)
    await page.getByTestId('send-button').click()
    await expect(secureFrameLocator(page).getByTestId('approve-value')).toContainText('0.01')
    await approveInFrame(page)
    await expect(page.getByTestId('tx-hash')).toHaveText(/^0x[0-9a-f]{64}$/, { timeout: 15_000 })
    const receipt = await chainClient.waitForTransactionReceipt({ hash: (await page.getByTestId('tx-hash').textContent()) as Hex })
    expect(receipt.status).toBe('success')
    expect(getAddress(receipt.from)).toBe(address)

    // A rejection reaches the dapp as 4001.
    await page.getByTestId('sign-button').click()
    await rejectInFrame(page)
    await expect(page.getByTestId('error')).toHaveText('4001: User rejected the request.')

    // A reload stays connected, with the same address and no new login.
    await page.reload()
    await expect(page.getByTestId('account-status')).toHaveText('connected', { timeout: 15_000 })
    await expect(page.getByTestId('account-address')).toHaveText(address)

    expect(await findKeyLeaks(await capture.texts(), address)).toEqual([])
  })

  test('its Solana account sends SOL after a confirmation in the secure origin, which shows the amount and the receiver', async ({
    page,
    widget,
  }, testInfo) => {
    await openDemo(page)
    await emailLogin(page, widget, freshEmail('solana'))
    const solana = page.getByTestId('account-connections')
    await expect(solana).toContainText(`${SOLANA}:`)
    const from = (await solana.textContent())!.split(`${SOLANA}:`)[1]!.split(' ')[0]!
    await transferSol(solanaEndpoints, await solanaDevnetSigner(2 + testInfo.parallelIndex), from, 1_000_000_000n)

    const to = await freshSolanaAddress()
    await openSolanaSendForm(page, widget, 'SOL')
    await expect(widget.getByTestId('send-balance')).toHaveText('1.000 SOL')
    await widget.getByTestId('send-amount-input').fill('0.25')
    await widget.getByTestId('send-receiver-input').fill(to)
    await expect(widget.getByTestId('send-button')).toHaveText('Send')
    await widget.getByTestId('send-button').click()
    const prompt = secureFrameLocator(page)
    await expect(prompt.getByTestId('approve-amount')).toHaveText('0.25 SOL')
    await expect(prompt.getByTestId('approve-recipient')).toContainText(to.slice(0, 4))
    await approveInFrame(page)
    await expect(widget.getByTestId('toast')).toContainText('Transaction started', { timeout: 15_000 })
    await expect.poll(() => lamportsOf(to), { timeout: 15_000 }).toBe(250_000_000n)
  })

  test('a second device: the login code alone opens nothing; the key service code to the same inbox opens the same address', async ({
    browser,
    page,
    widget,
    context,
  }) => {
    test.setTimeout(120_000)
    const laptopCapture = await captureKeyIsolation(context, stack.origins.secure)
    await openDemo(page)
    const email = freshEmail('device')
    const address = await emailLogin(page, widget, email)

    // The server allows one login mail per address every 30 s.
    await new Promise((resolve) => setTimeout(resolve, 31_000))
    const other = await browser.newContext()
    const phoneCapture = await captureKeyIsolation(other, stack.origins.secure)
    try {
      const phone = await other.newPage()
      const phoneWidget = phone.frameLocator('iframe[data-airlock]')
      const sent = await loginOnNewDevice(phone, phoneWidget, email)
      await expect(phoneWidget.getByTestId('device-code-sent-to')).toHaveText(`${email[0]}***@example.com`)
      await expect(phone.getByTestId('account-status')).not.toHaveText('connected')
      await enterCode(phoneWidget, 'device-otp-input', await mailedCode(email, DEVICE_MAIL, sent))
      await expect(phone.getByTestId('account-status')).toHaveText('connected', { timeout: 15_000 })
      await expect(phone.getByTestId('account-address')).toHaveText(address)
      const seen = [...(await laptopCapture.texts()), ...(await phoneCapture.texts())]
      expect(await findKeyLeaks(seen, address)).toEqual([])
    } finally {
      await other.close()
    }
  })

  test('wrong, expired-after-tries codes show the server texts and the code field stays usable', async ({ page, widget }) => {
    await openDemo(page)
    const email = freshEmail('wrong')
    const sent = Date.now()
    await startEmailLogin(page, widget, email)
    const code = await loginCode(widget, email, sent)
    const wrong = code === '000000' ? '111111' : '000000'
    await enterCode(widget, 'otp-input', wrong)
    await expect(widget.getByTestId('otp-error')).toHaveText('Wrong code: 4 tries left')
    await enterCode(widget, 'otp-input', code)
    await expect(page.getByTestId('account-status')).toHaveText('connected', { timeout: 15_000 })
  })

  test('an invalid email is refused before anything is sent', async ({ page, widget }) => {
    await openDemo(page)
    await startEmailLogin(page, widget, 'not-an-email')
    await expect(widget.getByTestId('email-error')).toBeVisible()
    await expect(page.getByTestId('account-status')).toHaveText('disconnected')
  })
})

test.describe('embedded wallet: social login', () => {
  // A login crosses the dapp, widget, secure-origin and provider pages in a popup: on a loaded
  // machine it has taken over 30 s (33 s seen with two workers), which is no bug.
  test.describe.configure({ timeout: 60_000 })

  test('GitHub through the stand-in popup connects the wallet; nothing outside the frame sees a key', async ({ page, widget, context }) => {
    const capture = await captureKeyIsolation(context, stack.origins.secure)
    await openDemo(page)
    await page.getByTestId('connect-button').click()
    const popupOpened = page.waitForEvent('popup')
    await widget.getByTestId('social-github').click()
    const popup = await popupOpened
    await signInAtStandIn(popup, freshEmail('github'))
    await expect(page.getByTestId('account-status')).toHaveText('connected', { timeout: 20_000 })
    await expect(page.getByTestId('account-address')).toHaveText(/^0x[0-9a-fA-F]{40}$/)
    const address = getAddress((await page.getByTestId('account-address').textContent())!)
    expect(await findKeyLeaks(await capture.texts(), address)).toEqual([])
  })

  test('a blocked popup says so, and a fresh click retries', async ({ page, widget, context }) => {
    // A popup blocker: the widget's first window.open gives nothing.
    await context.addInitScript(`if (location.origin === ${JSON.stringify(stack.origins.widget)}) {
      const open = window.open.bind(window)
      let blocked = false
      window.open = (...args) => (blocked ? open(...args) : ((blocked = true), null))
    }`)
    await openDemo(page)
    await page.getByTestId('connect-button').click()
    await widget.getByTestId('social-discord').click()
    await expect(widget.getByTestId('social-status')).toHaveText('The sign-in window was blocked: allow popups for this site and try again')
    const popup = page.waitForEvent('popup')
    await widget.getByTestId('social-retry').click()
    await signInAtStandIn(await popup, freshEmail('discord'))
    await expect(page.getByTestId('account-status')).toHaveText('connected', { timeout: 20_000 })
  })

  test('a popup closed before the sign-in cancels, and a fresh click retries', async ({ page, widget }) => {
    await openDemo(page)
    await page.getByTestId('connect-button').click()
    const first = page.waitForEvent('popup')
    await widget.getByTestId('social-google').click()
    await (await first).close()
    await expect(widget.getByTestId('social-status')).toHaveText('The sign-in was cancelled', { timeout: 10_000 })
    const second = page.waitForEvent('popup')
    await widget.getByTestId('social-retry').click()
    await signInAtStandIn(await second, freshEmail('google'))
    await expect(page.getByTestId('account-status')).toHaveText('connected', { timeout: 20_000 })
  })
})

test.describe('embedded wallet: a secure frame that never becomes ready', () => {
  async function blockFrame(context: BrowserContext) {
    await context.route(`${stack.origins.secure}/**`, (route) => route.abort())
  }

  test('email login shows the load error; the wallets keep working', async ({ page, widget, context }) => {
    await blockFrame(context)
    await openDemo(page)
    const email = freshEmail('noframe')
    const since = Date.now()
    await startEmailLogin(page, widget, email)
    // The load error, which the e2e login helper reports as the reason no mail came (the e2e failure
    // once read only "no mail 'login code'" when the frame did not load on a busy machine).
    await expect(widget.getByText('Unable to load email login dependency')).toBeVisible({ timeout: 20_000 })
    await expect(loginCode(widget, email, since)).rejects.toThrow(
      `no login mail to ${email}: the widget says "Unable to load email login dependency"`,
    )
    await widget.getByTestId(`wallet-item-${DEVNET_WALLET_RDNS}`).click()
    await expect(page.getByTestId('account-status')).toHaveText('connected')
  })
})

test.describe('embedded wallet: messages from elsewhere', () => {
  test('the secure frame opened on its own (no parent) says so and answers nothing', async ({ page }) => {
    await page.goto(`${stack.origins.secure}/?projectId=demo`)
    await expect(page.locator('body')).toHaveText('Airlock secure frame: the parent window is not set')
    await expect(page.locator('html')).not.toHaveAttribute('data-ready', 'true')
  })

  test('penpal-looking messages from the dapp page to the widget and to the secure frame are dropped and counted', async ({
    page,
    widget,
  }) => {
    await openDemo(page)
    await page.getByTestId('connect-button').click()
    await widget.getByTestId('email-input').focus()
    const secureFrame = () => page.frames().find((frame) => frame.url().startsWith(stack.origins.secure))
    await expect.poll(async () => secureFrame()?.evaluate(() => document.documentElement.dataset.ready)).toBe('true')
    const widgetFrame = page.frames().find((frame) => frame.url().startsWith(stack.origins.widget))!
    const before = Number((await widgetFrame.evaluate(() => document.documentElement.dataset.droppedMessages)) ?? 0)
    // The dapp page (another origin, another window) pretends to be the secure frame, then the widget.
    await page.evaluate(
      ({ widgetOrigin, secureOrigin }) => {
        const widgetWindow = document.querySelector<HTMLIFrameElement>('iframe[data-airlock]')!.contentWindow!
        const call = {
          namespace: 'penpal',
          channel: 'airlock-secure-frame',
          type: 'CALL',
          id: 'x1',
          methodPath: ['sessionUpdate'],
          args: [{ token: 'forged' }],
        }
        widgetWindow.postMessage(call, widgetOrigin)
        widgetWindow.postMessage({ namespace: 'penpal', channel: 'airlock-secure-frame', type: 'SYN', participantId: 'evil' }, widgetOrigin)
        widgetWindow.frames[0]!.postMessage(
          { ...call, methodPath: ['rpcRequest'], args: [{ method: 'personal_sign', params: ['0x00'] }] },
          secureOrigin,
        )
      },
      { widgetOrigin: stack.origins.widget, secureOrigin: stack.origins.secure },
    )
    await expect
      .poll(async () => Number(await widgetFrame.evaluate(() => document.documentElement.dataset.droppedMessages)))
      .toBe(before + 2)
    await expect.poll(async () => secureFrame()!.evaluate(() => document.documentElement.dataset.droppedMessages)).toBe('1')
    // The modal is unaffected: email login still starts.
    await widget.getByTestId('email-input').fill(freshEmail('after-forgery'))
    await widget.getByTestId('email-submit').click()
    await expect(widget.getByTestId('otp-input')).toBeVisible()
  })
})

test.describe('embedded wallet: Farcaster', () => {
  test('the QR code of the Farcaster channel, approved in the (stand-in) Farcaster app, connects the wallet', async ({
    page,
    widget,
    context,
  }) => {
    const capture = await captureKeyIsolation(context, stack.origins.secure)
    await openDemo(page)
    await page.getByTestId('connect-button').click()
    await widget.getByTestId('social-farcaster').click()
    const qr = widget.getByTestId('farcaster-qr')
    await expect(qr).toBeVisible({ timeout: 10_000 })
    const url = (await qr.getAttribute('data-url'))!
    expect(url).toContain('/~/siwf?channelToken=')
    // The phone: the Farcaster app opens the QR code's URL and the user approves.
    const phone = await context.newPage()
    await phone.goto(url)
    await phone.getByRole('button', { name: 'Approve' }).click()
    await expect(page.getByTestId('account-status')).toHaveText('connected', { timeout: 30_000 })
    const address = getAddress((await page.getByTestId('account-address').textContent())!)
    await page.getByTestId('connect-button').click()
    await expect(widget.getByTestId('account-social')).toContainText(/alice|farcaster/i)
    expect(await findKeyLeaks(await capture.texts(), address)).toEqual([])
  })
})
