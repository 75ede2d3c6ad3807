import { BITCOIN_STANDARD_CHAINS, type BitcoinMethod } from '@airlock/protocol'
import { createOwnWallet, each, version } from './airlock-wallet'
import type { Airlock } from './api'
import { fromBase64, fromHex, toBase64 } from './codec'
import type { StandardWallet, StandardWalletAccount } from './standard'

const chains = Object.values(BITCOIN_STANDARD_CHAINS)
const features = ['bitcoin:signMessage', 'bitcoin:signTransaction']

type Entry = { address: string; publicKey?: string; purpose: string }
type Account = StandardWalletAccount
type InputToSign = { account: Account; signingIndexes: number[] }

/**
 * Airlock as a Bitcoin wallet of the Wallet Standard (`bitcoin:connect`, `bitcoin:signMessage`
 * (BIP-322), `bitcoin:signTransaction`): each feature is a request to `getProvider('bip122')`,
 * which speaks sats-connect's names (bytes to base64 and back). Its accounts are the widget's
 * Bitcoin connection's entries (payment, then ordinals where the wallet has one), read with
 * `getAddresses` for their public keys, which no address gives.
 */
export function createAirlockBitcoinWallet(airlock: Airlock, icon: string): StandardWallet {
  const bitcoin = airlock.getProvider('bip122')
  // any: the widget's answers, checked by its own schemas before they leave it.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const send = (method: BitcoinMethod, params?: object): Promise<any> => bitcoin.request(params ? { method, params } : { method })
  const purposes = new WeakMap<Account, string>()
  const networkOf = () =>
    airlock
      .getState()
      .connections?.find((c) => c.namespace === 'bip122')
      ?.caipAddress.split(':')
      .slice(0, 2)
      .join(':')
  const chainOf = (account: Account) => account.chains[0]

  return createOwnWallet(airlock, icon, {
    namespace: 'bip122',
    chains,
    async accounts(connection) {
      const { addresses } = (await send('getAddresses')) as { addresses: Entry[] }
      const chain = BITCOIN_STANDARD_CHAINS[connection?.caipNetworkId ?? networkOf() ?? '']
      return addresses.map((entry) => {
        const account = Object.freeze({
          address: entry.address,
          // A wallet that does not give the key still gives the account: the dapp sees it has none.
          publicKey: fromHex(entry.publicKey ?? ''),
          chains: chain ? [chain] : [],
          features,
        })
        purposes.set(account, entry.purpose)
        return account
      })
    },
    connect: {
      feature: 'bitcoin:connect',
      pick: (accounts, input) => {
        const wanted = (input as { purposes?: unknown } | undefined)?.purposes
        return Array.isArray(wanted) ? accounts.filter((account) => wanted.includes(purposes.get(account))) : accounts
      },
    },
    features: {
      'bitcoin:signMessage': {
        version,
        signMessage: each(async ({ account, message }: { account: Account; message: Uint8Array }) => {
          // sats-connect carries a message as text: bytes that are no UTF-8 could not be signed as given.
          const text = new TextDecoder('utf-8', { fatal: true }).decode(message)
          const { signature } = await send('signMessage', { address: account.address, message: text, protocol: 'BIP322' })
          return { signedMessage: message, signature: fromBase64(signature) }
        }),
      },
      'bitcoin:signTransaction': {
        version,
        signTransaction: each(async ({ psbt, inputsToSign, chain }: { psbt: Uint8Array; inputsToSign: InputToSign[]; chain?: string }) => {
          const signInputs: Record<string, number[]> = {}
          for (const { account, signingIndexes } of inputsToSign) {
            if (chain && chainOf(account) && chain !== chainOf(account))
              throw new Error(`Airlock is connected on ${chainOf(account)}, not ${chain}`)
            ;(signInputs[account.address] ??= []).push(...signingIndexes)
          }
          const signed = await send('signPsbt', { psbt: toBase64(psbt), signInputs, broadcast: false })
          return { signedPsbt: fromBase64(signed.psbt) }
        }),
      },
    },
  })
}
