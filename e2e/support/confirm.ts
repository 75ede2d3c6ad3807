import type { Frame, FrameLocator, Locator, Page } from '@playwright/test'
import { expect, stack } from '../fixtures'

/**
 * The embedded wallet's confirmation, drawn by the secure frame (an iframe on the secure origin
 * inside the widget's iframe) over the widget's ApproveTransaction slot, as a user meets it.
 */

/** The secure frame's document, as a locator root. */
export function secureFrameLocator(page: Page): FrameLocator {
  return page.frameLocator('iframe[data-airlock]').frameLocator('iframe[data-airlock-secure]')
}

/** The secure frame itself (for its URL and for evaluating in it). */
export function secureFrame(page: Page): Frame {
  const frame = page.frames().find((f) => f.url().startsWith(`${stack.origins.secure}/`))
  if (!frame) throw new Error('no secure frame in the page')
  return frame
}

/** The widget's frame (its origin's document). */
export function widgetFrame(page: Page): Frame {
  const frame = page.frames().find((f) => f.url().startsWith(`${stack.origins.widget}/`))
  if (!frame) throw new Error('no widget frame in the page')
  return frame
}

/** Waits for the frame's confirmation to show; returns its root. */
export async function confirmation(page: Page, timeout = 15_000): Promise<Locator> {
  const prompt = secureFrameLocator(page).getByTestId('approve-transaction')
  await expect(prompt).toBeVisible({ timeout })
  return prompt
}

/**
 * Moves the pointer over `approve` until it arms (it arms only after a pointer move made while the
 * browser reports it visible, 500 ms after it became visible), as a user's hand does.
 */
export async function armByHovering(approve: Locator): Promise<void> {
  let step = 0
  await expect
    .poll(
      async () => {
        step = (step % 8) + 1
        await approve.hover({ position: { x: 6 + step * 3, y: 10 } })
        return approve.getAttribute('data-armed')
      },
      { timeout: 10_000, intervals: [100, 150, 250] },
    )
    .toBe('true')
}

/**
 * Reads the prompt to its end as a user does, the wheel over it, when it is longer than the frame
 * (Approve arms only once all of it was seen, issue 23).
 */
export async function readToTheEnd(page: Page, root: Locator): Promise<void> {
  const box = (await root.boundingBox())!
  await page.mouse.move(box.x + box.width / 2, box.y + 40)
  await expect
    .poll(
      async () => {
        await page.mouse.wheel(0, 400)
        return root.evaluate(() => {
          const { scrollTop, clientHeight, scrollHeight } = document.scrollingElement!
          return scrollTop + clientHeight >= scrollHeight - 2
        })
      },
      { timeout: 10_000, intervals: [100, 150, 250] },
    )
    .toBe(true)
}

/** Approves the confirmation in the secure frame: read to its end, the pointer over Approve, then a click. */
export async function approveInFrame(page: Page): Promise<void> {
  const prompt = await confirmation(page)
  await readToTheEnd(page, prompt)
  const approve = secureFrameLocator(page).getByTestId('approve-confirm')
  await armByHovering(approve)
  await approve.click()
}

/** Rejects the confirmation in the secure frame. */
export async function rejectInFrame(page: Page): Promise<void> {
  await confirmation(page)
  await secureFrameLocator(page).getByTestId('approve-reject').click()
}

/** Opens the confirmation in its popup ("Review in a secure window", an aimed click in the frame); returns the popup. */
export async function openConfirmPopup(page: Page): Promise<Page> {
  const review = secureFrameLocator(page).getByTestId('approve-popup')
  // Armed like Approve (issue 23): the pointer over it first.
  await armByHovering(review)
  const opened = page.context().waitForEvent('page')
  await review.click()
  const popup = await opened
  expect(new URL(popup.url()).origin).toBe(stack.origins.secure)
  await expect(popup.getByTestId('approve-transaction')).toBeVisible()
  return popup
}

/** Approves in the popup as a user does (pointer over Approve, then a click); the popup closes. */
export async function approveInPopup(popup: Page): Promise<void> {
  const approve = popup.getByTestId('approve-confirm')
  await armByHovering(approve)
  const closed = popup.waitForEvent('close')
  // The popup closes itself in the click's own handler (confirm/popup.ts). When that close wins the
  // race with the click's acknowledgement (a loaded machine: one fresh-clone run beside a build),
  // Playwright reports the click as failed on a closed page: that close is the click's effect.
  await approve.click().catch((error: unknown) => {
    if (!popup.isClosed()) throw error
  })
  await closed
}
