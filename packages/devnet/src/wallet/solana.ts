import { base58 } from '@scure/base'
import { solanaDevnetAccounts } from '../solana/accounts'
import { rpcError } from './errors'
import { checkMode, confirm, type DevnetWalletMode } from './modes'
import { siteConnection, type SitePermission } from './standard'
import { devnetSolanaKey, type SolanaSendOptions } from './solana-key'

export const DEFAULT_SOLANA_RPC = 'http://127.0.0.1:4411'

export interface DevnetSolanaWalletConfig {
  /** The 32-byte ed25519 seed, hex; default: the Solana devnet's first test account. */
  secretKey?: string
  /** Where signAndSendTransaction sends (`sendTransaction`, base64). */
  solanaRpc?: string
  /** The same name as the devnet EVM wallet, so that the widget shows one wallet for both families. */
  name?: string
  icon: string
  chains?: readonly string[]
  /** Where the wallet remembers that this site is connected, as an extension does across reloads. */
  sitePermission?: SitePermission
}

interface Account {
  readonly address: string
  readonly publicKey: Uint8Array
  readonly chains: readonly string[]
  readonly features: readonly string[]
  readonly label: string
}
type SignInput = { account: Account; message: Uint8Array; transaction: Uint8Array; options?: SolanaSendOptions }

export interface DevnetSolanaWalletControls {
  setMode(mode: DevnetWalletMode): void
  state(): { mode: DevnetWalletMode; connected: boolean; address: string }
}

const version = '1.0.0'
const SIGNING = ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction'] as const

/**
 * The devnet's browser wallet for Solana: a Wallet Standard wallet (what Phantom or Solflare
 * register in a page) signing with one devnet key, ed25519 via @noble/curves. Requests a user
 * would confirm follow the mode, as the devnet EVM wallet's do.
 */
export function createDevnetSolanaWallet(config: DevnetSolanaWalletConfig) {
  const key = devnetSolanaKey(config.secretKey ?? solanaDevnetAccounts[0]!.secretKey)
  const chains = config.chains ?? ['solana:localnet']
  const account: Account = Object.freeze({
    address: key.address,
    publicKey: key.publicKey,
    chains,
    features: SIGNING,
    label: 'Devnet account 0',
  })
  const rpc = config.solanaRpc ?? DEFAULT_SOLANA_RPC
  let mode: DevnetWalletMode = 'approve'
  const site = siteConnection(version, config.sitePermission, () => [account])
  const { accounts } = site

  /** The user's approval of a request for `input.account`, which must be this wallet's, connected. */
  async function approve(input: SignInput): Promise<void> {
    if (!site.isConnected() || input?.account?.address !== account.address) throw rpcError(4100)
    await confirm(mode)
  }

  /** Runs a signing feature over each input, in order, as the Wallet Standard's methods take them. */
  const each =
    <R>(run: (input: SignInput) => Promise<R>) =>
    async (...inputs: SignInput[]): Promise<R[]> => {
      const outputs: R[] = []
      for (const input of inputs) {
        await approve(input)
        outputs.push(await run(input))
      }
      return outputs
    }

  const wallet = {
    version,
    name: config.name ?? 'Devnet Wallet',
    icon: config.icon,
    chains,
    get accounts() {
      return accounts()
    },
    features: {
      'standard:connect': {
        version,
        async connect(input?: { silent?: boolean }) {
          if (!site.isConnected() && !input?.silent) {
            await confirm(mode)
            site.set(true)
          }
          return { accounts: accounts() }
        },
      },
      ...site.features,
      'solana:signMessage': {
        version,
        signMessage: each(async ({ message }) => ({
          signedMessage: message,
          signature: key.signMessage(message),
          signatureType: 'ed25519',
        })),
      },
      'solana:signTransaction': {
        version,
        supportedTransactionVersions: ['legacy', 0],
        signTransaction: each(async ({ transaction }) => ({ signedTransaction: key.signTransaction(transaction).transaction })),
      },
      'solana:signAndSendTransaction': {
        version,
        supportedTransactionVersions: ['legacy', 0],
        signAndSendTransaction: each(async ({ transaction, options }) => ({
          signature: base58.decode(await key.signAndSend(rpc, transaction, options)),
        })),
      },
    },
  }

  const devnet: DevnetSolanaWalletControls = {
    setMode: (next) => void (mode = checkMode(next)),
    state: () => ({ mode, connected: site.isConnected(), address: account.address }),
  }
  return { wallet, devnet }
}

export type DevnetSolanaWallet = ReturnType<typeof createDevnetSolanaWallet>
