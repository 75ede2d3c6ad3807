import { atom } from 'jotai'

/** Mobile decides which connectors show (SPEC section 5), not the layout: CSS handles that. */
export function detectMobile(win: Window): boolean {
  const ua = win.navigator.userAgent
  if (/Android|iPhone|iPad|iPod|Mobile/i.test(ua)) return true
  return win.matchMedia?.('(pointer: coarse)').matches === true && win.matchMedia('(hover: none)').matches
}

/** Set once at start from the user agent (detectMobile). */
export const isMobileAtom = atom(false)
