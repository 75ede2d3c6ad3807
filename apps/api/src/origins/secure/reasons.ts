/** What the secure-origin server answers when it refuses (the frame shows these texts). */
export const SecureReason = {
  crossOrigin: 'Cross-origin requests are not allowed',
  notSignedIn: 'Not signed in',
  emailUnavailable: 'Email login is not available: no mail server is configured',
  mailFailed: 'The email could not be sent: try again later',
  noCode: 'No code was sent for this request: request a new code',
  expired: 'This code has expired: request a new code',
  overTried: 'Too many wrong codes: request a new code',
  used: 'This code was already used: request a new code',
  noDevice: 'This device is unknown: start the login again',
  sameEmail: 'The new email is the same as the current one',
  noEmail: 'This account has no email address to change',
  emailTaken: 'This email is already used by another account',
  sharesExist: 'This wallet already has its key shares',
  noShares: 'This account has no wallet yet',
  recoveryNeedsFreshLogin: 'Recovery needs a fresh sign-in: sign in again',
  otherDeviceSession: 'This session belongs to another device: sign in again',
  badShare: 'must be base64 of 1 to 1024 bytes',
  passkeyExists: 'This passkey is already added, or the account has the most passkeys it may have',
} as const

export const wrongCodeMessage = (triesLeft: number) => `Wrong code: ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left`
