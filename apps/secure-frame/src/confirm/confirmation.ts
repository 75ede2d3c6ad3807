import {
  CONFIRMATION_ON_SCREEN_MS,
  FrameErrorMessage,
  frameRpcAbortedError,
  ProviderRpcError,
  RpcErrorCode,
  type FrameDappData,
} from '@airlock/protocol'
import type { ApprovalChainId } from '../display/decoded'
import type { Simulation } from '../display/simulation'

/** A request the frame has checked and will sign once the user approves it (see families/types.ts FamilyAccount.prepare). */
export interface ConfirmRequest {
  /** The widget's id for it, which abortRpcRequest names. */
  id: string
  method: string
  /** Exactly what will be signed. */
  params: unknown
  /** The eip155 chain, or the Solana cluster (CAIP-2), it is for. */
  chainId: ApprovalChainId
  /** The embedded account that signs, in its family's format. */
  from: string
  /** What the widget says about the dapp: shown only where the browser does not say it itself. */
  dapp: Pick<FrameDappData, 'origin' | 'metadata'> | undefined
  /** What the node says the transaction would do (an eip155 transaction). */
  simulation?: Simulation
}

/** How the frame shows a request and learns the user's answer: prompt.ts in the page, a fake in tests. */
export interface ConfirmationUi {
  /** Loads what drawing the request needs (its family's confirmation) before show; undefined when it is there. */
  prepare?(request: ConfirmRequest): Promise<void> | undefined
  /** Draws the request. `answer` is called (at most once) with the user's decision. Returns the teardown. */
  show(request: ConfirmRequest, answer: (approved: boolean) => void): () => void
  /** Resolves once the frame is laid out big enough to show a request; never rejects. `signal` ends the wait. */
  onScreen(signal: AbortSignal): Promise<void>
}

export interface Confirmation {
  /** Resolves when the user approves; rejects on Reject, on abort, when not on screen in time, or while another waits. */
  ask(request: ConfirmRequest): Promise<void>
  /** Withdraws the waiting request with this id ('Request was aborted'); any other id is ignored. */
  abort(id: string): void
}

export const userRejectedError = () => new ProviderRpcError(RpcErrorCode.UserRejected, 'User rejected the request.')

/**
 * The lifecycle of the frame's confirmations, one at a time. The widget can ask and abort; only
 * `answer` from the UI (a trusted click in this origin) approves. A request the widget does not lay
 * out on screen within CONFIRMATION_ON_SCREEN_MS is refused: that is what a compromised widget gets
 * for asking while it keeps the frame hidden.
 */
export function createConfirmation(ui: ConfirmationUi, onScreenMs = CONFIRMATION_ON_SCREEN_MS): Confirmation {
  let pending: { id: string; finish: (error?: Error) => void } | undefined
  return {
    ask(request) {
      if (pending) return Promise.reject(new ProviderRpcError(RpcErrorCode.ResourceUnavailable, FrameErrorMessage.Busy))
      return new Promise<void>((resolve, reject) => {
        const screen = new AbortController()
        let hide: (() => void) | undefined
        const finish = (error?: Error) => {
          if (pending?.finish !== finish) return
          // Cleared at once, so that the widget's next request (sent right after an abort) is not refused as busy.
          pending = undefined
          clearTimeout(timer)
          screen.abort()
          hide?.()
          if (error) reject(error)
          else resolve()
        }
        pending = { id: request.id, finish }
        const timer = setTimeout(() => finish(new ProviderRpcError(RpcErrorCode.Unauthorized, FrameErrorMessage.NotOnScreen)), onScreenMs)
        void ui.onScreen(screen.signal).then(() => clearTimeout(timer))
        try {
          hide = ui.show(request, (approved) => finish(approved ? undefined : userRejectedError()))
        } catch (error) {
          finish(error instanceof Error ? error : new Error(String(error)))
          return
        }
        // Answered while it was being drawn (a test double does): the teardown is still owed.
        if (pending?.finish !== finish) hide()
      })
    },
    abort(id) {
      if (pending?.id === id) pending.finish(frameRpcAbortedError())
    },
  }
}
