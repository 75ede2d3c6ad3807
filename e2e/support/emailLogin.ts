import type { FrameLocator, Page } from '@playwright/test'
import { waitForMail } from '@airlock/devnet/mail'
import { getAddress, type Address } from 'viem'
import { expect, openDemo, stack } from '../fixtures'

/** The embedded wallet's email login, as a user does it: the code is read from the mail sink's inbox. */

let emailCounter = 0
export const freshEmail = (tag: string) => `e2e-${tag}-${Date.now()}-${++emailCounter}@example.com`

/** Pieces of the subjects of the secure origin's login mail and the key service's device mail. */
export const LOGIN_MAIL = 'login code'
export const DEVICE_MAIL = 'new device'

/**
 * The widget's own limits (the frame says ready within 10 s, the frame answers connect email within
 * SPEC section 9's 30 s) end in its error before this.
 */
const WIDGET_ANSWER_MS = 45_000
/**
 * The servers answer only once the sink has taken the mail (the send is awaited before the answer):
 * a mail that the widget says was sent is already there, or lost.
 */
const SENT_MAIL_MS = 5000

/**
 * The 6-digit code of the mail to `to` whose subject contains `subject`, received since `since`
 * (epoch ms), for a mail the widget says was sent. The sink answers when it holds the mail (no
 * polling window).
 */
export async function mailedCode(to: string, subject: string, since: number): Promise<string> {
  const mail = await waitForMail(stack.urls.mailInbox, { to, subject, since }, { timeoutMs: SENT_MAIL_MS })
  const code = /\b(\d{6})\b/.exec(mail.text)?.[1]
  if (!code) throw new Error(`the mail ${JSON.stringify(mail.subject)} to ${to} has no 6-digit code: ${JSON.stringify(mail.text)}`)
  return code
}

/**
 * The login code of an email submit made since `since`: once the widget asks for it. A widget that
 * shows an error instead (the secure frame did not load, a refusal, a mail that could not be sent)
 * fails with that error, since no mail was sent.
 */
export async function loginCode(widget: FrameLocator, email: string, since: number): Promise<string> {
  const asked = widget.getByTestId('otp-input')
  const refused = widget.getByTestId('email-error')
  await expect(asked.or(refused)).toBeVisible({ timeout: WIDGET_ANSWER_MS })
  if (await refused.isVisible())
    throw new Error(`no login mail to ${email}: the widget says ${JSON.stringify(await refused.textContent())}`)
  return mailedCode(email, LOGIN_MAIL, since)
}

export async function startEmailLogin(page: Page, widget: FrameLocator, email: string) {
  await page.getByTestId('connect-button').click()
  await widget.getByTestId('email-input').fill(email)
  await widget.getByTestId('email-submit').click()
}

export async function enterCode(widget: FrameLocator, testId: string, code: string) {
  await widget.getByTestId(testId).fill(code)
}

/** Email login on a device that the account already knows, or a first login. */
export async function emailLogin(page: Page, widget: FrameLocator, email: string): Promise<Address> {
  const since = Date.now()
  await startEmailLogin(page, widget, email)
  await enterCode(widget, 'otp-input', await loginCode(widget, email, since))
  await expect(page.getByTestId('account-status')).toHaveText('connected', { timeout: 15_000 })
  return getAddress((await page.getByTestId('account-address').textContent())!)
}

/**
 * An email login on a browser the wallet does not know, up to the step that asks for its second
 * factor (VerifyDevice); when the login code was asked for, to read the device mails sent since.
 */
export async function loginOnNewDevice(page: Page, widget: FrameLocator, email: string): Promise<number> {
  await openDemo(page)
  const sent = Date.now()
  await startEmailLogin(page, widget, email)
  await enterCode(widget, 'otp-input', await loginCode(widget, email, sent))
  await expect(widget.getByTestId('verify-device')).toBeVisible({ timeout: 15_000 })
  return sent
}
