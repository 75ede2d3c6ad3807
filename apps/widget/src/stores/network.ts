import { getNetwork, type Network } from '@airlock/chains'
import { atom } from 'jotai'
import { connectionAtom } from './connection'
import { defaultNetworkAtom } from './options'

/** A network chosen with switchNetwork while no wallet is connected. */
export const selectedNetworkIdAtom = atom<string | undefined>(undefined)

/** The wallet's chain when connected; otherwise the selected or default network. */
export const activeCaipNetworkIdAtom = atom<string>((get) => {
  const { status, chainId } = get(connectionAtom)
  if (status === 'connected' && chainId !== undefined) return `eip155:${chainId}`
  return get(selectedNetworkIdAtom) ?? get(defaultNetworkAtom)
})

export const activeNetworkAtom = atom<Network | undefined>((get) => getNetwork(get(activeCaipNetworkIdAtom)))
