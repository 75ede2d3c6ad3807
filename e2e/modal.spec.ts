import { connectWallet, DEVNET_WALLET_RDNS, expect, openDemo, setWalletMode, stack, test } from './fixtures'

test.describe('the modal frame', () => {
  test('is preloaded hidden and inert, opens instantly, locks scroll, and Escape closes it and restores focus', async ({
    page,
    widget,
  }) => {
    await openDemo(page)
    const frame = page.locator('iframe[data-airlock]')
    await expect(frame).toHaveAttribute('aria-hidden', 'true')
    expect(await frame.evaluate((el: HTMLIFrameElement) => el.inert)).toBe(true)
    await page.getByTestId('connect-button').focus()
    await page.getByTestId('connect-button').click()
    await expect(widget.getByTestId('connect-view')).toBeVisible()
    await expect(frame).toHaveAttribute('aria-hidden', 'false')
    expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('hidden')
    expect(await page.evaluate(() => window.airlock!.getState().open)).toBe(true)
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-airlock'))).toBe(true)

    await page.keyboard.press('Escape')
    await expect(frame).toHaveAttribute('aria-hidden', 'true')
    expect(await page.evaluate(() => document.documentElement.style.overflow)).toBe('')
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('connect-button')
    await expect.poll(() => page.evaluate(() => window.airlock!.getState().open)).toBe(false)
  })

  test('the close button closes the modal', async ({ page, widget }) => {
    await openDemo(page)
    await page.getByTestId('connect-button').click()
    await widget.getByTestId('close-button').click()
    await expect(page.locator('iframe[data-airlock]')).toHaveAttribute('aria-hidden', 'true')
  })

  test('calls made before the widget is ready are queued, not lost', async ({ page }) => {
    await openDemo(page)
    // A second instance made on the spot: its handshake cannot have happened yet.
    const result = await page.evaluate(async (widgetUrl) => {
      const airlock = window.Airlock!.createAirlock({ projectId: 'demo', widgetUrl, networks: ['eip155:31338'] })
      const early = airlock.getState().ready
      const [chainId, accounts] = await Promise.all([
        airlock.getProvider('eip155').request({ method: 'eth_chainId' }),
        airlock.getProvider('eip155').request({ method: 'eth_accounts' }),
      ])
      const late = airlock.getState().ready
      airlock.destroy()
      return { early, chainId, accounts, late }
    }, stack.origins.widget)
    expect(result).toEqual({ early: false, chainId: '0x7a6a', accounts: [], late: true })
  })

  test('the theme follows setThemeMode', async ({ page, widget }) => {
    await openDemo(page)
    await page.getByTestId('connect-button').click()
    await expect(widget.locator('html')).toHaveAttribute('data-theme', 'dark')
    await page.evaluate(() => window.airlock!.setThemeMode('light'))
    await expect(widget.locator('html')).toHaveAttribute('data-theme', 'light')
  })
})

