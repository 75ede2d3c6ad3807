import type { Browser, Frame, Page } from '@playwright/test'
import { waitForMail } from '@airlock/devnet/mail'
import type { StackInfo } from '../e2e/global-setup'

/**
 * The embedded wallet's confirmation: from the dapp's personal_sign call to the Approve button of
 * the confirmation painted, in whichever document draws it. The two ends are read in different
 * documents (the dapp page, and the widget or the secure frame), each as
 * `performance.timeOrigin + performance.now()`: one machine's clock, sub-millisecond.
 */

/**
 * Opens the demo (`url`, default its script page) in a fresh context and signs in with the
 * embedded wallet by email (the code from the stack's mail sink).
 */
export async function embeddedWalletPage(browser: Browser, urls: StackInfo['urls'], url = urls.demo): Promise<Page> {
  const context = await browser.newContext()
  const page = await context.newPage()
  await page.goto(url)
  await page.waitForFunction(() => window.airlock?.getState().ready === true)
  const widget = page.frameLocator('iframe[data-airlock]')
  const email = `bench-${Date.now()}@example.com`
  await page.getByTestId('connect-button').click()
  await widget.getByTestId('email-input').fill(email)
  await widget.getByTestId('email-submit').click()
  await widget.getByTestId('otp-input').waitFor({ timeout: 45_000 })
  const mail = await waitForMail(urls.mailInbox, { to: email, subject: 'login code' })
  await widget.getByTestId('otp-input').fill(mail.text.match(/\b(\d{6})\b/)![1]!)
  await page.waitForFunction(() => window.airlock!.getState().status === 'connected', undefined, { timeout: 20_000 })
  // Gas for the transactions measured (each rejected: nothing is spent).
  const address = await page.evaluate(() => window.airlock!.getState().address)
  await fetch(urls.rpc['31337']!, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'anvil_setBalance', params: [address, '0x8ac7230489e80000'] }),
  })
  await page.evaluate(() => window.airlock!.close())
  await page.waitForFunction(() => window.airlock!.getState().open === false)
  return page
}

/**
 * Milliseconds from the dapp's request to the confirmation's Approve painted; the request is then
 * rejected. `transaction`: an eth_sendTransaction, whose prompt shows with the node's simulation of
 * it (issue 23), counted once that is painted too.
 */
export async function measureConfirmation(page: Page, kind: 'message' | 'transaction' = 'message'): Promise<number> {
  const frames = page.frames().filter((frame) => frame !== page.mainFrame())
  await Promise.all(frames.map((frame) => watchApprove(frame, kind === 'transaction')))
  const start = await page.evaluate((transaction) => {
    const provider = window.airlock!.getProvider('eip155')
    const bench = window as unknown as { __benchAnswer?: Promise<unknown> }
    const start = performance.timeOrigin + performance.now()
    bench.__benchAnswer = provider
      .request({ method: 'eth_accounts' })
      .then((accounts) => {
        const [from] = accounts as string[]
        return transaction
          ? provider.request({
              method: 'eth_sendTransaction',
              params: [{ from, to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: '0x1' }],
            })
          : provider.request({ method: 'personal_sign', params: ['0x62656e6368', from] })
      })
      .then(
        () => 'signed',
        (error: { code?: number }) => error.code,
      )
    return start
  }, kind === 'transaction')
  const deadline = Date.now() + 15_000
  for (;;) {
    for (const frame of frames) {
      const seen = await frame.evaluate(() => (window as unknown as { __benchSeen?: number }).__benchSeen).catch(() => undefined)
      if (seen !== undefined) {
        await frame.locator('[data-testid="approve-reject"]').click()
        const answer = await page.evaluate(() => (window as unknown as { __benchAnswer: Promise<unknown> }).__benchAnswer)
        if (answer !== 4001) throw new Error(`the rejected request answered ${String(answer)}`)
        await page.waitForFunction(() => window.airlock!.getState().open === false)
        return seen - start
      }
    }
    if (Date.now() > deadline) throw new Error('no confirmation in 15 s')
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

/**
 * Records in `frame` the first animation frame after an Approve button is laid out in a document
 * that is itself laid out (a hidden 0x0 frame runs no animation frames, and its button would not be seen).
 */
function watchApprove(frame: Frame, withSimulation: boolean): Promise<void> {
  return frame.evaluate(
    `window.__benchNeeds = ${JSON.stringify(withSimulation ? '[data-testid="approve-simulation"]' : '')}; ${WATCH_APPROVE}`,
  )
}

// A script, not a function: tsx names the arrow functions of a function it compiles (`__name`).
const WATCH_APPROVE = `(() => {
  window.__benchStop?.()
  window.__benchSeen = undefined
  let done = false
  const stop = () => {
    done = true
    observer.disconnect()
    window.removeEventListener('resize', check)
  }
  const check = () => {
    if (done) return
    if (window.__benchNeeds && !document.querySelector(window.__benchNeeds)) return
    const rect = document.querySelector('[data-testid="approve-confirm"]')?.getBoundingClientRect()
    if (!rect || rect.width === 0 || rect.height === 0 || window.innerWidth === 0 || window.innerHeight === 0) return
    stop()
    requestAnimationFrame(() => setTimeout(() => (window.__benchSeen = performance.timeOrigin + performance.now())))
  }
  const observer = new MutationObserver(check)
  observer.observe(document.documentElement, { subtree: true, childList: true, attributes: true })
  window.addEventListener('resize', check)
  const loop = () => {
    check()
    if (!done) requestAnimationFrame(loop)
  }
  requestAnimationFrame(loop)
  window.__benchStop = stop
})()`
