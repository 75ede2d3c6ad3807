import { ProviderRpcError, RpcErrorCode } from '../errors'

/** The texts SPEC.md sections 6 and 8 give for the secure frame. */
export const FrameErrorMessage = {
  /** An error reply without a usable message. */
  ErrorReply: 'An error occurred',
  /** A call that timed out or was aborted, or a frame that went away. */
  Timeout: 'Something went wrong',
  /** A pending RPC request cancelled when open requests are rejected. */
  RpcAborted: 'Request was aborted',
  /** The frame did not load. */
  LoadFailed: 'Unable to load email login dependency',
  /** A call before the frame exists (widget side). */
  FrameMissing: 'Airlock secure frame: the frame is not set',
  /** The frame runs outside the widget (frame side). */
  ParentMissing: 'Airlock secure frame: the parent window is not set',
  /** connectSocial: the popup has not come back yet (the widget asks again while it is open). */
  SocialPending: 'The sign-in is not finished yet',
  /** The popup was closed before the sign-in finished. */
  SocialCancelled: 'The sign-in was cancelled',
  /** window.open gave nothing: a popup blocker. */
  SocialPopupBlocked: 'The sign-in window was blocked: allow popups for this site and try again',
  /** A disallowed RPC method (SPEC.md section 6) ... */
  RpcNotAllowed: 'Requested RPC call is not allowed',
  /** ... and what the UI shows for it. */
  RpcNotAllowedUi: 'Action not allowed',
  /** A confirmation the widget did not lay out on screen in time (see CONFIRMATION_ON_SCREEN_MS). */
  NotOnScreen: 'The confirmation could not be shown: the secure frame is not on screen',
  /** A second confirmation while one waits: the widget asks one at a time. */
  Busy: 'Another confirmation is waiting in the secure frame',
  /** A confirmation method called without the id abortRpcRequest would name. */
  NoRequestId: 'A confirmation request needs an id',
} as const
export type FrameErrorMessage = (typeof FrameErrorMessage)[keyof typeof FrameErrorMessage]

/** What a disallowed RPC call rejects with (4200, unsupported method); the UI shows RpcNotAllowedUi. */
export function frameRpcNotAllowedError(): ProviderRpcError {
  return new ProviderRpcError(RpcErrorCode.UnsupportedMethod, FrameErrorMessage.RpcNotAllowed)
}

/** What a pending RPC call rejects with when open requests are rejected (4001, user rejected). */
export function frameRpcAbortedError(): ProviderRpcError {
  return new ProviderRpcError(RpcErrorCode.UserRejected, FrameErrorMessage.RpcAborted)
}

/** A toast holds a sentence, not a stack trace: longer messages are cut. */
export const FRAME_ERROR_MESSAGE_MAX_LENGTH = 300

/**
 * The text to show for a failed frame call. `reply` is whatever the call rejected with: the frame's
 * error reply ({code, message} or an Error), a string, or a transport failure. Time-outs and aborts
 * (an AbortError or TimeoutError, penpal's string-coded errors, or the 4900 "disconnected" error
 * the typed caller turns them into) read 'Something went wrong'; an error reply shows its own
 * message, or 'An error occurred' when it has none.
 */
export function frameErrorMessage(reply: unknown): string {
  if (isTransportFailure(reply)) return FrameErrorMessage.Timeout
  const message = typeof reply === 'string' ? reply : messageOf(reply)
  const trimmed = message?.trim()
  if (!trimmed) return FrameErrorMessage.ErrorReply
  return trimmed.length > FRAME_ERROR_MESSAGE_MAX_LENGTH ? `${trimmed.slice(0, FRAME_ERROR_MESSAGE_MAX_LENGTH - 1)}…` : trimmed
}

function messageOf(reply: unknown): string | undefined {
  if (typeof reply !== 'object' || reply === null) return undefined
  const message = (reply as { message?: unknown }).message
  return typeof message === 'string' ? message : undefined
}

function isTransportFailure(reply: unknown): boolean {
  if (typeof reply !== 'object' || reply === null) return false
  const { name, code } = reply as { name?: unknown; code?: unknown }
  return name === 'AbortError' || name === 'TimeoutError' || typeof code === 'string' || code === 4900
}

/** SPEC.md sections 5 and 9: a new email login waits this long after the previous one. */
export const EMAIL_LOGIN_COOLDOWN_MS = 30_000

/** How long until another email login is allowed; 0 when it is allowed now (or never happened). */
export function emailLoginCooldownRemaining(lastLoginAt: number | undefined, now: number): number {
  if (lastLoginAt === undefined || !Number.isFinite(lastLoginAt)) return 0
  const remaining = lastLoginAt + EMAIL_LOGIN_COOLDOWN_MS - now
  // A last login "in the future" (clock moved back) is capped to one full cooldown.
  return Math.min(Math.max(remaining, 0), EMAIL_LOGIN_COOLDOWN_MS)
}

/** 'Please try again after {n} seconds', with the remaining time rounded up to whole seconds (at least 1). */
export function emailCooldownMessage(remainingMs: number): string {
  const seconds = Math.max(1, Math.ceil(remainingMs / 1000))
  return `Please try again after ${seconds} seconds`
}
