import { registerStandardWallet } from '@airlock/protocol/wallet-standard-window'
import type { Hex } from 'viem'
import { devnetAccounts } from '../accounts'
import { announceProvider, uuidV4, type AnnounceTarget } from './announce'
import { DEVNET_WALLET_ICON } from './icon'
import { createDevnetWallet, type DevnetWalletConfig, type DevnetWalletMode, type DevnetWalletProvider } from './provider'
import { createDevnetBitcoinWallet, type DevnetBitcoinWallet } from './bitcoin'
import {
  createDevnetPolkadotWallet,
  DEVNET_POLKADOT_EXTENSION_KEY,
  type DevnetPolkadotWallet,
  type InjectedWindowProvider,
} from './polkadot'
import { createDevnetSolanaWallet, type DevnetSolanaWallet } from './solana'
import { combineStandardWallets, type StandardWalletLike } from './standard'

/** The chain families the devnet wallet can stand in for. */
export type DevnetWalletFamily = 'eip155' | 'solana' | 'bip122' | 'polkadot'

export interface DevnetWalletPageConfig extends Partial<DevnetWalletConfig> {
  /** Also expose the wallet as window.ethereum when that is free (default true). */
  windowEthereum?: boolean
  /** Initial mode, e.g. 'reject' for a page that must see refusals from the start. */
  mode?: DevnetWalletMode
  /** Which families to install (default both): an EIP-1193 provider and a Solana Wallet Standard wallet, one name. */
  families?: DevnetWalletFamily[]
  /** The Solana JSON-RPC the Solana wallet sends to (default http://127.0.0.1:4411). */
  solanaRpc?: string
  /** The Solana wallet's ed25519 seed, hex (default: the Solana devnet's first test account). */
  solanaSecretKey?: string
  /** The esplora API the Bitcoin wallet reads and broadcasts through (default http://127.0.0.1:4413). */
  bitcoinEsplora?: string
  /** Put the Polkadot extension in `window.injectedWeb3` only after the page's `load`, as real extensions often do. */
  polkadotLate?: boolean
}

/** A WBIP004 entry: `id` is the dotted path on window of an object with `request(method, params)`. */
export interface BtcProviderEntry {
  id: string
  name: string
  icon: string
  methods?: string[]
}

export interface WalletWindow extends AnnounceTarget {
  localStorage?: Pick<Storage, 'getItem' | 'setItem'>
  ethereum?: unknown
  __devnetWallet?: DevnetWalletProvider
  __devnetSolanaWallet?: DevnetSolanaWallet
  __devnetBitcoinWallet?: DevnetBitcoinWallet
  btc_providers?: BtcProviderEntry[]
  __devnetPolkadotWallet?: DevnetPolkadotWallet
  injectedWeb3?: Record<string, InjectedWindowProvider>
  document?: { readonly readyState: string }
  AirlockDevnet?: { BitcoinProvider?: DevnetBitcoinWallet['provider'] }
  __AIRLOCK_DEVNET_WALLET__?: DevnetWalletPageConfig
}

type ScriptLike = Pick<Element, 'getAttribute' | 'getAttributeNames'>

export const DEFAULT_WALLET_CHAINS: Readonly<Record<number, string>> = Object.freeze({
  31337: 'http://127.0.0.1:8545',
  31338: 'http://127.0.0.1:8546',
})

/**
 * Reads `data-rpc-31337="url"`, `data-default-chain-id`, `data-accounts="0xkey,0xkey"`,
 * `data-window-ethereum="false"`, `data-solana-rpc="url"`, `data-families="solana,polkadot"`,
 * `data-polkadot-late="true"`, ...
 */
export function configFromScript(script: ScriptLike): DevnetWalletPageConfig {
  const config: DevnetWalletPageConfig = {}
  const chains: Record<number, string> = {}
  for (const name of script.getAttributeNames()) {
    const m = /^data-rpc-(\d+)$/.exec(name)
    if (m) chains[Number(m[1])] = script.getAttribute(name)!
  }
  if (Object.keys(chains).length) config.chains = chains
  const attr = (name: string) => script.getAttribute(`data-${name}`) ?? undefined
  const defaultChainId = attr('default-chain-id')
  if (defaultChainId) config.defaultChainId = Number(defaultChainId)
  const accounts = attr('accounts')
  if (accounts) config.accounts = accounts.split(',').map((k) => k.trim() as Hex)
  config.name = attr('name')
  config.rdns = attr('rdns')
  config.mode = attr('mode') as DevnetWalletMode | undefined
  if (attr('window-ethereum') === 'false') config.windowEthereum = false
  config.solanaRpc = attr('solana-rpc')
  config.bitcoinEsplora = attr('bitcoin-esplora')
  if (attr('polkadot-late') === 'true') config.polkadotLate = true
  const families = attr('families')
  if (families) config.families = families.split(',').map((family) => family.trim() as DevnetWalletFamily)
  return config
}

export function resolvePageConfig(win: WalletWindow, script?: ScriptLike | null): DevnetWalletPageConfig & DevnetWalletConfig {
  const given = win.__AIRLOCK_DEVNET_WALLET__ ?? (script ? configFromScript(script) : {})
  const chains = given.chains ?? DEFAULT_WALLET_CHAINS
  const ids = Object.keys(chains).map(Number)
  return {
    ...given,
    chains,
    accounts: given.accounts ?? [devnetAccounts[0]!.privateKey],
    defaultChainId: given.defaultChainId ?? (ids.includes(31337) ? 31337 : ids[0]!),
  }
}

