import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'

const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string }

/**
 * The one-line script's file in dist/, named by the package version: the widget origin serves it at
 * `/sdk@<version>.js` for good (dapps pin it with `integrity`), so a changed SDK needs a new version.
 * `sdk.js` beside it is the same bytes under the name that moves with each release.
 */
export const VERSIONED_SCRIPT = `sdk@${version}.js`

/**
 * The SDK's extra part (src/extra.ts), the second file of the same build: sdk.js loads it from
 * beside itself, only in pages that need it, with its sha384 compiled in (vite.iife.config.ts).
 */
export const EXTRA_SCRIPT = `sdk-extra@${version}.js`

/** The `integrity` attribute value of a script with these bytes. */
export const subresourceIntegrity = (bytes: Uint8Array): string => `sha384-${createHash('sha384').update(bytes).digest('base64')}`
