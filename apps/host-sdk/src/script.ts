import { DEFAULT_WIDGET_URL, SDK_VERSION, startAirlock, type AirlockOptions } from './airlock'
import type { Airlock } from './api'
import { ProviderRpcError, RpcErrorCode } from '@airlock/protocol'
import { extraScriptLoader } from './load-extra-script'

declare global {
  interface Window {
    Airlock?: {
      createAirlock: (options: AirlockOptions) => Airlock
      version: string
      ProviderRpcError: typeof ProviderRpcError
      RpcErrorCode: typeof RpcErrorCode
    }
    airlock?: Airlock
  }
}

/** The extra part's script (extra-script.ts) and its hash, set by vite.iife.config.ts, which builds it first. */
declare const __AIRLOCK_EXTRA_SCRIPT__: string
declare const __AIRLOCK_EXTRA_INTEGRITY__: string

/**
 * The one-line embed: `<script src="https://widget.../sdk.js" data-project-id="..." async>`.
 * Creates `window.airlock` from the script's data attributes and fires `airlock:ready`.
 */
const script = document.currentScript as HTMLScriptElement | null
// Next to this script, on the origin that served it.
const loadExtra = extraScriptLoader(new URL(__AIRLOCK_EXTRA_SCRIPT__, script?.src || DEFAULT_WIDGET_URL).href, __AIRLOCK_EXTRA_INTEGRITY__)
const create = (options: AirlockOptions) => startAirlock(options, loadExtra)
window.Airlock = { createAirlock: create, version: SDK_VERSION, ProviderRpcError, RpcErrorCode }
const data = script?.dataset
if (script && data?.projectId) {
  const list = (value: string | undefined) =>
    value
      ?.split(',')
      .map((item) => item.trim())
      .filter(Boolean)
  const themeMode = data.themeMode === 'light' || data.themeMode === 'dark' ? data.themeMode : undefined
  window.airlock = create({
    projectId: data.projectId,
    widgetUrl: data.widgetUrl ?? new URL(script.src).origin,
    ...(list(data.networks) && { networks: list(data.networks) }),
    ...(data.defaultNetwork && { defaultNetwork: data.defaultNetwork }),
    ...(themeMode && { themeMode }),
  })
  window.dispatchEvent(new CustomEvent('airlock:ready', { detail: window.airlock }))
}
