import { BIP122_SIWX } from './bip122'
import { EIP155_SIWX } from './eip155'
import { POLKADOT_SIWX } from './polkadot'
import { parseSiwxMessage, renderSiwxMessage, type SiwxMessageData, type SiwxParseResult, type SiwxTemplate } from './message'
import { SOLANA_SIWX } from './solana'

export * from './api'
export * from './bip122'
export * from './eip155'
export * from './message'
export * from './options'
export * from './polkadot'
export * from './request'
export * from './solana'

/** The namespaces that sign in, one template each. */
export const SIWX_TEMPLATES: readonly SiwxTemplate[] = [EIP155_SIWX, SOLANA_SIWX, BIP122_SIWX, POLKADOT_SIWX]

/** The message of `data` in the template of its chain's namespace. */
export function createSiwxMessage(data: SiwxMessageData): string {
  const template = SIWX_TEMPLATES.find((candidate) => data.chainId.startsWith(`${candidate.namespace}:`))
  if (!template) throw new RangeError(`Sign-in is not available for ${data.chainId}`)
  return renderSiwxMessage(template, data)
}

/** A message of any namespace that signs in, refused unless it round-trips. */
export const parseAnySiwxMessage = (message: string): SiwxParseResult => parseSiwxMessage(SIWX_TEMPLATES, message)
