import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { EXTRA_SCRIPT } from '../apps/host-sdk/script-file'

export const HOST_SDK_GZIP_BUDGET = 10 * 1024

export const hostSdkScriptPath = fileURLToPath(new URL('../apps/host-sdk/dist/sdk.js', import.meta.url))
/** The SDK's extra part, loaded by sdk.js only in pages that need it (a Wallet Standard app, ...): outside the budget. */
export const hostSdkExtraPath = fileURLToPath(new URL(`../apps/host-sdk/dist/${EXTRA_SCRIPT}`, import.meta.url))

export function compressedSizes(source: Buffer | string): { raw: number; gzip: number; brotli: number } {
  const buffer = typeof source === 'string' ? Buffer.from(source) : source
  return {
    raw: buffer.length,
    gzip: gzipSync(buffer, { level: 9 }).length,
    brotli: brotliCompressSync(buffer, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
  }
}

export function hostSdkSize() {
  return compressedSizes(readFileSync(hostSdkScriptPath))
}

export function hostSdkExtraSize() {
  return compressedSizes(readFileSync(hostSdkExtraPath))
}
