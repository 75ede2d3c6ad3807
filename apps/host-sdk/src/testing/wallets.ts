import { vi } from 'vitest'
import { registerStandardWallet } from '@airlock/protocol'
import type { StandardWalletAccount } from '../standard'

export const ICON = 'data:image/svg+xml;base64,PHN2Zy8+'
export const ADDRESS = 'oeYf6KAJkLYhBuR8CiGc6L4D4Xtfepr85fuDgA9kq96'
export const SIGNATURE = new Uint8Array(64).fill(9)

/** Registers wallets as a wallet of the page does (the Wallet Standard's registerWallet). */
export function registerInPage(...wallets: unknown[]): () => void {
  const stops = wallets.map((wallet) => registerStandardWallet(wallet as object))
  return () => stops.forEach((stop) => stop())
}

/**
 * A third-party Solana wallet of the page, as extensions build them: class-like accounts with the
 * publicKey as a Buffer-like view, features that record their inputs, events through standard:events.
 */
export function solanaWallet(name = 'Phantom', extra: Record<string, unknown> = {}) {
  const account: StandardWalletAccount = Object.freeze({
    address: ADDRESS,
    publicKey: new Uint8Array(32).fill(1),
    chains: ['solana:mainnet', 'solana:devnet'],
    features: ['solana:signMessage'],
    label: 'Main',
  })
  const listeners = new Set<(change: { accounts?: readonly StandardWalletAccount[] }) => void>()
  const features = {
    'standard:connect': { version: '1.0.0', connect: vi.fn(async () => ({ accounts: [account] })) },
    'standard:disconnect': { version: '1.0.0', disconnect: vi.fn(async () => {}) },
    'standard:events': {
      version: '1.0.0',
      on: (_event: 'change', listener: (change: { accounts?: readonly StandardWalletAccount[] }) => void) => {
        listeners.add(listener)
        return () => listeners.delete(listener)
      },
    },
    'solana:signMessage': {
      version: '1.0.0',
      signMessage: vi.fn(async (...inputs: { message: Uint8Array }[]) =>
        inputs.map(({ message }) => ({ signedMessage: message, signature: SIGNATURE, signatureType: 'ed25519' })),
      ),
    },
    'solana:signTransaction': {
      version: '1.0.0',
      supportedTransactionVersions: ['legacy', 0],
      signTransaction: vi.fn(async (...inputs: { transaction: Uint8Array }[]) =>
        inputs.map(({ transaction }) => ({ signedTransaction: transaction })),
      ),
    },
    'solana:signIn': { version: '1.0.0', signIn: vi.fn() },
    ...extra,
  }
  const wallet = {
    version: '1.0.0' as const,
    name,
    icon: ICON,
    chains: ['solana:mainnet', 'solana:devnet', 'sui:mainnet'],
    features,
    accounts: [account],
  }
  return {
    wallet,
    account,
    features,
    change: (accounts: readonly StandardWalletAccount[]) => listeners.forEach((listener) => listener({ accounts })),
  }
}

export const BITCOIN_ADDRESS = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'
export const ORDINALS_ADDRESS = 'bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr'

/**
 * A wallet of the page with both families in one object, as Xverse or Phantom ship them: Solana
 * features, and Bitcoin ones with a payment (33-byte key) and an ordinals (32-byte, taproot) account.
 */
export function solanaAndBitcoinWallet(name = 'Both') {
  const solana = solanaWallet(name)
  const payment: StandardWalletAccount = Object.freeze({
    address: BITCOIN_ADDRESS,
    publicKey: new Uint8Array(33).fill(2),
    chains: ['bitcoin:mainnet'],
    features: ['bitcoin:signMessage', 'bitcoin:signTransaction'],
  })
  const ordinals: StandardWalletAccount = Object.freeze({ ...payment, address: ORDINALS_ADDRESS, publicKey: new Uint8Array(32).fill(3) })
  const features = {
    ...solana.features,
    'bitcoin:connect': { version: '1.0.0', connect: vi.fn(async () => ({ accounts: [payment, ordinals] })) },
    'bitcoin:signMessage': {
      version: '1.0.0',
      signMessage: vi.fn(async (...inputs: { message: Uint8Array }[]) =>
        inputs.map(({ message }) => ({ signedMessage: message, signature: new Uint8Array(65).fill(4) })),
      ),
    },
    'bitcoin:signTransaction': {
      version: '1.0.0',
      signTransaction: vi.fn(async (...inputs: { psbt: Uint8Array }[]) => inputs.map(({ psbt }) => ({ signedPsbt: psbt }))),
    },
  }
  const wallet = {
    ...solana.wallet,
    chains: [...solana.wallet.chains, 'bitcoin:mainnet'],
    features,
    accounts: [solana.account, payment, ordinals],
  }
  return { ...solana, wallet, features, payment, ordinals }
}
