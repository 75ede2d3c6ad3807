import type { SolanaMethod } from '@airlock/protocol'
import type { Airlock } from './api'
import { fromBase58, fromBase64, toBase58, toBase64 } from './codec'
import { createListeners } from './emitter'
import type { StandardWallet, StandardWalletAccount } from './standard'

const version = '1.0.0'
const chains = ['solana:mainnet', 'solana:devnet', 'solana:testnet', 'solana:localnet']
const features = ['solana:signMessage', 'solana:signTransaction', 'solana:signAndSendTransaction']
const supportedTransactionVersions = ['legacy', 0]

type Input = { account: StandardWalletAccount; message: Uint8Array; transaction: Uint8Array; options?: object }

/** A Wallet Standard method: every input is one request, one after the other (the user approves each in turn). */
const each =
  (run: (input: Input) => Promise<object>) =>
  async (...inputs: Input[]) => {
    const outputs: object[] = []
    for (const input of inputs) outputs.push(await run(input))
    return outputs
  }

export type CreateAirlockWallet = typeof createAirlockWallet

/**
 * Airlock as a Solana wallet of the Wallet Standard, so that dapps on @solana/wallet-adapter or
 * @wallet-standard/app find it as they find Phantom. Every feature is a `solana_*` request to the
 * widget through `getProvider('solana')` (bytes to base58/base64 and back); its account is the
 * widget's Solana connection, followed until `airlock` is destroyed. Loaded only in pages with a
 * Wallet Standard app (wallet-registration.ts), which is why it takes what it shares with the
 * rest of the SDK (the icon) as arguments: the one-line SDK loads it as a script of its own.
 */
export function createAirlockWallet(airlock: Airlock, icon: string): StandardWallet {
  const solana = airlock.getProvider('solana')
  // any: the widget's answers, checked by its own schemas before they leave it.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const send = (method: SolanaMethod, params?: object): Promise<any> => solana.request(params ? { method, params } : { method })
  let accounts: readonly StandardWalletAccount[] = []
  const changes = createListeners<{ accounts: readonly StandardWalletAccount[] }>()

  const setAddress = (address: string | undefined) => {
    if (address === accounts[0]?.address) return
    accounts = address ? [Object.freeze({ address, publicKey: fromBase58(address), chains, features })] : []
    changes.emit({ accounts })
  }
  // The account is the Solana connection's, whichever namespace is active.
  const follow = ({ connections }: ReturnType<Airlock['getState']>) =>
    setAddress(connections?.find((connection) => connection.namespace === 'solana')?.caipAddress.split(':')[2])
  follow(airlock.getState())
  airlock.subscribeState(follow)

  return Object.freeze({
    version,
    name: 'Airlock',
    icon,
    chains,
    get accounts() {
      return accounts
    },
    features: {
      'standard:connect': {
        version,
        async connect(input?: { silent?: boolean }) {
          if (!input?.silent) setAddress((await send('solana_requestAccounts'))[0]?.pubkey)
          return { accounts }
        },
      },
      'standard:disconnect': { version, disconnect: () => airlock.disconnect({ namespace: 'solana' }) },
      'standard:events': { version, on: (_event: 'change', listener: (change: object) => void) => changes.add(listener) },
      'solana:signMessage': {
        version,
        signMessage: each(async ({ account, message }) => ({
          signedMessage: message,
          signature: fromBase58((await send('solana_signMessage', { message: toBase58(message), pubkey: account.address })).signature),
        })),
      },
      'solana:signTransaction': {
        version,
        supportedTransactionVersions,
        signTransaction: each(async ({ transaction }) => ({
          signedTransaction: fromBase64((await send('solana_signTransaction', { transaction: toBase64(transaction) })).transaction),
        })),
      },
      'solana:signAndSendTransaction': {
        version,
        supportedTransactionVersions,
        signAndSendTransaction: each(async ({ transaction, options }) => ({
          signature: fromBase58(
            (await send('solana_signAndSendTransaction', { transaction: toBase64(transaction), sendOptions: options })).signature,
          ),
        })),
      },
    },
  })
}
