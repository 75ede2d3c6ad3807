import type { FrameLocator, Page } from '@playwright/test'
import { connectWallet, DEVNET_WALLET_RDNS, expect, stack, test } from './fixtures'
import { approveInFrame, secureFrameLocator } from './support/confirm'
import { emailLogin, freshEmail } from './support/emailLogin'
import { backendChecks, dappSession } from './support/siwx'
import { SOLANA } from './support/solana'

/**
 * Issue 24, sign in with the wallet, as a dapp and its backend see it: the dapp waits on
 * `getSession()`, its backend checks the token against the API's JWKS (and with a call to the
 * API), and nothing here waits on the modal's own text but the texts the user is shown.
 */

async function openSiwxDemo(page: Page, mode: 'on' | 'required', networks?: string): Promise<void> {
  const query = new URLSearchParams({ siwx: mode, ...(networks ? { networks } : {}) })
  await page.goto(`${stack.urls.demoNpm}?${query}`)
  await page.waitForFunction(() => window.airlock?.getState().ready === true)
}

const rejectNextSignature = (page: Page, count: number) =>
  page.evaluate(
    (n) =>
      (window as unknown as { __devnetWallet: { devnet: { rejectNext(m: string, n: number): void } } }).__devnetWallet.devnet.rejectNext(
        'personal_sign',
        n,
      ),
    count,
  )

const modalOpen = (page: Page) => page.evaluate(() => window.airlock!.getState().open)
const status = (page: Page) => page.evaluate(() => window.airlock!.getState().status)

test.describe('sign in with the browser wallet', () => {
  test('connect signs in at once; the backend trusts the token; a reload keeps the session without a prompt', async ({
    page,
    widget,
    account,
  }) => {
    await openSiwxDemo(page, 'on')
    await connectWallet(page, widget)
    const session = await dappSession(page)
    expect(session.data).toMatchObject({ accountAddress: account.address, chainId: 'eip155:31337', domain: new URL(stack.urls.demo).host })
    const backend = await backendChecks(session.token)
    expect(backend).toEqual({ sub: `eip155:31337:${account.address}`, status: 200, body: expect.objectContaining({ valid: true }) })
    await expect.poll(() => modalOpen(page)).toBe(false)

    await page.reload()
    await page.waitForFunction(() => window.airlock?.getState().status === 'connected', undefined, { timeout: 15_000 })
    expect((await dappSession(page)).token).toBe(session.token)
    expect(await page.evaluate(() => window.airlock!.getState())).toMatchObject({ open: false })

    // The dapp signs out: the token is dead at the API too, and the account stays connected.
    await page.getByTestId('sign-out-button').click()
    await page.waitForFunction(() => window.airlock!.getSession() === undefined)
    expect((await backendChecks(session.token).catch(() => undefined))?.status ?? 401).toBe(401)
    expect(await status(page)).toBe('connected')
  })

  test('required: close, Escape, the backdrop and close() act as Cancel (disconnect, the modal stays); a declined signature is retried', async ({
    page,
    widget,
  }) => {
    await openSiwxDemo(page, 'required')
    const closers: [string, () => Promise<unknown>][] = [
      ['the close button', () => widget.getByTestId('close-button').click()],
      ['Escape', () => page.keyboard.press('Escape')],
      ['the backdrop', () => widget.getByTestId('modal-overlay').click({ position: { x: 4, y: 4 } })],
      ['close()', () => page.evaluate(() => window.airlock!.close())],
      ['Cancel', () => widget.getByTestId('siwx-cancel').click()],
    ]
    await rejectNextSignature(page, closers.length + 1)
    for (const [name, close] of closers) {
      await connectWallet(page, widget)
      await expect(widget.getByTestId('siwx-status'), name).toHaveText('Signature declined')
      await close()
      await page.waitForFunction(() => window.airlock!.getState().status === 'disconnected')
      expect(await modalOpen(page), name).toBe(true)
      expect(await page.evaluate(() => window.airlock!.getSession()), name).toBeUndefined()
      await expect(widget.getByTestId(`wallet-item-${DEVNET_WALLET_RDNS}`), name).toBeVisible()
      // Nothing holds the modal now: a close closes it.
      await page.evaluate(() => window.airlock!.close())
      await expect.poll(() => modalOpen(page), name).toBe(false)
    }

    await connectWallet(page, widget)
    await expect(widget.getByTestId('siwx-status')).toHaveText('Signature declined')
    await widget.getByTestId('siwx-retry').click()
    const session = await dappSession(page)
    expect((await backendChecks(session.token)).status).toBe(200)
    await expect.poll(() => modalOpen(page)).toBe(false)
  })
})

test.describe('sign in with a Solana wallet', () => {
  test.use({ families: ['eip155', 'solana'] })

  test('the Solana account signs the CAIP-122 message; the API verifies it with ed25519', async ({ page, widget, solanaAccount }) => {
    await openSiwxDemo(page, 'on', SOLANA)
    await page.getByTestId('connect-button').click()
    await widget.getByTestId(`wallet-item-${DEVNET_WALLET_RDNS}`).click()
    const session = await dappSession(page)
    expect(session.data).toMatchObject({ accountAddress: solanaAccount!.address, chainId: SOLANA })
    expect(session.message).toContain('wants you to sign in with your Solana account:')
    expect(await backendChecks(session.token)).toMatchObject({ sub: `${SOLANA}:${solanaAccount!.address}`, status: 200 })
  })
})

test.describe('sign in with the embedded wallet', () => {
  test.describe.configure({ timeout: 60_000 })

  test('after the email login the secure frame shows the sign-in and signs it in the same flow', async ({ page, widget }) => {
    await openSiwxDemo(page, 'on')
    const address = await emailLogin(page, widget as FrameLocator, freshEmail('siwx'))
    await expect(secureFrameLocator(page).getByTestId('siwx-title')).toHaveText(`Sign in to ${new URL(page.url()).host}`, {
      timeout: 15_000,
    })
    await approveInFrame(page)
    const session = await dappSession(page, 30_000)
    expect(session.data).toMatchObject({ accountAddress: address, chainId: 'eip155:31337' })
    expect((await backendChecks(session.token)).status).toBe(200)
    await expect.poll(() => modalOpen(page)).toBe(false)
  })
})
