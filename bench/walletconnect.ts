import type { Frame } from '@playwright/test'

/**
 * (No named function inside the evaluated callback: tsx would wrap it in a `__name` helper the
 * page does not have.)
 *
 * Clicks the WalletConnect entry of the Connect view inside the widget frame and times, in the
 * frame's clock, until the frame after the QR code appeared: the pairing URI came from the relay.
 */
export function measureQr(frame: Frame): Promise<number> {
  return frame.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const entry = document.querySelector<HTMLElement>('[data-testid="wallet-item-walletConnect"]')
        if (!entry) return reject(new Error('the Connect view shows no WalletConnect entry'))
        const timeout = setTimeout(() => reject(new Error('no QR code in 15 s')), 15_000)
        const start = performance.now()
        const observer = new MutationObserver(() => {
          if (!document.querySelector('[data-testid="wc-qr"][data-uri^="wc:"]')) return
          observer.disconnect()
          requestAnimationFrame(() =>
            setTimeout(() => {
              clearTimeout(timeout)
              resolve(performance.now() - start)
            }),
          )
        })
        observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-uri'] })
        entry.click()
      }),
  )
}
