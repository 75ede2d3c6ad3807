import { FrameErrorMessage, SOCIAL_CLAIM_WAIT_MS } from '@airlock/protocol'
import type { FarcasterSession, ServerClient } from '../server/client'
import { ServerError } from '../server/json'

export const FarcasterMessage = {
  notStarted: 'Start the Farcaster sign-in first',
  /** A getFarcasterUri came while this connectFarcaster was waiting: the newer QR code is the one that counts. */
  replaced: 'This Farcaster sign-in was replaced by a newer one',
} as const

/** How often connectFarcaster asks the server whether the user has approved in the Farcaster app. */
export const FARCASTER_POLL_MS = 1000

export interface FarcasterLogin {
  /** getFarcasterUri: a new channel at the relay; its URL is what the widget draws as a QR code / deep link. */
  start(): Promise<{ url: string }>
  /**
   * connectFarcaster, before the wallet opens: polls the claim of the newest channel for up to
   * SOCIAL_CLAIM_WAIT_MS and answers the session with the Farcaster profile; still pending, it
   * rejects with FrameErrorMessage.SocialPending (the widget asks again while it shows the QR code).
   * A refusal of the server (expired, another device, a bad signature, ...) rejects with its text.
   */
  claim(): Promise<FarcasterSession>
}

/**
 * Sign In With Farcaster in the frame. Only the newest channel is kept: a new getFarcasterUri (the
 * widget's "try again", or a QR code that expired) replaces the one before. The channel token
 * never leaves the frame except inside the URL the user is meant to open.
 */
export function createFarcasterLogin(
  server: ServerClient,
  deps: { sleep: (ms: number) => Promise<void>; now: () => number },
): FarcasterLogin {
  let channel: { url: string; channelToken: string } | undefined
  return {
    async start() {
      channel = await server.startFarcaster()
      return { url: channel.url }
    },
    async claim() {
      const current = channel
      if (!current) throw new Error(FarcasterMessage.notStarted)
      const until = deps.now() + SOCIAL_CLAIM_WAIT_MS
      for (;;) {
        let session: FarcasterSession | undefined
        try {
          session = await server.claimFarcaster(current.channelToken)
        } catch (error) {
          // A refusal ends this channel (the next attempt needs a new QR code); an outage does not.
          const transient = error instanceof ServerError && (error.status === 0 || error.status >= 500)
          if (!transient && channel === current) channel = undefined
          throw error
        }
        if (session) {
          if (channel === current) channel = undefined
          return session
        }
        if (channel !== current) throw new Error(FarcasterMessage.replaced)
        if (deps.now() + FARCASTER_POLL_MS > until) throw new Error(FrameErrorMessage.SocialPending)
        await deps.sleep(FARCASTER_POLL_MS)
      }
    },
  }
}
