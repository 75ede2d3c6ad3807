import { build } from 'vite'
import { fileURLToPath } from 'node:url'
import { EXTRA_SCRIPT } from '../apps/host-sdk/script-file'
import { HOST_SDK_GZIP_BUDGET, hostSdkExtraSize, hostSdkSize } from './size'

/** Part of `npm test`: builds the one-line SDK's files and fails when sdk.js passes its gzip budget. */
const root = fileURLToPath(new URL('../apps/host-sdk', import.meta.url))
await build({ root, configFile: `${root}/vite.iife.config.ts`, logLevel: 'warn' })
const size = hostSdkSize()
const line = `host SDK sdk.js: ${size.raw} B raw, ${size.gzip} B gzip, ${size.brotli} B brotli (budget ${HOST_SDK_GZIP_BUDGET} B gzip)`
if (size.gzip > HOST_SDK_GZIP_BUDGET) {
  console.error(`FAIL ${line}`)
  process.exit(1)
}
console.log(`ok ${line}`)
const extra = hostSdkExtraSize()
console.log(
  `   host SDK ${EXTRA_SCRIPT} (loaded only by pages that need it): ${extra.raw} B raw, ${extra.gzip} B gzip, ${extra.brotli} B brotli`,
)
