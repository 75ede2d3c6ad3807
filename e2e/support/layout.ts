import type { Locator } from '@playwright/test'

/**
 * Where `target` is once its document's finite animations (the card's opening, a view's slide)
 * have ended: the place a user aims at. Endless ones (spinners, placeholder pulses) are not waited for.
 */
export async function restingBox(target: Locator): Promise<{ x: number; y: number; width: number; height: number } | null> {
  await target.evaluate(async (element) => {
    const finite = element.ownerDocument
      .getAnimations()
      .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime ?? Infinity)))
    await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)))
  })
  return target.boundingBox()
}
