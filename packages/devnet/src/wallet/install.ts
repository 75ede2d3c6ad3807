import type { Hex } from 'viem'
import { devnetAccounts } from '../accounts'
import { announceProvider, uuidV4, type AnnounceTarget } from './announce'
import { DEVNET_WALLET_ICON } from './icon'
import { createDevnetWallet, type DevnetWalletConfig, type DevnetWalletMode, type DevnetWalletProvider } from './provider'

export interface DevnetWalletPageConfig extends Partial<DevnetWalletConfig> {
  /** Also expose the wallet as window.ethereum when that is free (default true). */
  windowEthereum?: boolean
  /** Initial mode, e.g. 'reject' for a page that must see refusals from the start. */
  mode?: DevnetWalletMode
}

export interface WalletWindow extends AnnounceTarget {
  localStorage?: Pick<Storage, 'getItem' | 'setItem'>
  ethereum?: unknown
  __devnetWallet?: DevnetWalletProvider
  __AIRLOCK_DEVNET_WALLET__?: DevnetWalletPageConfig
}

type ScriptLike = Pick<Element, 'getAttribute' | 'getAttributeNames'>

export const DEFAULT_WALLET_CHAINS: Readonly<Record<number, string>> = Object.freeze({
  31337: 'http://127.0.0.1:8545',
  31338: 'http://127.0.0.1:8546',
})

/** Reads `data-rpc-31337="url"`, `data-default-chain-id`, `data-accounts="0xkey,0xkey"`, `data-window-ethereum="false"`, ... */
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

/** The page's own localStorage stands in for the extension's list of connected sites. */
function sitePermissionIn(win: WalletWindow): NonNullable<DevnetWalletConfig['sitePermission']> {
  return {
    load: () => {
      try {
        return win.localStorage?.getItem(PERMISSION_KEY) === 'true'
      } catch {
        return false
      }
    },
    save: (connected) => {
      try {
        win.localStorage?.setItem(PERMISSION_KEY, String(connected))
      } catch {
        // Without storage the wallet forgets the site on reload, like a private window.
      }
    },
  }
}

/** Creates the wallet in a page, announces it via EIP-6963 and exposes it as window.__devnetWallet. */
export function installDevnetWallet(win: WalletWindow, script?: ScriptLike | null): DevnetWalletProvider {
  if (win.__devnetWallet) return win.__devnetWallet
  const config = resolvePageConfig(win, script)
  const provider = createDevnetWallet({ ...config, sitePermission: config.sitePermission ?? sitePermissionIn(win) })
  if (config.mode) provider.devnet.setMode(config.mode)
  win.__devnetWallet = provider
  if (config.windowEthereum !== false && win.ethereum === undefined) win.ethereum = provider
  announceProvider(
    win,
    { uuid: uuidV4(win.crypto), name: provider.devnet.name, icon: DEVNET_WALLET_ICON, rdns: provider.devnet.rdns },
    provider,
  )
  return provider
}
