import type { KeyringPair } from '@polkadot/keyring/types'
import { TypeRegistry } from '@polkadot/types'
import type { SignerPayloadJSON, SignerPayloadRaw, SignerResult } from '@polkadot/types/types'
import { u8aToHex, u8aWrapBytes } from '@polkadot/util'
import { decodeAddress, encodeAddress } from '@polkadot/util-crypto'
import { polkadotDevnetAccounts } from '../polkadot/accounts'
import { polkadotDevnetPair } from '../polkadot/keys'
import { rpcError } from './errors'
import { checkMode, confirm, type DevnetWalletMode } from './modes'
import type { SitePermission } from './standard'

export { DEVNET_POLKADOT_EXTENSION_KEY } from './listing'

/** @polkadot/extension-inject's InjectedAccount. */
export interface InjectedAccount {
  address: string
  genesisHash?: string | null
  name?: string
  type?: 'sr25519'
}

/** @polkadot/extension-inject's Injected, without the optional metadata and provider. */
export interface Injected {
  accounts: {
    get(anyType?: boolean): Promise<InjectedAccount[]>
    subscribe(cb: (accounts: InjectedAccount[]) => void | Promise<void>): () => void
  }
  signer: {
    signPayload(payload: SignerPayloadJSON): Promise<SignerResult>
    signRaw(raw: SignerPayloadRaw): Promise<SignerResult>
  }
}

/** @polkadot/extension-inject's InjectedWindowProvider: what a page finds in `window.injectedWeb3`. */
export interface InjectedWindowProvider {
  version: string
  enable(originName: string): Promise<Injected>
}

export interface DevnetPolkadotWalletConfig {
  /** The devnet account (polkadotDevnetAccounts' index) selected at start; default 0. */
  account?: number
  sitePermission?: SitePermission
}

/** Extensions give addresses in the generic Substrate format (SS58 42); the dapp re-encodes them for its network. */
const GENERIC_SS58 = 42
const version = '0.1.0'
/** What polkadot-js answers when its user closes a request: the devnet adds the EIP-1193 code the widget reads. */
const cancelled = () => rpcError(4001, 'Cancelled')

/**
 * The devnet's browser Polkadot extension, as polkadot-js injects one: `enable(originName)` asks
 * the user once per site (remembered by `sitePermission`), then gives the selected sr25519
 * devnet account and a signer. The signer is polkadot-js' own way, with @polkadot/types rather
 * than Airlock's code, so that it checks Airlock's payloads independently: signRaw signs the
 * `<Bytes>…</Bytes>`-wrapped data, signPayload the SCALE ExtrinsicPayload built from the JSON and
 * its signed extensions. Requests a user would confirm follow the mode, as the other devnet
 * wallets do; `devnet` holds the test's controls.
 */
export function createDevnetPolkadotWallet(config: DevnetPolkadotWalletConfig = {}) {
  let selected = config.account ?? 0
  let mode: DevnetWalletMode = 'approve'
  let rejections = 0
  let delayMs = 0
  let authorized = config.sitePermission?.load() ?? false
  let nextId = 0
  const listeners = new Set<(accounts: InjectedAccount[]) => void | Promise<void>>()

  const exposed = (): InjectedAccount[] => {
    const account = polkadotDevnetAccounts[selected]!
    return [{ address: encodeAddress(account.publicKey, GENERIC_SS58), genesisHash: null, name: `Devnet ${selected}`, type: 'sr25519' }]
  }

  /** The user's answer to a prompt: after the delay, a rejection if one is queued, else the mode's. */
  async function ask(): Promise<void> {
    if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs))
    if (rejections > 0) {
      rejections--
      throw cancelled()
    }
    if (mode === 'reject') throw cancelled()
    await confirm(mode)
  }

  /** The selected account's key when `address` is it, in any SS58 format. */
  async function pairOf(address: unknown): Promise<KeyringPair> {
    if (!authorized) throw rpcError(4100)
    const pair = await polkadotDevnetPair(selected)
    let publicKey: string
    try {
      publicKey = u8aToHex(decodeAddress(address as string))
    } catch {
      throw rpcError(-32602, `Invalid address ${String(address).slice(0, 64)}`)
    }
    if (publicKey !== u8aToHex(pair.publicKey)) throw rpcError(4100, 'Unable to find keypair')
    return pair
  }

  const injected: Injected = {
    accounts: {
      get: async () => (authorized ? exposed() : []),
      subscribe(cb) {
        listeners.add(cb)
        void cb(authorized ? exposed() : [])
        return () => void listeners.delete(cb)
      },
    },
    signer: {
      async signPayload(payload) {
        const pair = await pairOf(payload.address)
        await ask()
        const registry = new TypeRegistry()
        registry.setSignedExtensions(payload.signedExtensions)
        const { signature } = registry.createType('ExtrinsicPayload', payload, { version: payload.version }).sign(pair)
        return { id: ++nextId, signature }
      },
      async signRaw(raw) {
        const pair = await pairOf(raw.address)
        await ask()
        return { id: ++nextId, signature: u8aToHex(pair.sign(u8aWrapBytes(raw.data))) }
      },
    },
  }

  const extension: InjectedWindowProvider = {
    version,
    async enable(originName) {
      if (typeof originName !== 'string' || !originName) throw new Error('enable(originName) needs the name of the dapp')
      if (!authorized) {
        await ask()
        authorized = true
        config.sitePermission?.save(true)
      }
      return injected
    },
  }

  const devnet = {
    setMode: (next: DevnetWalletMode) => void (mode = checkMode(next)),
    /** The user cancels the next `count` prompts (enable or a signature), whatever the mode. */
    rejectNext: (count = 1) => void (rejections = count),
    /** Every prompt waits `ms` before its answer, as a user reading it does. */
    setDelay: (ms: number) => void (delayMs = ms),
    /** The user picks another devnet account: accounts.subscribe's callbacks hear it while the site is authorized. */
    switchAccount(index: number) {
      if (!Number.isInteger(index) || !polkadotDevnetAccounts[index]) throw new RangeError(`No Polkadot devnet account at index ${index}`)
      if (index === selected) return
      selected = index
      if (authorized) for (const cb of [...listeners]) void cb(exposed())
    },
    state: () => ({ mode, authorized, account: polkadotDevnetAccounts[selected]!.address }),
  }
  return { extension, devnet }
}

export type DevnetPolkadotWallet = ReturnType<typeof createDevnetPolkadotWallet>
