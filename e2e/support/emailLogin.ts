import type { FrameLocator, Page } from '@playwright/test'
import { getAddress, type Address } from 'viem'
import { expect, stack } from '../fixtures'

/** The embedded wallet's email login, as a user does it: the code is read from the mail sink's inbox. */

let emailCounter = 0
export const freshEmail = (tag: string) => `e2e-${tag}-${Date.now()}-${++emailCounter}@example.com`

/** The 6-digit code of the newest mail to `to` whose subject matches, newer than `after`. */
export async function mailedCode(to: string, subject: RegExp, after: number): Promise<string> {
  const deadline = Date.now() + 15_000
  while (Date.now() < deadline) {
    const response = await fetch(`${stack.urls.mailInbox}messages?to=${encodeURIComponent(to)}`)
    const { messages } = (await response.json()) as { messages: { subject: string; text: string; date: string }[] }
    const mail = messages.find((message) => subject.test(message.subject) && Date.parse(message.date) >= after)
    const code = mail?.text.match(/\b(\d{6})\b/)?.[1]
    if (code) return code
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`no mail "${subject}" to ${to}`)
}
export const LOGIN_MAIL = /login code/
export const DEVICE_MAIL = /new device/

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
  const sent = Date.now() - 1000
  await startEmailLogin(page, widget, email)
  await enterCode(widget, 'otp-input', await mailedCode(email, LOGIN_MAIL, sent))
  await expect(page.getByTestId('account-status')).toHaveText('connected', { timeout: 15_000 })
  return getAddress((await page.getByTestId('account-address').textContent())!)
}
