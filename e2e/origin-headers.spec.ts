import { expect, stack, test } from './fixtures'

/**
 * What each origin's headers let a browser do: the widget's alert page framed by nobody, the
 * one-line SDK run only with the bytes its integrity pins, and no feature name Chromium rejects.
 * (The opener rules are tried by the popups of login-injection, custody, onramp and confirmation.)
 */
const evil = stack.urls.demo.replace('dapp.localhost', 'evil.localhost')

test('an attacker page framing the widget alert page, under any claimed origin, gets nothing rendered', async ({ page }) => {
  await page.goto(`${evil}npm.html`)
  const evilOrigin = new URL(evil).origin
  for (const query of [
    `projectId=demo&origin=${encodeURIComponent(evilOrigin)}`,
    `projectId=nope&origin=${encodeURIComponent(evilOrigin)}`,
    '',
  ]) {
    const src = `${stack.origins.widget}/?${query}`
    const id = await page.evaluate((url) => {
      const frame = document.createElement('iframe')
      frame.src = url
      frame.id = `framed-${document.querySelectorAll('iframe').length}`
      document.body.append(frame)
      return new Promise<string>((resolve) => frame.addEventListener('load', () => resolve(frame.id)))
    }, src)
    const framed = await (await page.$(`#${id}`))!.contentFrame()
    expect(framed!.url(), query).toMatch(/^chrome-error:/)
    await expect(page.frameLocator(`#${id}`).getByTestId('app-alert')).toHaveCount(0)
  }
  // The same page opened top-level (nobody framing it) still tells a developer what is wrong.
  await page.goto(`${stack.origins.widget}/?projectId=demo&origin=${encodeURIComponent(evilOrigin)}`)
  await expect(page.getByTestId('app-alert')).toHaveText('Invalid App Configuration')
})

test('the demo loads the versioned SDK with its integrity, and altered bytes would not run', async ({ page }) => {
  await page.goto(stack.urls.demo)
  await page.waitForFunction(() => window.airlock?.getState().ready === true)
  const tag = await page.evaluate(() => {
    const script = document.querySelector<HTMLScriptElement>('script[data-project-id]')!
    return { src: script.src, integrity: script.integrity, crossOrigin: script.crossOrigin }
  })
  expect(tag.src).toMatch(new RegExp(`^${stack.origins.widget}/sdk@\\d+\\.\\d+\\.\\d+\\.js$`))
  expect(tag.integrity).toMatch(/^sha384-[A-Za-z0-9+/]{64}$/)
  expect(tag.crossOrigin).toBe('anonymous')

  const load = (integrity: string) =>
    page.evaluate(
      ({ src, integrity }) =>
        new Promise<string>((resolve) => {
          const script = document.createElement('script')
          Object.assign(script, { src, integrity, crossOrigin: 'anonymous' })
          script.onload = () => resolve('ran')
          script.onerror = () => resolve('blocked')
          document.head.append(script)
        }),
      { src: tag.src, integrity },
    )
  expect(await load(tag.integrity)).toBe('ran')
  // What a tampered file (or a hash from another version) would get.
  expect(await load(`sha384-${'A'.repeat(64)}`)).toBe('blocked')
})

test("no origin's Permissions-Policy names a feature Chromium does not know", async ({ page }) => {
  const complaints: string[] = []
  page.on('console', (message) => {
    if (/Permissions-Policy|Feature-Policy|Unrecognized feature/i.test(message.text())) complaints.push(message.text())
  })
  await page.goto(stack.urls.demo)
  await page.waitForFunction(() => window.airlock?.getState().ready === true)
  for (const url of [
    `${stack.origins.widget}/?projectId=demo`,
    `${stack.origins.secure}/`,
    `${stack.urls.api}/health`,
    `${stack.urls.keyService}/health`,
  ]) {
    await page.goto(url)
  }
  expect(complaints).toEqual([])
})
