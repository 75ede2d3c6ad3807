import type { FeeQuote } from '../../chains/types'
import { atom } from 'jotai'
import type { TokenBalance } from '../../core/http/accountData'
import { activeCaipNetworkIdAtom, networkSwitchesAtom } from '../../core/network/atoms'

/**
 * SPEC section 3 "Send state": the token, the typed amount and receiver, the resolved receiver
 * (address, profile name and image), the network fee and its USD cost, and the network balance.
 * The form belongs to the network it was filled on: a network switch (from the modal or from the
 * wallet) resets it (SPEC section 4), and resetSendAtom clears it after a send.
 */

export type ReceiverState =
  | { status: 'idle' }
  | { status: 'resolving'; name: string }
  | { status: 'resolved'; address: string; profileName?: string | undefined; profileImageUrl?: string | undefined }
  | { status: 'error'; error: string }

export interface SendState {
  token?: TokenBalance | undefined
  /** As typed: refused input stays for the user to fix. */
  sendTokenAmount: string
  receiverInput: string
  receiver: ReceiverState
  /** The network fee quoted for the transfer (the native token's smallest units), paid as quoted. */
  fee?: FeeQuote | undefined
  /** SPEC section 3's gasPriceInUSD: the fee in USD. */
  gasPriceInUSD?: number | undefined
  networkBalanceInUSD?: number | undefined
  /** The tokens held on the network (native and ERC-20); undefined until loaded. */
  tokenBalances?: TokenBalance[] | undefined
  /** A send is with the wallet: the form is locked until it answers. */
  loading: boolean
}

export const INITIAL_SEND: SendState = { sendTokenAmount: '', receiverInput: '', receiver: { status: 'idle' }, loading: false }

const sendByNetworkAtom = atom<{ caipNetworkId: string; switches: number; state: SendState } | undefined>(undefined)

/** The form of the active network, since the last network switch; set it with a partial update. */
export const sendAtom = atom(
  (get) => {
    const stored = get(sendByNetworkAtom)
    const current = stored && stored.caipNetworkId === get(activeCaipNetworkIdAtom) && stored.switches === get(networkSwitchesAtom)
    return current ? stored.state : INITIAL_SEND
  },
  (get, set, update: Partial<SendState>) => {
    set(sendByNetworkAtom, {
      caipNetworkId: get(activeCaipNetworkIdAtom),
      switches: get(networkSwitchesAtom),
      state: { ...get(sendAtom), ...update },
    })
  },
)

export const resetSendAtom = atom(null, (_get, set) => set(sendByNetworkAtom, undefined))
