import { localhostFetch } from '@airlock/devnet/oidc'
import type { Page } from '@playwright/test'
import { getAddress } from 'viem'
import { expect, openDemo, stack, test } from './fixtures'
import { emailLogin, freshEmail } from './support/emailLogin'
import { signInAtStandIn } from './support/socialLogin'

/**
 * The login-injection attack on social login (issue 12), across the real origins: a script starts
 * a login at the secure origin's server and sends the login link to a victim, who completes the
 * provider's real login page; the script then claims the login. The login is bound to the browser
 * that runs it and its proof goes only to the frame that opened the popup, so the script gets
 * nothing, and the victim's own logins still work.
 */

const NO_OPENER_TITLE = 'This sign-in cannot be used'
const NO_OPENER_TEXT =
  'This window was not opened by the app you were signing in to, so nothing was signed in. ' +
  'If someone sent you this link, they were trying to get into your account: close this window.'
const WRONG_PROOF = 'This sign-in was not confirmed by its own sign-in window: start the login again'
const LINK_REQUIRED = 'An Airlock account already uses this email: sign in with your email first, then sign in with Google to add it'

/**
 * The attacker's script: plain HTTP from Node to the secure origin's server, with a forged `Origin`
 * header (a server cannot tell it from the frame's) and the device token the start hands it.
 */
function script() {
  let device: string | undefined
  const call = async (path: string, body?: unknown) => {
    const headers: Record<string, string> = { Origin: stack.origins.secure, 'Content-Type': 'application/json' }
    if (device) headers['X-Airlock-Device'] = device
    // Node cannot resolve *.localhost: the request goes to 127.0.0.1, as the stack's own servers do.
    const response = await localhostFetch(`${stack.origins.secure}/api${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    })
    return { status: response.status, json: (await response.json()) as Record<string, unknown> }
  }
  return {
    call,
    async startGoogle() {
      const started = await call('/social/google/start', {})
      expect(started.status).toBe(200)
      device = started.json.deviceToken as string
      return { uri: started.json.uri as string, state: started.json.state as string }
    },
    /** Everything the script could read with what it holds: no session, no share. */
    async expectNothingReadable() {
      expect((await call('/session')).json).toEqual({ isConnected: false })
      for (const [path, body] of [
        ['/shares/auth'],
        ['/shares/recovery'],
        ['/passkeys'],
        ['/key-service/assertion', { purpose: 'recover' }],
      ] as const) {
        const read = await call(path, body)
        expect(read.status, path).toBe(401)
      }
    },
  }
}

/** The victim opens the link they were sent, top-level in their own browser, and signs in at the provider. */
async function victimOpensLink(victim: Page, uri: string, email: string) {
  await victim.goto(uri)
  await signInAtStandIn(victim, email)
  await victim.waitForURL((url) => url.origin === stack.origins.secure && url.pathname === '/oauth/google/callback')
  await expect(victim.getByRole('heading')).toHaveText(NO_OPENER_TITLE)
  await expect(victim.locator('body')).toContainText(NO_OPENER_TEXT)
}

async function googleThroughModal(page: Page, widget: ReturnType<Page['frameLocator']>, email: string) {
  const popupOpened = page.waitForEvent('popup')
  await widget.getByTestId('social-google').click()
  await signInAtStandIn(await popupOpened, email)
}

test.describe('login injection: a social login started by someone else gives them nothing', () => {
  test('the script starts, the victim completes, the script claims: refused, nothing readable; the victim then logs in', async ({
    page,
    widget,
    context,
  }) => {
    test.slow()
    const attacker = script()
    const flow = await attacker.startGoogle()
    // The link is the secure origin's start page, not the provider's URL.
    expect(flow.uri).toBe(`${stack.origins.secure}/oauth/google/start?flow=${flow.state}`)

    const email = freshEmail('injected')
    await victimOpensLink(await context.newPage(), flow.uri, email)

    // The script claims, as the frame would, while the victim's login is complete: always 'pending'.
    for (let poll = 0; poll < 3; poll++) {
      const claimed = await attacker.call('/social/claim', { state: flow.state })
      expect(claimed.status).toBe(202)
      expect(claimed.json).toEqual({ status: 'pending' })
      await new Promise((resolve) => setTimeout(resolve, 500))
    }
    // A made-up proof is refused, and ends the flow.
    const guessed = await attacker.call('/social/claim', { state: flow.state, proof: 'A'.repeat(43) })
    expect(guessed.status).toBe(403)
    expect(guessed.json.error).toBe(WRONG_PROOF)
    expect((await attacker.call('/social/claim', { state: flow.state })).json.error).toBe(WRONG_PROOF)
    await attacker.expectNothingReadable()

    // The victim's own login, through the dapp's modal in the same browser, with the same Google account.
    await openDemo(page)
    await page.getByTestId('connect-button').click()
    await googleThroughModal(page, widget, email)
    await expect(page.getByTestId('account-status')).toHaveText('connected', { timeout: 20_000 })
    await expect(page.getByTestId('account-address')).toHaveText(/^0x[0-9a-fA-F]{40}$/)
  })

  test('against an email wallet: the script gets nothing, and Google joins the wallet only from a session of it', async ({
    browser,
    page,
    widget,
    context,
  }) => {
    test.setTimeout(120_000)
    await openDemo(page)
    const email = freshEmail('linked')
    const address = await emailLogin(page, widget, email)

    const attacker = script()
    const flow = await attacker.startGoogle()
    await victimOpensLink(await context.newPage(), flow.uri, email)
    expect((await attacker.call('/social/claim', { state: flow.state })).json).toEqual({ status: 'pending' })
    expect((await attacker.call('/social/claim', { state: flow.state, proof: 'A'.repeat(43) })).status).toBe(403)
    await attacker.expectNothingReadable()

    // Another browser, not signed in to the wallet: a Google account with the same email is not linked to it.
    const stranger = await browser.newContext()
    try {
      const strangerPage = await stranger.newPage()
      await openDemo(strangerPage)
      await strangerPage.getByTestId('connect-button').click()
      const strangerWidget = strangerPage.frameLocator('iframe[data-airlock]')
      await googleThroughModal(strangerPage, strangerWidget, email)
      await expect(strangerWidget.getByTestId('social-status')).toHaveText(LINK_REQUIRED, { timeout: 20_000 })
      await expect(strangerPage.getByTestId('account-status')).toHaveText('disconnected')
    } finally {
      await stranger.close()
    }

    // The wallet's own browser, signed in by email: Google is added to that wallet, and opens it.
    await page.evaluate(() => window.airlock!.open({ view: 'Connect' }))
    await googleThroughModal(page, widget, email)
    await expect(page.getByTestId('account-status')).toHaveText('connected', { timeout: 20_000 })
    expect(getAddress((await page.getByTestId('account-address').textContent())!)).toBe(address)
  })
})
