import { randomInt } from 'node:crypto'

/**
 * What the owner's mails say of the device asking for their wallet (issue 23): the browser and
 * system its User-Agent names, an approximate place, the time, and a two-digit number that the
 * asking device shows too (number matching: a code read out to a phishing page comes with a number
 * the owner can check against their own screen).
 */
export interface Requester {
  /** `Chrome 142 on Linux`; `an unknown browser` when the User-Agent says nothing we know. */
  device: string
  /** `DE (IP 203.0.113.7)` where the proxy in front names the country, else `unknown (IP …)`. */
  place: string
  at: number
  match: string
}

export function newMatchNumber(): string {
  return String(randomInt(10, 100))
}

const BROWSERS: [string, RegExp][] = [
  ['Edge', /\bEdg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /\bOPR\/(\d+)/],
  ['Samsung Internet', /\bSamsungBrowser\/(\d+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/(\d+)/],
  ['Chrome', /\b(?:HeadlessChrome|Chrome|CriOS)\/(\d+)/],
  ['Safari', /\bVersion\/(\d+)[.\d]* (?:Mobile\/\S+ )?Safari\//],
]
const SYSTEMS: [string, RegExp][] = [
  ['Android', /\bAndroid\b/],
  ['iOS', /\b(?:iPhone|iPad|iPod)\b/],
  ['ChromeOS', /\bCrOS\b/],
  ['Windows', /\bWindows\b/],
  ['macOS', /\bMac OS X\b/],
  ['Linux', /\bLinux\b/],
]

/** The browser and system a User-Agent names, in words a user recognises. */
export function describeDevice(userAgent: string | undefined): string {
  const text = (userAgent ?? '').slice(0, 500)
  const browser = BROWSERS.map(([name, pattern]) => ({ name, version: pattern.exec(text)?.[1] })).find((item) => item.version)
  const system = SYSTEMS.find(([, pattern]) => pattern.test(text))?.[0]
  const named = browser ? `${browser.name} ${browser.version}` : 'an unknown browser'
  return system ? `${named} on ${system}` : named
}

/** Two letters from the proxy's geolocation header (e.g. Cloudflare's CF-IPCountry); anything else is not a place. */
const COUNTRY = /^[A-Z]{2}$/

export function describePlace(country: string | undefined, address: string | undefined): string {
  const where = country && COUNTRY.test(country) && country !== 'XX' ? country : 'unknown'
  return address ? `${where} (IP ${address})` : where
}
