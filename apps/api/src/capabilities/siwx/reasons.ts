/** Every refusal of the sign-in routes, as the API's first reason description says it. */
export const SiwxReason = {
  malformed: 'The message is not a sign-in message (EIP-4361 for eip155, CAIP-122 for solana), or one of its fields is invalid',
  notCanonical: 'The message is not laid out exactly as the sign-in template writes it: create it with the template of @airlock/protocol',
  address: 'The account address in the message is not a valid address of its namespace (eip155: EIP-55 checksummed)',
  wrongDomain: "The message is for another site: its domain is not one of the project's allowed origins",
  wrongUri: "The message's URI is not on its domain, or not on one of the project's allowed origins",
  wrongChain: "The message's chain is not a network this API serves",
  notYetValid: 'The message is not valid yet: its Issued At or Not Before is in the future',
  expired: 'The message has expired',
  nonceUnknown: 'The nonce was not issued by this API for this project: ask for a new one',
  nonceExpired: 'The nonce has expired: ask for a new one',
  nonceUsed: 'The nonce has already been used: ask for a new one',
  signatureFormat: 'The signature is malformed: eip155 signs in 0x-prefixed hex, solana in base58 of 64 bytes',
  signatureInvalid: 'The signature is not the account’s signature of this message',
  tokenInvalid: 'The token is not a session token of this API for this project',
  tokenExpired: 'The session has expired: sign in again',
  revoked: 'The session has been revoked: sign in again',
} as const
