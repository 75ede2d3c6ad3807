/**
 * How often one-time codes may be mailed for one account (issue 12): an exponential back-off
 * between codes and a cap per rolling day, counted per account and device bucket, so that codes an
 * attacker asks for elsewhere cannot lock the account's devices out.
 *
 * With 5 tries a code, the caps bound guessing to NEW_DEVICE_ACCOUNT_CAP * 5 in 10^6 per account
 * and day from devices the account does not know.
 */
export interface CodeThrottle {
  /** The wait after the first code; it doubles with each further code in the window. */
  baseMs: number
  /** The longest wait between two codes. */
  maxMs: number
  /** The rolling window the codes are counted in. */
  windowMs: number
  /** Codes per window. */
  dailyCap: number
}

export const CODE_THROTTLE: CodeThrottle = { baseMs: 30_000, maxMs: 60 * 60_000, windowMs: 24 * 60 * 60_000, dailyCap: 10 }

/**
 * How long until the next code may be sent (0: now), given when the earlier codes of the same
 * account and bucket were sent. The first repeat waits 30 s (SPEC section 9's cooldown), then 60,
 * 120, … up to an hour; past the cap, until the oldest code of the window leaves it.
 */
export function codeWait(sentAt: readonly number[], now: number, policy: CodeThrottle = CODE_THROTTLE): number {
  const recent = sentAt.filter((at) => at > now - policy.windowMs && at <= now).sort((a, b) => a - b)
  if (recent.length === 0) return 0
  if (recent.length >= policy.dailyCap) return Math.max(0, recent[recent.length - policy.dailyCap]! + policy.windowMs - now)
  const gap = Math.min(policy.baseMs * 2 ** (recent.length - 1), policy.maxMs)
  return Math.max(0, recent[recent.length - 1]! + gap - now)
}

/**
 * Codes per account and rolling day to all devices it does not know, whatever their network: five
 * networks' caps, so that an attacker needs five networks of its own before a new device of the
 * owner waits (before issue 23 one bucket was shared by every unknown device, and one attacker
 * locked the owner out of logins on new dapps, each of which is a new device to the frame).
 */
export const NEW_DEVICE_ACCOUNT_CAP = 5 * CODE_THROTTLE.dailyCap

/** The prefix of the buckets of devices the account does not know. */
export const NEW_DEVICE_BUCKET = 'client:'

/**
 * The bucket of a device: its own when the account knows it; else its client's network (an IPv4
 * address or an IPv6 /64, as the rate limits key it), since a device token is free to mint and a
 * network is not.
 */
export function deviceBucket(deviceHash: string | undefined, known: boolean, client: string): string {
  return known && deviceHash ? `device:${deviceHash}` : `${NEW_DEVICE_BUCKET}${client}`
}
