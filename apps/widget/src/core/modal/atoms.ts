import { atom } from 'jotai'

/** True once the penpal handshake with the host is done. */
export const readyAtom = atom(false)
export const openAtom = atom(false)

/**
 * A view that holds the modal open until it is done (the sign-in of SIWX): closes that follow an
 * action (a connection, an approval) leave it open, and the user's or the dapp's close goes to
 * `onCloseRequest` instead (core/modal/modal.ts requestClose).
 */
export interface ModalHold {
  onCloseRequest(): Promise<void>
}
export const modalHoldAtom = atom<{ hold: ModalHold } | undefined>(undefined)