const PERMISSION_KEY = 'airlock-devnet-wallet:connected'

/** The page's own localStorage stands in for the extension's list of connected sites (one per family). */
function sitePermissionIn(win: WalletWindow, family?: DevnetWalletFamily): NonNullable<DevnetWalletConfig['sitePermission']> {
  const key = family ? `${PERMISSION_KEY}:${family}` : PERMISSION_KEY
  return {
    load: () => {
      try {
        return win.localStorage?.getItem(key) === 'true'
      } catch {
        return false
      }
    },
    save: (connected) => {
      try {
        win.localStorage?.setItem(key, String(connected))
      } catch {
        // Without storage the wallet forgets the site on reload, like a private window.
      }
    },
  }
}

/** The sats-connect shape of the devnet Bitcoin wallet: its WBIP004 entry's id, resolved on window. */
export const DEVNET_SATS_PROVIDER_ID = 'AirlockDevnet.BitcoinProvider'

/**
 * Creates the wallet in a page, for each family asked (default eip155 and solana): the EIP-1193
 * provider, announced via EIP-6963 and exposed as window.__devnetWallet; the Solana Wallet Standard
 * wallet (window.__devnetSolanaWallet); the Bitcoin wallet (window.__devnetBitcoinWallet) in both
 * of its shapes: its `bitcoin:*` features, in the same Wallet Standard object as Solana's when both
 * are asked (as a multi-chain wallet registers), and a sats-connect provider in `btc_providers`;
 * the Polkadot extension (window.__devnetPolkadotWallet) in `injectedWeb3`, after `load` with
 * `polkadotLate` (`data-polkadot-late="true"`).
 */
export function installDevnetWallet(win: WalletWindow, script?: ScriptLike | null): DevnetWalletProvider | undefined {
  const config = resolvePageConfig(win, script)
  const families = config.families ?? ['eip155', 'solana']
  if (families.includes('eip155') && !win.__devnetWallet) installEvm(win, config)
  const standard: StandardWalletLike[] = []
  if (families.includes('solana') && !win.__devnetSolanaWallet) {
    const solana = createDevnetSolanaWallet({
      name: config.name,
      icon: DEVNET_WALLET_ICON,
      solanaRpc: config.solanaRpc,
      secretKey: config.solanaSecretKey,
      sitePermission: sitePermissionIn(win, 'solana'),
    })
    if (config.mode) solana.devnet.setMode(config.mode)
    win.__devnetSolanaWallet = solana
    standard.push(solana.wallet)
  }
  if (families.includes('bip122') && !win.__devnetBitcoinWallet) {
    const bitcoin = createDevnetBitcoinWallet({
      name: config.name,
      icon: DEVNET_WALLET_ICON,
      esplora: config.bitcoinEsplora,
      sitePermission: sitePermissionIn(win, 'bip122'),
    })
    if (config.mode) bitcoin.devnet.setMode(config.mode)
    win.__devnetBitcoinWallet = bitcoin
    standard.push(bitcoin.wallet)
    win.AirlockDevnet = { ...win.AirlockDevnet, BitcoinProvider: bitcoin.provider }
    win.btc_providers = [
      ...(win.btc_providers ?? []),
      { id: DEVNET_SATS_PROVIDER_ID, name: 'Devnet Sats Wallet', icon: DEVNET_WALLET_ICON },
    ]
  }
  if (families.includes('polkadot') && !win.__devnetPolkadotWallet) installPolkadot(win, config)
  if (standard.length > 0) registerStandardWallet(standard.length === 1 ? standard[0]! : combineStandardWallets(standard), win)
  return win.__devnetWallet
}

/** Injects as polkadot-js does (its key added to the page's `injectedWeb3`), at once or after `load`. */
function installPolkadot(win: WalletWindow, config: ReturnType<typeof resolvePageConfig>): void {
  const polkadot = createDevnetPolkadotWallet({ sitePermission: sitePermissionIn(win, 'polkadot') })
  if (config.mode) polkadot.devnet.setMode(config.mode)
  win.__devnetPolkadotWallet = polkadot
  const inject = () => {
    win.injectedWeb3 ??= {}
    win.injectedWeb3[DEVNET_POLKADOT_EXTENSION_KEY] = polkadot.extension
  }
  if (!config.polkadotLate) inject()
  else if (win.document?.readyState === 'complete') setTimeout(inject)
  else win.addEventListener('load', () => setTimeout(inject), { once: true })
}

function installEvm(win: WalletWindow, config: ReturnType<typeof resolvePageConfig>): void {
  const provider = createDevnetWallet({ ...config, sitePermission: config.sitePermission ?? sitePermissionIn(win) })
  if (config.mode) provider.devnet.setMode(config.mode)
  win.__devnetWallet = provider
  if (config.windowEthereum !== false && win.ethereum === undefined) win.ethereum = provider
  announceProvider(
    win,
    { uuid: uuidV4(win.crypto), name: provider.devnet.name, icon: DEVNET_WALLET_ICON, rdns: provider.devnet.rdns },
    provider,
  )
}
