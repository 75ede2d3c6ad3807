import type { SolanaMethod } from '@airlock/protocol'
import { createOwnWallet, each, version } from './airlock-wallet'
import type { Airlock } from './api'
import { fromBase58, fromBase64, toBase58, toBase64 } from './codec'
import type { StandardWallet, StandardWalletAccount } from './standard'

const chains = ['solana:mainnet', 'solana:devnet', 'solana:testnet', 'solana:localnet']
const features = ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction']
const supportedTransactionVersions = ['legacy', 0]

type Input = { account: StandardWalletAccount; message: Uint8Array; transaction: Uint8Array; options?: object }

/**
 * Airlock as a Solana wallet of the Wallet Standard: every feature is a `solana_*` request to the
 * widget through `getProvider('solana')` (bytes to base58/base64 and back); its account is the
 * widget's Solana connection, whose address is its public key.
 */
export function createAirlockSolanaWallet(airlock: Airlock, icon: string): StandardWallet {
  const solana = airlock.getProvider('solana')
  // any: the widget's answers, checked by its own schemas before they leave it.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const send = (method: SolanaMethod, params?: object): Promise<any> => solana.request(params ? { method, params } : { method })
  const account = (address: string | undefined) =>
    address ? [Object.freeze({ address, publicKey: fromBase58(address), chains, features })] : []
  return createOwnWallet(airlock, icon, {
    namespace: 'solana',
    chains,
    accounts: async (connection) => account(connection?.address ?? (await send('solana_requestAccounts'))[0]?.pubkey),
    features: {
      'solana:signMessage': {
        version,
        signMessage: each(async ({ account, message }: Input) => ({
          signedMessage: message,
          signature: fromBase58((await send('solana_signMessage', { message: toBase58(message), pubkey: account.address })).signature),
        })),
      },
      'solana:signTransaction': {
        version,
        supportedTransactionVersions,
        signTransaction: each(async ({ transaction }: Input) => ({
          signedTransaction: fromBase64((await send('solana_signTransaction', { transaction: toBase64(transaction) })).transaction),
        })),
      },
      'solana:signAndSendTransaction': {
        version,
        supportedTransactionVersions,
        signAndSendTransaction: each(async ({ transaction, options }: Input) => ({
          signature: fromBase58(
            (await send('solana_signAndSendTransaction', { transaction: toBase64(transaction), sendOptions: options })).signature,
          ),
        })),
      },
    },
  })
}
