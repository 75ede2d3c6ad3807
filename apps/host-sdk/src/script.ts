import { createAirlock, SDK_VERSION, type Airlock } from './airlock'
import { ProviderRpcError, RpcErrorCode } from '@airlock/protocol'

declare global {
  interface Window {
    Airlock?: {
      createAirlock: typeof createAirlock
      version: string
      ProviderRpcError: typeof ProviderRpcError
      RpcErrorCode: typeof RpcErrorCode
    }
    airlock?: Airlock
  }
}

/**
 * The one-line embed: `<script src="https://widget.../sdk.js" data-project-id="..." async>`.
 * Creates `window.airlock` from the script's data attributes and fires `airlock:ready`.
 */
const script = document.currentScript as HTMLScriptElement | null
window.Airlock = { createAirlock, version: SDK_VERSION, ProviderRpcError, RpcErrorCode }
const data = script?.dataset
if (script && data?.projectId) {
  const list = (value: string | undefined) =>
    value
      ?.split(',')
      .map((item) => item.trim())
      .filter(Boolean)
  const themeMode = data.themeMode === 'light' || data.themeMode === 'dark' ? data.themeMode : undefined
  window.airlock = createAirlock({
    projectId: data.projectId,
    widgetUrl: data.widgetUrl ?? new URL(script.src).origin,
    ...(list(data.networks) && { networks: list(data.networks) }),
    ...(data.defaultNetwork && { defaultNetwork: data.defaultNetwork }),
    ...(themeMode && { themeMode }),
  })
  window.dispatchEvent(new CustomEvent('airlock:ready', { detail: window.airlock }))
}
