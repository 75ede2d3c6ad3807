import { planBitcoinTransfer, transferPsbt } from '@airlock/chains/bip122'
import { bitcoinRegtest } from '@airlock/chains'
import { Psbt } from 'bitcoinjs-lib'
import { bitcoinDevnetAccounts, bitcoinDevnetTaprootAccounts, type BitcoinDevnetAccount } from '../bitcoin/accounts'
import { broadcastTransaction, fetchUtxos } from '../bitcoin/client'
import { REGTEST } from '../bitcoin/ecc'
import { devnetBitcoinKey, type BitcoinMessageProtocol, type DevnetBitcoinKey } from './bitcoin-key'
import { rpcError } from './errors'
import { checkMode, confirm, type DevnetWalletMode } from './modes'
import { siteConnection, type SitePermission } from './standard'

export const DEFAULT_BITCOIN_ESPLORA = 'http://127.0.0.1:4413'

/** The Wallet Standard's id of the devnet's chain (as `bitcoin:mainnet` / `bitcoin:testnet`). */
export const BITCOIN_REGTEST_STANDARD_CHAIN = 'bitcoin:regtest'

export type BitcoinPurpose = 'payment' | 'ordinals'

export interface DevnetBitcoinWalletConfig {
  /** The payment account (P2WPKH); default: the devnet's first. */
  payment?: BitcoinDevnetAccount
  /** The ordinals account (taproot); default: the devnet's first taproot account. */
  ordinals?: BitcoinDevnetAccount
  /** The esplora API that sendTransfer and broadcasts use. */
  esplora?: string
  name?: string
  icon: string
  sitePermission?: SitePermission
}

interface StandardAccount {
  readonly address: string
  readonly publicKey: Uint8Array
  readonly chains: readonly string[]
  readonly features: readonly string[]
  readonly label: string
}
type InputToSign = { account: StandardAccount; signingIndexes: readonly number[] }

const version = '1.0.0'
const SIGNING = ['bitcoin:signMessage', 'bitcoin:signTransaction', 'bitcoin:signAndSendTransaction'] as const

/** sats-connect's error codes (its RpcErrorCode): what its providers answer instead of throwing. */
const SATS_ERROR = { rejected: -32000, notSupported: -32001, denied: -32002, invalidParams: -32602, internal: -32603 } as const

const fromBase64 = (text: string) => Uint8Array.from(atob(text), (char) => char.charCodeAt(0))
const toBytes = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (byte) => Number.parseInt(byte, 16))

/**
 * The devnet's browser Bitcoin wallet, in both shapes a page meets: a Wallet Standard wallet with
 * `bitcoin:*` features (as Phantom, Leather or Magic Eden register) and a sats-connect provider
 * (WBIP004 `btc_providers`, as Xverse), one payment (P2WPKH) and one ordinals (taproot) account of
 * the regtest devnet. Requests a user would confirm follow the mode, as the other devnet wallets do.
 */
