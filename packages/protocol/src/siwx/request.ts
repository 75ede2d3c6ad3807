import type { SiwxMessageData } from './message'
import type { SiwxSettings } from './options'

/** The settings of the `siwx` option (`true`: all defaults); undefined when sign-in is off. */
export function siwxSettingsOf(option: true | SiwxSettings | undefined): SiwxSettings | undefined {
  return option === true ? {} : option
}

/** The statement a sign-in shows when the dapp gave none. */
export const DEFAULT_SIWX_STATEMENT = 'Please sign with your account'
/** How long a session lasts when the dapp did not say: a week, the API's default. */
export const DEFAULT_SIWX_EXPIRATION_SECONDS = 7 * 24 * 3600

export interface SiwxRequest {
  /** The dapp page's origin (the widget's parent, checked by the widget server against the project). */
  origin: string
  /** The account as the family's template writes it (eip155: EIP-55). */
  accountAddress: string
  caipNetworkId: string
  nonce: string
  nowMs: number
  settings: SiwxSettings
}

/**
 * The message data of a sign-in at the dapp's origin, as the API will check it (domain and URI of
 * the page): what the widget asks a wallet to sign, and what a WalletConnect one-click sign-in
 * asks for.
 */
export function siwxMessageData({ origin, accountAddress, caipNetworkId, nonce, nowMs, settings }: SiwxRequest): SiwxMessageData {
  const page = new URL(origin)
  const expiresInMs = (settings.expirationSeconds ?? DEFAULT_SIWX_EXPIRATION_SECONDS) * 1000
  return {
    domain: page.host,
    accountAddress,
    statement: settings.statement ?? DEFAULT_SIWX_STATEMENT,
    uri: page.origin,
    version: '1',
    chainId: caipNetworkId,
    nonce,
    issuedAt: new Date(nowMs).toISOString(),
    expirationTime: new Date(nowMs + expiresInMs).toISOString(),
    ...(settings.resources ? { resources: settings.resources } : {}),
  }
}
