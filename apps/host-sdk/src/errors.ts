import { ProviderRpcError, RpcErrorCode } from '@airlock/protocol'

export const destroyedError = (): ProviderRpcError =>
  new ProviderRpcError(RpcErrorCode.Disconnected, 'This Airlock instance was destroyed; create a new one with createAirlock().')

/** The widget origin will not boot for this page: `alert` is what it would show (SPEC section 8). */
export const refusedError = (alert: string): ProviderRpcError =>
  new ProviderRpcError(RpcErrorCode.Disconnected, `The Airlock widget did not connect: ${alert}.`)

export const unavailableError = (): ProviderRpcError =>
  new ProviderRpcError(
    RpcErrorCode.Disconnected,
    'The Airlock widget did not connect: this origin may not be allowed for the project (Invalid App Configuration), or the widget could not load.',
  )
