import type { Locator, Page } from '@playwright/test'

/**
 * Where `target` is once its document's finite animations (the card's opening, a view's slide)
 * have ended: the place a user aims at. Endless ones (spinners, placeholder pulses) are not waited for.
 */
export async function restingBox(target: Locator): ReturnType<Locator['boundingBox']> {
  await target.evaluate(async (element) => {
    const finite = element.ownerDocument
      .getAnimations()
      .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime ?? Infinity)))
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)))
  })
  return target.boundingBox()
}

/**
 * Holds the answers to requests matching `urls` (they go to the real server once released), so that
 * a test sees the view as it is before they land; resolves to the release.
 */
export async function holdResponses(page: Page, urls: readonly string[]): Promise<() => void> {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  for (const url of urls)
    await page.route(url, async (route) => {
      await released
      await route.continue()
    })
  return release
}
