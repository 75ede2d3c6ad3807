import type { Browser } from '@playwright/test'
import type { StackInfo } from '../e2e/global-setup'
import { installDevnetWallet } from './families'

/**
 * Sign in with the wallet (issue 24): from the user's click on the devnet browser wallet in the
 * Connect view to the dapp's `subscribeSession` getting the session and its token (connection,
 * the API's nonce, the wallet's signature, the API's check and token). Each end is read in its own
 * document as `performance.timeOrigin + performance.now()` (one clock, sub-millisecond). Between
 * runs the dapp disconnects, which ends the session, so every run signs in anew.
 */
export async function measureConnectToSignedIn(browser: Browser, urls: StackInfo['urls'], runs: number): Promise<number[]> {
  const context = await browser.newContext()
  try {
    const page = await context.newPage()
    await installDevnetWallet(page, urls, ['eip155'])
    await page.goto(`${urls.demoNpm}?networks=eip155:31337&siwx=on`)
    await page.waitForFunction(() => window.airlock?.getState().ready === true)
    const widget = page.frameLocator('iframe[data-airlock]')
    const times: number[] = []
    for (let run = 0; run < runs; run++) {
      await page.evaluate(() => {
        const w = window as unknown as { __signedInAt?: number }
        delete w.__signedInAt
        const stop = window.airlock!.subscribeSession((session) => {
          if (!session) return
          w.__signedInAt = performance.timeOrigin + performance.now()
          stop()
        })
      })
      await page.evaluate(() => window.airlock!.open())
      const item = widget.getByTestId('wallet-item-dev.airlock.devnetwallet')
      await item.waitFor({ state: 'visible' })
      await item.evaluate((node) => {
        node.addEventListener(
          'click',
          () => ((window as unknown as { __clickedAt?: number }).__clickedAt = performance.timeOrigin + performance.now()),
          {
            once: true,
            capture: true,
          },
        )
      })
      await item.click()
      const signedInAt = await (
        await page.waitForFunction(() => (window as unknown as { __signedInAt?: number }).__signedInAt, undefined, { timeout: 15_000 })
      ).jsonValue()
      // Read in the widget's document, where the click landed (the wallet item may be gone by now).
      const clickedAt = await widget.locator('body').evaluate(() => (window as unknown as { __clickedAt: number }).__clickedAt)
      times.push((signedInAt as number) - clickedAt)
      await page.evaluate(() => window.airlock!.disconnect())
      await page.waitForFunction(() => window.airlock!.getState().status === 'disconnected' && !window.airlock!.getSession())
      await page.evaluate(() => window.airlock!.close())
    }
    return times
  } finally {
    await context.close()
  }
}