export function createDevnetBitcoinWallet(config: DevnetBitcoinWalletConfig) {
  const keys: Record<BitcoinPurpose, DevnetBitcoinKey> = {
    payment: devnetBitcoinKey(config.payment ?? bitcoinDevnetAccounts[0]!),
    ordinals: devnetBitcoinKey(config.ordinals ?? bitcoinDevnetTaprootAccounts[0]!),
  }
  const standardAccount = (purpose: BitcoinPurpose): StandardAccount =>
    Object.freeze({
      address: keys[purpose].address,
      // Wallet Standard Bitcoin accounts carry the key their address commits to: x-only for taproot.
      publicKey: purpose === 'ordinals' ? toBytes(keys[purpose].publicKey).slice(1) : toBytes(keys[purpose].publicKey),
      chains: [BITCOIN_REGTEST_STANDARD_CHAIN],
      features: SIGNING,
      label: purpose === 'payment' ? 'Payment' : 'Ordinals',
    })
  let accountsOf: Record<BitcoinPurpose, StandardAccount> = { payment: standardAccount('payment'), ordinals: standardAccount('ordinals') }
  const esplora = config.esplora ?? DEFAULT_BITCOIN_ESPLORA
  let mode: DevnetWalletMode = 'approve'
  const site = siteConnection(version, config.sitePermission, () => [accountsOf.payment, accountsOf.ordinals])
  const { accounts } = site
  const connect = async () => {
    if (!site.isConnected()) {
      await confirm(mode)
      site.set(true)
    }
  }
  const keyOf = (address: unknown): DevnetBitcoinKey => {
    const key = Object.values(keys).find((candidate) => candidate.address === address)
    if (!site.isConnected() || !key) throw rpcError(4100)
    return key
  }

  /** Signs the PSBT's inputs of each address at its indexes, after the user's yes. */
  async function signPsbt(psbt: Psbt, signInputs: Record<string, readonly number[]>): Promise<Psbt> {
    const signing = Object.entries(signInputs).map(([address, indexes]) => [keyOf(address), indexes] as const)
    await confirm(mode)
    for (const [key, indexes] of signing) key.signPsbt(psbt, indexes)
    return psbt
  }

  const broadcast = (psbt: Psbt) => broadcastTransaction(esplora, psbt.extractTransaction().toHex())

  /** Pays `recipients` from the payment account at the devnet's fee rate, change back to it. */
  async function sendTransfer(recipients: readonly { address: string; amount: number }[]): Promise<string> {
    const [recipient] = recipients
    if (recipients.length !== 1 || !recipient) throw rpcError(-32602, 'The devnet wallet pays one recipient at a time')
    const payment = keyOf(keys.payment.address)
    const utxos = (await fetchUtxos(esplora, payment.address)).map((utxo) => ({ ...utxo, value: BigInt(utxo.value) }))
    const request = {
      caipNetworkId: bitcoinRegtest.caipNetworkId,
      from: payment.address,
      to: recipient.address,
      amount: BigInt(recipient.amount),
      feeRate: 2,
      utxos,
    }
    const psbt = Psbt.fromBase64(transferPsbt(request, planBitcoinTransfer(request)), { network: REGTEST })
    await confirm(mode)
    payment.signPsbt(
      psbt,
      psbt.txInputs.map((_, index) => index),
    )
    return broadcast(psbt)
  }

  const wallet = {
    version,
    name: config.name ?? 'Devnet Wallet',
    icon: config.icon,
    chains: [BITCOIN_REGTEST_STANDARD_CHAIN],
    get accounts() {
      return accounts()
    },
    features: {
      'bitcoin:connect': {
        version,
        async connect(input?: { purposes?: readonly BitcoinPurpose[] }) {
          await connect()
          const purposes = input?.purposes ?? ['payment']
          return { accounts: purposes.map((purpose) => accountsOf[purpose]).filter(Boolean) }
        },
      },
      ...site.features,
      'bitcoin:signMessage': {
        version,
        async signMessage(...inputs: { account: StandardAccount; message: Uint8Array }[]) {
          const outputs = []
          for (const { account, message } of inputs) {
            const key = keyOf(account?.address)
            await confirm(mode)
            outputs.push({ signedMessage: message, signature: fromBase64(key.signMessage(new TextDecoder().decode(message))) })
          }
          return outputs
        },
      },
      'bitcoin:signTransaction': {
        version,
        async signTransaction(...inputs: { psbt: Uint8Array; inputsToSign: readonly InputToSign[] }[]) {
          const outputs = []
          for (const input of inputs) outputs.push({ signedPsbt: (await signStandard(input)).toBuffer() })
          return outputs
        },
      },
      'bitcoin:signAndSendTransaction': {
        version,
        async signAndSendTransaction(...inputs: { psbt: Uint8Array; inputsToSign: readonly InputToSign[]; chain?: string }[]) {
          const outputs = []
          for (const input of inputs) outputs.push({ txId: await broadcast(await signStandard(input)) })
          return outputs
        },
      },
    },
  }

  function signStandard({ psbt, inputsToSign }: { psbt: Uint8Array; inputsToSign: readonly InputToSign[] }) {
    const signInputs = Object.fromEntries(inputsToSign.map(({ account, signingIndexes }) => [account?.address, signingIndexes]))
    return signPsbt(Psbt.fromBuffer(psbt, { network: REGTEST }), signInputs)
  }

  const address = (purpose: BitcoinPurpose) => ({
    address: keys[purpose].address,
    publicKey: purpose === 'ordinals' ? keys[purpose].publicKey.slice(2) : keys[purpose].publicKey,
    purpose,
    addressType: purpose === 'payment' ? 'p2wpkh' : 'p2tr',
    walletType: 'software',
  })
  const addresses = (params: { addresses?: BitcoinPurpose[]; purposes?: BitcoinPurpose[] } | undefined) =>
    (params?.addresses ?? params?.purposes ?? ['payment', 'ordinals']).filter((purpose) => purpose in keys).map(address)
  const network = { bitcoin: { name: 'Regtest' } }

  type Params = Record<string, unknown> | undefined
  const methods: Record<string, (params: Params) => Promise<unknown>> = {
    async wallet_connect(params) {
      await connect()
      return { id: 'devnet', addresses: addresses(params as never), walletType: 'software', network }
    },
    wallet_disconnect: async () => (site.set(false), null),
    wallet_getNetwork: async () => network,
    async wallet_changeNetwork(params) {
      if (params?.name !== 'Regtest') throw rpcError(-32602, 'The devnet wallet has the regtest network only')
      return null
    },
    async getAddresses(params) {
      await connect()
      return { addresses: addresses(params as never), network }
    },
    async signMessage(params) {
      const key = keyOf(params?.address)
      const protocol = (params?.protocol ?? 'BIP322') as BitcoinMessageProtocol
      await confirm(mode)
      return { signature: key.signMessage(String(params?.message ?? ''), protocol), address: key.address, protocol }
    },
    async signPsbt(params) {
      const psbt = await signPsbt(
        Psbt.fromBase64(String(params?.psbt), { network: REGTEST }),
        (params?.signInputs ?? {}) as Record<string, number[]>,
      )
      return { psbt: psbt.toBase64(), ...(params?.broadcast ? { txid: await broadcast(psbt) } : {}) }
    },
    sendTransfer: async (params) => ({ txid: await sendTransfer((params?.recipients ?? []) as { address: string; amount: number }[]) }),
  }
  // sats-connect's V2 names, beside the first ones.
  Object.assign(methods, {
    bitcoin_getAddressesV2: methods.getAddresses,
    bitcoin_signMessageV2: methods.signMessage,
    bitcoin_signPsbtV2: methods.signPsbt,
    bitcoin_sendTransferV2: methods.sendTransfer,
  })

  /** sats-connect's listeners (addListener({ eventName, cb }), as sats-connect calls it since 2025). */
  const satsListeners = new Set<{ eventName: string; cb: (event: unknown) => void }>()
  const emitSats = (eventName: string, event: object) => {
    for (const listener of [...satsListeners]) if (listener.eventName === eventName) listener.cb({ type: eventName, ...event })
  }

  let nextId = 0
  /** A sats-connect provider answers JSON-RPC responses and never throws. */
  const provider = {
    addListener(info: { eventName: string; cb: (event: unknown) => void }) {
      const listener = { eventName: info.eventName, cb: info.cb }
      satsListeners.add(listener)
      return () => void satsListeners.delete(listener)
    },
    async request(method: string, params?: Params) {
      const id = String(++nextId)
      const run = Object.hasOwn(methods, method) ? methods[method]! : undefined
      if (!run) return { jsonrpc: '2.0', id, error: { code: SATS_ERROR.notSupported, message: `Method not supported: ${method}` } }
      try {
        return { jsonrpc: '2.0', id, result: await run(params) }
      } catch (error) {
        const code = (error as { code?: number }).code
        const mapped = code === 4001 ? SATS_ERROR.rejected : code === 4100 ? SATS_ERROR.denied : (code ?? SATS_ERROR.internal)
        return { jsonrpc: '2.0', id, error: { code: mapped, message: (error as Error).message } }
      }
    },
  }

  const devnet = {
    setMode: (next: DevnetWalletMode) => void (mode = checkMode(next)),
    /**
     * The user picks the devnet's `index`th payment and taproot accounts, as in an extension's
     * account menu: a connected site hears it (standard:events' change, sats-connect's
     * accountChange with the new account's addresses).
     */
    switchAccount(index: number) {
      const payment = bitcoinDevnetAccounts[index]
      const ordinals = bitcoinDevnetTaprootAccounts[index]
      if (!Number.isInteger(index) || !payment || !ordinals) throw new RangeError(`No devnet Bitcoin account at index ${index}`)
      if (payment.address === keys.payment.address) return
      keys.payment = devnetBitcoinKey(payment)
      keys.ordinals = devnetBitcoinKey(ordinals)
      accountsOf = { payment: standardAccount('payment'), ordinals: standardAccount('ordinals') }
      if (!site.isConnected()) return
      site.changed()
      emitSats('accountChange', { addresses: addresses(undefined) })
    },
    state: () => ({ mode, connected: site.isConnected(), payment: keys.payment.address, ordinals: keys.ordinals.address }),
  }
  return { wallet, provider, devnet }
}

export type DevnetBitcoinWallet = ReturnType<typeof createDevnetBitcoinWallet>
