import type { WidgetOptions } from '@airlock/protocol'
import { atom } from 'jotai'

export const DEFAULT_NETWORKS = ['eip155:1'] as const

export type ResolvedOptions = WidgetOptions & { networks: string[] }

export function resolveOptions(options: WidgetOptions): ResolvedOptions {
  return { ...options, networks: options.networks ?? [...DEFAULT_NETWORKS] }
}

/** Undefined until the host SDK calls setOptions. */
export const optionsAtom = atom<ResolvedOptions | undefined>(undefined)

export const networksAtom = atom<readonly string[]>((get) => get(optionsAtom)?.networks ?? DEFAULT_NETWORKS)

export const defaultNetworkAtom = atom<string>((get) => get(optionsAtom)?.defaultNetwork ?? get(networksAtom)[0] ?? DEFAULT_NETWORKS[0])

export const excludedWalletIdsAtom = atom<readonly string[]>((get) => get(optionsAtom)?.excludeWalletIds ?? [])
