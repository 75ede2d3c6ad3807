import type { FrameLocator, Page } from '@playwright/test'
import { wrapBytes } from '@airlock/chains/polkadot'
import { polkadotDevnetAccounts } from '@airlock/devnet/polkadot'
import { cryptoWaitReady, signatureVerify } from '@polkadot/util-crypto'
import { expect, openDemo, stack, test } from './fixtures'
import { approveInFrame } from './support/confirm'
import { enterCode, freshEmail, loginCode } from './support/emailLogin'
import { extensionDappScript } from './support/extensionDapp'
import { pickPolkadotExtension, POLKADOT_DEVNET as DEVNET } from './support/polkadot'

/**
 * A dapp page written for @polkadot/extension-dapp (the library itself, bundled into the page)
 * finds Airlock as the extension "airlock" of window.injectedWeb3: web3Enable opens Airlock's
 * modal, where the user connects the devnet's browser extension; web3Accounts lists the
 * connection's account under "airlock", named "Airlock"; web3FromSource('airlock')'s signer signs
 * a message (signRaw), which verifies (sr25519 over the <Bytes>-wrapped message); a no in the
 * wallet reaches the page as polkadot-js' Error('Cancelled'). With the embedded wallet (email
 * login in the modal web3Enable opened) the account is ed25519 and the secure frame signs.
 */

const ME = polkadotDevnetAccounts[0]!.address

type InjectedAccount = { address: string; meta: { name?: string; source: string }; type?: string }
type Signer = { signRaw(raw: { address: string; data: string; type: 'bytes' }): Promise<{ id: number; signature: string }> }
type DappWindow = Window & {
  extensionDapp: {
    web3Enable(originName: string): Promise<{ name: string; version: string }[]>
    web3Accounts(options?: { extensions?: string[]; ss58Format?: number }): Promise<InjectedAccount[]>
    web3FromSource(source: string): Promise<{ signer: Signer }>
  }
}

/** The dapp's page: its extension-dapp script first (it reads window.injectedWeb3 once the document is ready), then the demo's SDK. */
async function openExtensionDapp(page: Page): Promise<void> {
  await page.addInitScript(await extensionDappScript())
  await openDemo(page, `${stack.urls.demoNpm}?networks=eip155:31337,${DEVNET}`)
}

/** web3Enable as the dapp's connect button calls it: the names of the extensions it enabled. */
const web3Enable = (page: Page) =>
  page.evaluate(async () => (await (window as unknown as DappWindow).extensionDapp.web3Enable('Some dapp')).map(({ name }) => name))

/** web3Enable, and the user picks the devnet extension in the modal it opened. */
async function enableThroughAirlock(page: Page, widget: FrameLocator): Promise<string[]> {
  const enabling = web3Enable(page)
  await pickPolkadotExtension(widget)
  return enabling
}

/** The dapp's signRaw of `text` through web3FromSource('airlock'), as hex bytes. */
const signRaw = (page: Page, address: string, text: string) =>
  page.evaluate(
    async ({ address, text }) => {
      const { signer } = await (window as unknown as DappWindow).extensionDapp.web3FromSource('airlock')
      const data = `0x${Array.from(new TextEncoder().encode(text), (b) => b.toString(16).padStart(2, '0')).join('')}`
      return signer.signRaw({ address, data, type: 'bytes' })
    },
    { address, text },
  )

/** Whether `signature` is `address`'s over the <Bytes>-wrapped `text`, as extensions sign; the scheme it verified with. */
async function verify(text: string, signature: string, address: string) {
  await cryptoWaitReady()
  const { isValid, crypto } = signatureVerify(wrapBytes(new TextEncoder().encode(text)), signature, address)
  return { isValid, crypto }
}

test.describe('with the devnet browser extension', () => {
  test.use({ families: ['eip155', 'polkadot'] })

  test('a dapp on @polkadot/extension-dapp lists "airlock", connects through its modal and gets a message signed', async ({
    page,
    widget,
  }) => {
    await openExtensionDapp(page)
    const names = await enableThroughAirlock(page, widget)
    // The page's own extension (the devnet's) is there too: extension-dapp enables every entry.
    expect(names.sort()).toEqual(['airlock', 'airlock-devnet'])

    // In the devnet's SS58 format (extension-dapp writes every account in the one it is given, else the generic 42).
    const accounts = await page.evaluate(() =>
      (window as unknown as DappWindow).extensionDapp.web3Accounts({ extensions: ['airlock'], ss58Format: 2 }),
    )
    expect(accounts).toEqual([{ address: ME, meta: { name: 'Airlock', source: 'airlock' } }])

    const text = `Some dapp signs in at ${new Date().toISOString()}`
    const { id, signature } = await signRaw(page, accounts[0]!.address, text)
    expect(id).toBe(1)
    expect(await verify(text, signature, ME)).toEqual({ isValid: true, crypto: 'sr25519' })
  })

  test("a no in the wallet reaches the dapp as polkadot-js' Error('Cancelled'), code 4001", async ({ page, widget }) => {
    await openExtensionDapp(page)
    await enableThroughAirlock(page, widget)
    await page.evaluate(() =>
      (window as unknown as { __devnetPolkadotWallet: { devnet: { rejectNext(): void } } }).__devnetPolkadotWallet.devnet.rejectNext(),
    )
    const refused = await page.evaluate(async (address) => {
      const { signer } = await (window as unknown as DappWindow).extensionDapp.web3FromSource('airlock')
      try {
        await signer.signRaw({ address, data: '0x00', type: 'bytes' })
        return undefined
      } catch (error) {
        return { isError: error instanceof Error, message: (error as Error).message, code: (error as { code?: number }).code }
      }
    }, ME)
    expect(refused).toEqual({ isError: true, message: 'Cancelled', code: 4001 })
  })
})

test.describe('with the embedded wallet', () => {
  test('web3Enable opens the modal, the email login connects, and the ed25519 account signs in the secure frame', async ({
    page,
    widget,
  }) => {
    await openExtensionDapp(page)
    const enabling = web3Enable(page)
    const email = freshEmail('extension-dapp')
    const since = Date.now()
    await widget.getByTestId('email-input').fill(email)
    await widget.getByTestId('email-submit').click()
    await enterCode(widget, 'otp-input', await loginCode(widget, email, since))
    expect(await enabling).toEqual(['airlock'])

    const [account, ...others] = await page.evaluate(() =>
      (window as unknown as DappWindow).extensionDapp.web3Accounts({ extensions: ['airlock'], ss58Format: 2 }),
    )
    expect(others).toEqual([])
    expect(account).toMatchObject({ meta: { name: 'Airlock', source: 'airlock' }, type: 'ed25519' })
    // The modal's Polkadot connection, as getState() has it.
    const connected = await page.evaluate(
      () => window.airlock!.getState().connections?.find((c) => c.namespace === 'polkadot')?.caipAddress,
    )
    expect(connected).toBe(`${DEVNET}:${account!.address}`)

    const text = `Some dapp signs in at ${new Date().toISOString()}`
    const signing = signRaw(page, account!.address, text)
    await approveInFrame(page)
    const { signature } = await signing
    expect(await verify(text, signature, account!.address)).toEqual({ isValid: true, crypto: 'ed25519' })
  })
})
