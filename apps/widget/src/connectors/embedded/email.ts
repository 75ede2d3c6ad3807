import { FRAME_EMAIL, FRAME_EMAIL_MAX_LENGTH } from '@airlock/protocol'

/** SPEC section 5: the email must be valid. Checked as the frame checks it, before anything is sent. */
export function isValidEmail(email: string): boolean {
  return email.length <= FRAME_EMAIL_MAX_LENGTH && FRAME_EMAIL.test(email)
}

export const INVALID_EMAIL_MESSAGE = 'Enter a valid email address'
