import type { Requester } from './requester'

/** The mails the key service sends the owner of a wallet: each says who asks, from where and when. */

const facts = (requester: Requester) =>
  `The device asking: ${requester.device}\n` +
  `Place (approximate): ${requester.place}\n` +
  `Time: ${new Date(requester.at).toUTCString()}\n` +
  `Its screen shows the number ${requester.match}.\n`

export function deviceCodeMail(code: string, requester: Requester, ttlMinutes: number): { subject: string; text: string } {
  return {
    subject: 'Approve a new device for your Airlock wallet',
    text:
      `A new device is signing in to your Airlock wallet. Your device code is ${code}.\n\n` +
      facts(requester) +
      `\nEnter the code only in the Airlock window on that device, and only if it shows the number ${requester.match}: ` +
      `Airlock never asks for it anywhere else. It expires in ${ttlMinutes} minutes.\n\n` +
      `If you are not signing in, someone else has your login: do not share this code, and secure your email and social accounts.\n`,
  }
}

export function recoveryRequestedMail(requester: Requester, opensAt: number, cancelUrl: string): { subject: string; text: string } {
  return {
    subject: 'A device asked to open your Airlock wallet by email',
    text:
      `A new device asked to open your Airlock wallet with an email code instead of your passkey.\n\n` +
      facts(requester) +
      `\nBecause your wallet has a passkey, it may do so only from ${new Date(opensAt).toUTCString()}, ` +
      `and every device where your wallet is open shows this request until then.\n\n` +
      `If this was not you, cancel it now: ${cancelUrl}\n` +
      `Someone else then has your login: secure your email and social accounts.\n\n` +
      `If it was you and you still have your passkey, use the passkey instead: it opens your wallet at once.\n`,
  }
}
