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
  let listener: ((change: { accounts?: readonly StandardWalletAccount[] }) => void) | undefined
  const features = {
    'standard:connect': { version: '1.0.0', connect: vi.fn(async () => ({ accounts: [account] })) },
    'standard:disconnect': { version: '1.0.0', disconnect: vi.fn(async () => {}) },
    'standard:events': {
      version: '1.0.0',
      on: (_event: 'change', fn: typeof listener) => {
        listener = fn
        return () => (listener = undefined)
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
  return { wallet, account, features, change: (accounts: readonly StandardWalletAccount[]) => listener?.({ accounts }) }
}
