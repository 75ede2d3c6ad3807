import type { WidgetOptions } from '@airlock/protocol'
import { atom } from 'jotai'

export const DEFAULT_NETWORKS = ['eip155:1'] as const

/** `networks` stays as the dapp gave it: absent means none requested (every network is supported). */
export type ResolvedOptions = WidgetOptions

/** The top-level spellings of feature switches fold into `features`, whose own values win. */
export function resolveOptions(options: WidgetOptions): ResolvedOptions {
  const { socials, connectMethodsOrder, collapseWallets, ...rest } = options
  const aliases = { socials, connectMethodsOrder, collapseWallets }
  const set = Object.fromEntries(Object.entries(aliases).filter(([, value]) => value !== undefined))
  return Object.keys(set).length ? { ...rest, features: { ...set, ...options.features } } : rest
}

/** Undefined until the host SDK calls setOptions. */
export const optionsAtom = atom<ResolvedOptions | undefined>(undefined)

/** The networks the dapp requested; empty when it named none. */
export const requestedNetworksAtom = atom<readonly string[]>((get) => get(optionsAtom)?.networks ?? [])

/** The networks offered to the user: the requested ones, else the default. */
export const networksAtom = atom<readonly string[]>((get) => get(optionsAtom)?.networks ?? DEFAULT_NETWORKS)

export const defaultNetworkAtom = atom<string>((get) => get(optionsAtom)?.defaultNetwork ?? get(networksAtom)[0] ?? DEFAULT_NETWORKS[0])

export const excludedWalletIdsAtom = atom<readonly string[]>((get) => get(optionsAtom)?.excludeWalletIds ?? [])
