import { atom } from 'jotai'

/**
 * The embedded wallet's requests waiting for the user (SPEC section 6 "need confirmation"), oldest
 * first. The first is the one the ApproveTransaction view shows (the secure frame draws it over the
 * view's slot); the rest wait their turn. actions/approvals.ts adds and settles them; the promise
 * callbacks live there, not in the store.
 */

export interface ApprovalRequest {
  method: string
  params: unknown
  /** The network the request is for (CAIP-2). */
  caipNetworkId: string
  /** The embedded account that signs. */
  from: string
}

export interface PendingApproval {
  /** Route param of ApproveTransaction (crypto.randomUUID()). */
  id: string
  request: ApprovalRequest
  /** The dapp origin the request came from (the origin pinned at the host handshake). */
  origin: string
  createdAt: number
}

export const approvalQueueAtom = atom<readonly PendingApproval[]>([])

/** The approval on screen (or due on screen): the head of the queue. */
export const shownApprovalAtom = atom<PendingApproval | undefined>((get) => get(approvalQueueAtom)[0])
