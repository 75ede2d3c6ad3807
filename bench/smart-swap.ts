import type { FrameLocator, Page } from '@playwright/test'
import { DEVNET_CONTRACTS } from '@airlock/devnet'
import { encodeAbiParameters, keccak256, parseUnits, toHex, type Address } from 'viem'
import type { StackInfo } from '../e2e/global-setup'

/**
 * The modal's swap of 1 USDC to DAI by the embedded wallet, from the click on the preview's button
 * to the swap mined (its "Swapped" toast): the smart account's one batch (one confirmation, the
 * relay's user operation) against the EOA's two steps (the approval confirmed and mined, the swap
 * rebuilt, confirmed and mined). Each confirmation is approved as soon as it arms (500 ms after it
 * shows, as for a user), so the user's part is in both.
 */
export async function measureSwapClickToMined(page: Page, account: 'eoa' | 'smartAccount'): Promise<number> {
  const widget = page.frameLocator('iframe[data-airlock]')
  await page.evaluate(() => window.airlock!.open({ view: 'Account' }))
  await widget.getByTestId('account-feature-swaps').click()
  await widget.getByTestId('swap-view').waitFor({ timeout: 15_000 })
  for (const [side, symbol] of [
    ['source', 'USDC'],
    ['to', 'DAI'],
  ] as const) {
    await widget.getByTestId(`swap-token-${side}`).click()
    await widget.getByTestId(`swap-token-popular-${symbol}`).click()
  }
  await widget.getByTestId('swap-input-source').fill('1')
  await buttonSays(widget, 'swap-review', 'Review swap')
  await widget.getByTestId('swap-review').click()
  await buttonSays(widget, 'swap-preview-confirm', account === 'eoa' ? 'Approve USDC' : 'Swap')
  const start = performance.now()
  await widget.getByTestId('swap-preview-confirm').click()
  await approveWhenArmed(page)
  if (account === 'eoa') {
    await buttonSays(widget, 'swap-preview-confirm', 'Swap', 60_000)
    await widget.getByTestId('swap-preview-confirm').click()
    await approveWhenArmed(page)
  }
  await widget
    .getByTestId('toast')
    .filter({ hasText: /^Swapped 1 USDC to / })
    .waitFor({ timeout: 60_000 })
  const elapsed = performance.now() - start
  await page.evaluate(() => window.airlock!.close())
  await page.waitForFunction(() => window.airlock!.getState().open === false)
  return elapsed
}

/** Gives the page's account `amount` devnet USDC (OpenZeppelin's ERC20 keeps balances in slot 0). */
export async function fundUsdc(page: Page, urls: StackInfo['urls'], amount: string): Promise<void> {
  const owner = (await page.evaluate(() => window.airlock!.getState().address)) as Address
  const slot = keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [owner, 0n]))
  await fetch(urls.rpc['31337']!, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'anvil_setStorageAt',
      params: [DEVNET_CONTRACTS.usdc, slot, toHex(parseUnits(amount, 6), { size: 32 })],
    }),
  })
}

async function buttonSays(widget: FrameLocator, testId: string, text: string, timeout = 15_000): Promise<void> {
  await widget.locator(`[data-testid="${testId}"]:not([disabled])`, { hasText: new RegExp(`^${text}$`) }).waitFor({ timeout })
}

/** Reads the secure frame's confirmation to its end and approves it the moment it arms, as a quick user does. */
async function approveWhenArmed(page: Page): Promise<void> {
  const frame = page.frameLocator('iframe[data-airlock]').frameLocator('iframe[data-airlock-secure]')
  const prompt = frame.getByTestId('approve-transaction')
  const approve = frame.getByTestId('approve-confirm')
  await approve.waitFor({ timeout: 30_000 })
  const deadline = Date.now() + 15_000
  const box = (await prompt.boundingBox())!
  await page.mouse.move(box.x + box.width / 2, box.y + 40)
  // Approve arms only once all of the prompt was seen: the wheel over it to its end.
  while (!(await prompt.evaluate(() => window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2))) {
    if (Date.now() > deadline) throw new Error('the confirmation did not scroll to its end in 15 s')
    await page.mouse.wheel(0, 400)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  for (let step = 0; (await approve.getAttribute('data-armed')) !== 'true'; step++) {
    if (Date.now() > deadline) throw new Error('the confirmation did not arm in 15 s')
    await approve.hover({ position: { x: 6 + (step % 8) * 3, y: 10 } })
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
  await approve.click()
}
