import { existsSync } from 'node:fs'

/** Flags for Chromium on a machine with no network but loopback (see DEVELOPERS.md). */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

/** `CHROME_PATH`, else Debian's Chromium; Playwright cannot download browsers here. */
export function chromiumPath(): string {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].filter(
    Boolean,
  ) as string[]
  const found = candidates.find((path) => existsSync(path))
  if (!found) {
    throw new Error('No Chromium found. Install one with `apt-get update && apt-get install -y chromium`, or set CHROME_PATH.')
  }
  return found
}
