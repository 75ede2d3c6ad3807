import { atom } from 'jotai'

/** True once the penpal handshake with the host is done. */
export const readyAtom = atom(false)
export const openAtom = atom(false)
