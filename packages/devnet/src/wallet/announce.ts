import type { DevnetWalletProvider } from './provider'

/** EIP-6963 provider info. */
export interface ProviderInfo {
  uuid: string
  name: string
  icon: string
  rdns: string
}

export interface AnnounceTarget extends Pick<EventTarget, 'addEventListener' | 'removeEventListener' | 'dispatchEvent'> {
  CustomEvent?: typeof CustomEvent
  crypto?: Pick<Crypto, 'getRandomValues'> & { randomUUID?: () => string }
}

/** randomUUID only exists in secure contexts; plain-http dev pages fall back to getRandomValues. */
export function uuidV4(crypto: AnnounceTarget['crypto'] = globalThis.crypto): string {
  if (crypto?.randomUUID) return crypto.randomUUID()
  const b = crypto!.getRandomValues(new Uint8Array(16))
  b[6] = (b[6]! & 0x0f) | 0x40
  b[8] = (b[8]! & 0x3f) | 0x80
  const h = [...b].map((x) => x.toString(16).padStart(2, '0')).join('')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}

/** Announces now and on every eip6963:requestProvider; returns a function that stops answering. */
export function announceProvider(target: AnnounceTarget, info: ProviderInfo, provider: DevnetWalletProvider): () => void {
  // Use the page's own CustomEvent: a foreign realm's event is rejected by dispatchEvent.
  const Ctor = target.CustomEvent ?? CustomEvent
  const detail = Object.freeze({ info: Object.freeze({ ...info }), provider })
  const announce = () => {
    target.dispatchEvent(new Ctor('eip6963:announceProvider', { detail }))
  }
  target.addEventListener('eip6963:requestProvider', announce)
  announce()
  return () => target.removeEventListener('eip6963:requestProvider', announce)
}
