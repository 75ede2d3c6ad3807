import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { u8aWrapBytes } from '@polkadot/util'
import { encodeAddress, signatureVerify, sr25519Verify } from '@polkadot/util-crypto'
import { Window } from 'happy-dom'
import { toHex, verifyMessage, type Hex } from 'viem'
import { build } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devnetAccounts } from '../accounts'
import { polkadotDevnetAccounts } from '../polkadot/accounts'
import { devnetWalletScriptPath } from '../index'
import type { WalletWindow } from './install'
import { DEVNET_TRANSFER_PAYLOAD, payloadBytes } from './polkadot-payload'

// Builds the real IIFE (same config as `npm run build`) into a temp dir and runs it as a classic script.
let outDir: string
let code: string
beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'devnet-wallet-'))
  await build({
    configFile: fileURLToPath(new URL('../../wallet.vite.config.ts', import.meta.url)),
    logLevel: 'silent',
    build: { outDir },
  })
  code = await readFile(join(outDir, 'devnet-wallet.js'), 'utf8')
}, 30_000)
afterAll(() => rm(outDir, { recursive: true, force: true }))

describe('dist/devnet-wallet.js', () => {
  it('points devnetWalletScriptPath at packages/devnet/dist', () => {
    expect(devnetWalletScriptPath).toBe(fileURLToPath(new URL('../../dist/devnet-wallet.js', import.meta.url)))
  })

  it('is one self-contained classic script', () => {
    expect(code.length).toBeGreaterThan(10_000)
    expect(code).not.toMatch(/^\s*import[\s{]|\bexport\s*[{*]|\brequire\(/m)
    expect(code.trimStart()).toMatch(/^\(function\(\)\{/)
  })

  it('installs, announces and signs when run in a page', async () => {
    const window = new Window({
      url: 'http://localhost:5173/',
      settings: { enableJavaScriptEvaluation: true, suppressInsecureJavaScriptEnvironmentWarning: true },
    })
    try {
      const announced: { info: { rdns: string } }[] = []
      window.addEventListener('eip6963:announceProvider', (e) => announced.push((e as unknown as CustomEvent).detail))
      const script = window.document.createElement('script')
      script.setAttribute('data-rpc-31338', 'http://127.0.0.1:1')
      script.textContent = code
      window.document.head.appendChild(script)

      const win = window as unknown as WalletWindow
      expect(announced).toHaveLength(1)
      // The Solana wallet is in the page too, as Wallet Standard apps ask for it.
      const registered: { name: string }[] = []
      window.dispatchEvent(
        new window.CustomEvent('wallet-standard:app-ready', { detail: { register: (w: { name: string }) => registered.push(w) } }),
      )
      expect(registered.map((w) => w.name)).toEqual(['Devnet Wallet'])
      expect(announced[0]!.info.rdns).toBe('dev.airlock.devnetwallet')
      const provider = win.__devnetWallet!
      expect(win.ethereum).toBe(provider)
      expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a6a')
      const [address] = (await provider.request({ method: 'eth_requestAccounts' })) as Hex[]
      expect(address).toBe(devnetAccounts[0]!.address)
      const message = toHex('signed in a page')
      const signature = (await provider.request({ method: 'personal_sign', params: [message, address] })) as Hex
      expect(await verifyMessage({ address: address!, message: { raw: message }, signature })).toBe(true)
    } finally {
      await window.happyDOM.close()
    }
  })

  it('carries the Polkadot extension, whose sr25519 and @polkadot/types signing work', async () => {
    // Run in this realm, not happy-dom's: polkadot-js tells bytes by `instanceof Uint8Array`, which
    // happy-dom's TextEncoder (another realm's arrays) fails, so SS58 checksums come out wrong there.
    const win = Object.assign(new EventTarget(), { __AIRLOCK_DEVNET_WALLET__: { families: ['polkadot'] } }) as WalletWindow
    new Function('window', 'document', code)(win, { currentScript: null })
    expect(win.__devnetWallet).toBeUndefined()
    const injected = await win.injectedWeb3!['airlock-devnet']!.enable('Airlock test')
    const [account] = await injected.accounts.get()
    expect(account!.address).toBe(encodeAddress(polkadotDevnetAccounts[0]!.publicKey, 42))
    const raw = await injected.signer.signRaw({ address: account!.address, data: '0x1234', type: 'bytes' })
    expect(sr25519Verify(u8aWrapBytes('0x1234'), raw.signature, polkadotDevnetAccounts[0]!.publicKey)).toBe(true)
    const { signature } = await injected.signer.signPayload(DEVNET_TRANSFER_PAYLOAD)
    expect(signatureVerify(payloadBytes(DEVNET_TRANSFER_PAYLOAD), signature, polkadotDevnetAccounts[0]!.address).isValid).toBe(true)
  })
})
