import { startAirlock, type AirlockOptions } from './airlock'
import type { Airlock } from './api'
import { importExtra } from './load-extra'

export { DEFAULT_WIDGET_URL, SDK_VERSION } from './airlock'
export type { AirlockOptions } from './airlock'
export type { Airlock, Diagnostics } from './api'
export type { AirlockProvider, RequestArguments } from './provider'
export type { ExternalWallet } from './discovery'
export type { StandardWallet, StandardWalletAccount } from './standard'
export type { AirlockEvent, AirlockState, OpenableView, ThemeMode, ThemeVariables } from '@airlock/protocol'
export { ProviderRpcError, RpcErrorCode } from '@airlock/protocol'

/**
 * Starts Airlock in the page (README: API). Solana dapps of the page find it as the Wallet
 * Standard wallet "Airlock"; its code is a chunk of its own, loaded only where it is needed.
 */
export const createAirlock = (options: AirlockOptions): Airlock => startAirlock(options, importExtra)