test.describe('the EIP-1193 provider', () => {
  test('is announced through EIP-6963 as "Airlock" and answers requests', async ({ page }) => {
    await openDemo(page)
    const announced = await page.evaluate(
      () =>
        new Promise<{ name: string; rdns: string; chainId: unknown }>((resolve) => {
          window.addEventListener('eip6963:announceProvider', (event) => {
            const { info, provider } = (event as CustomEvent).detail
            if (info.name === 'Airlock')
              void provider
                .request({ method: 'eth_chainId' })
                .then((chainId: unknown) => resolve({ name: info.name, rdns: info.rdns, chainId }))
          })
          window.dispatchEvent(new Event('eip6963:requestProvider'))
        }),
    )
    expect(announced).toEqual({ name: 'Airlock', rdns: 'dev.airlock', chainId: '0x7a69' })
  })

  test('an unknown method answers 4200', async ({ page }) => {
    await openDemo(page)
    const error = await page.evaluate(() =>
      window
        .airlock!.getProvider('eip155')
        .request({ method: 'eth_stealEverything' })
        .catch((e: { code: number }) => e.code),
    )
    expect(error).toBe(4200)
  })

  test('emits accountsChanged and chainChanged when the wallet changes', async ({ page, widget }) => {
    await openDemo(page)
    await page.evaluate(() => {
      const seen: unknown[] = ((window as unknown as { seen: unknown[] }).seen = [])
      const provider = window.airlock!.getProvider('eip155')
      provider.on('accountsChanged', (accounts) => seen.push(['accountsChanged', accounts]))
      provider.on('chainChanged', (chainId) => seen.push(['chainChanged', chainId]))
    })
    await connectWallet(page, widget)
    await page.evaluate(() => window.airlock!.switchNetwork('eip155:31338'))
    await expect(page.getByTestId('account-chain')).toHaveText('eip155:31338')
    const seen = await page.evaluate(() => (window as unknown as { seen: unknown[] }).seen)
    expect(seen).toContainEqual(['chainChanged', '0x7a6a'])
    expect(seen.some((entry) => (entry as unknown[])[0] === 'accountsChanged')).toBe(true)
  })

  test('a destroyed SDK rejects every call with a clear error', async ({ page }) => {
    await openDemo(page)
    const errors = await page.evaluate(async () => {
      const airlock = window.airlock!
      const provider = airlock.getProvider('eip155')
      airlock.destroy()
      const request = await provider.request({ method: 'eth_chainId' }).catch((e: Error) => e.message)
      const open = await airlock.open().catch((e: Error) => e.message)
      return { request, open, frames: document.querySelectorAll('iframe[data-airlock]').length }
    })
    expect(errors.request).toMatch(/destroyed/)
    expect(errors.open).toMatch(/destroyed/)
    expect(errors.frames).toBe(0)
  })
})

test.describe('a misbehaving wallet leaves the modal usable', () => {
  test('a wallet that never answers can be left with back and close, and retried later', async ({ page, widget }) => {
    await openDemo(page)
    await setWalletMode(page, 'hang')
    await page.getByTestId('connect-button').click()
    await widget.getByTestId(`wallet-item-${DEVNET_WALLET_RDNS}`).click()
    await expect(widget.getByTestId('connecting-external')).toBeVisible()
    await widget.getByTestId('back-button').click()
    await expect(widget.getByTestId('connect-view')).toBeVisible()
    await widget.getByTestId('close-button').click()
    await expect(page.locator('iframe[data-airlock]')).toHaveAttribute('aria-hidden', 'true')
    await setWalletMode(page, 'approve')
    await connectWallet(page, widget)
  })
})

test.describe('hostile messages', () => {
  test('malformed and foreign messages are dropped and counted on both sides, and nothing breaks', async ({ page, widget }) => {
    await openDemo(page)
    const { origins } = stack
    // Toward the host: a script in the page poses as the widget.
    await page.evaluate(() => {
      window.postMessage(
        { namespace: 'penpal', type: 'CALL', id: 'x', methodPath: ['setVisible'], args: [{ visible: true }] },
        window.location.origin,
      )
    })
    // Toward the widget: the dapp page sends garbage straight into the widget frame.
    await page.evaluate((widgetOrigin) => {
      const frame = document.querySelector<HTMLIFrameElement>('iframe[data-airlock]')!
      frame.contentWindow!.postMessage({ namespace: 'penpal', type: 'CALL', id: 1 }, widgetOrigin)
      frame.contentWindow!.postMessage({ namespace: 'penpal', type: 'SYN' }, widgetOrigin)
      frame.contentWindow!.postMessage('garbage', widgetOrigin)
    }, origins.widget)
    await expect.poll(() => page.evaluate(() => window.airlock!.getDiagnostics().dropped.source)).toBeGreaterThanOrEqual(1)
    await expect.poll(async () => Number(await widget.locator('html').getAttribute('data-dropped-messages'))).toBeGreaterThanOrEqual(3)
    expect(await page.evaluate(() => window.airlock!.getState().open)).toBe(false)
    await connectWallet(page, widget)
    expect(await page.evaluate(() => window.airlock!.getProvider('eip155').request({ method: 'eth_chainId' }))).toBe('0x7a69')
  })
})
