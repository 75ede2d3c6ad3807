import { ownWallets } from './own'

/**
 * Airlock's own entry of `window.injectedWeb3` (@polkadot/extension-inject's `{ version, enable }`),
 * there from the start because @polkadot/extension-dapp's web3Enable reads the entries once the
 * document is ready; `enable` loads the rest (the extra part's enableAirlockPolkadot). Another
 * script's `airlock` entry (or an earlier Airlock instance's) is kept: the first one wins, and the
 * other keys are never touched. Returns the removal of the entry, if it is still this one.
 */
export function injectAirlock(version: string, enable: () => Promise<object>): () => void {
  const entry = { version, enable }
  ownWallets.add(entry)
  try {
    const injected = ((window as { injectedWeb3?: Record<string, object> }).injectedWeb3 ??= {})
    injected.airlock ??= entry
    return () => injected.airlock === entry && delete injected.airlock
  } catch {
    // A page whose injectedWeb3 is frozen or no object: no entry of Airlock's.
    return () => {}
  }
}
