import type { Extra, LoadExtra } from './load-extra'

/** The property of its <script> element through which the extra script hands over its exports (extra-script.ts). */
export const HANDOFF = 'airlockExtra'

/**
 * How the one-line SDK loads its extra part (extra.ts): a script of its own (vite.iife.config.ts),
 * served by the widget origin next to sdk.js and run by the browser only if its bytes match
 * `integrity`, which is compiled into sdk.js, so the hash a dapp pins for sdk.js pins it too.
 * Loaded once, however many instances ask.
 *
 * No global carries the exports back: a page script could define it first. The script calls a
 * function that sdk.js puts on the script's own element, which accepts only a call made while that
 * element runs (`document.currentScript`), i.e. by the bytes the integrity pinned. A page script
 * can find the element and call the function earlier, but never as that script; it cannot replace
 * the function (read-only, and the element's own property shadows any on the prototype).
 */
export function extraScriptLoader(src: string, integrity: string): LoadExtra {
  let loading: Promise<Extra> | undefined
  return () =>
    (loading ??= new Promise((resolve, reject) => {
      const script = document.createElement('script')
      Object.defineProperty(script, HANDOFF, {
        value: (extra: Extra) => document.currentScript === script && resolve(extra),
      })
      // onerror: also what a file whose bytes do not match the integrity gets; onload comes after
      // the script ran, a no-op once it handed over its exports.
      script.onerror = script.onload = () => reject(new Error(`Airlock could not load ${src}`))
      Object.assign(script, { src, integrity, crossOrigin: 'anonymous' })
      document.head.append(script)
    }))
}
