import { build, type InlineConfig } from 'vite'
import { readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { subresourceIntegrity, VERSIONED_SCRIPT } from '../apps/host-sdk/script-file'

const root = fileURLToPath(new URL('..', import.meta.url))
const app = (path: string) => `${root}/${path}`

/** Builds every browser app with Vite's API, in one process (faster than a shell per app). */
export async function buildApps(options: {
  widgetUrl: string
  demoOutDir: string
  dev?: boolean
  log?: (line: string) => void
}): Promise<void> {
  const quiet: InlineConfig = { logLevel: 'warn' }
  // Served as files even in dev mode: the one-line script and the devnet wallet are not Vite pages.
  const scripts: [string, InlineConfig][] = [
    ['host SDK (script)', { root: app('apps/host-sdk'), configFile: app('apps/host-sdk/vite.iife.config.ts') }],
    ['devnet wallet', { root: app('packages/devnet'), configFile: app('packages/devnet/wallet.vite.config.ts') }],
  ]
  const pages: [string, InlineConfig][] = [
    ['host SDK (npm)', { root: app('apps/host-sdk'), configFile: app('apps/host-sdk/vite.config.ts') }],
    ['widget', { root: app('apps/widget'), configFile: app('apps/widget/vite.config.ts') }],
    ['secure frame', { root: app('apps/secure-frame'), configFile: app('apps/secure-frame/vite.config.ts') }],
  ]
  // The demo's one-line <script src> names the widget origin, which depends on the stack's ports.
  process.env.AIRLOCK_WIDGET_URL = options.widgetUrl
  process.env.AIRLOCK_DEMO_OUT_DIR = options.demoOutDir
  for (const [name, config] of options.dev ? scripts : [...pages, ...scripts]) {
    options.log?.(`building ${name}`)
    await build({ ...quiet, ...config })
  }
  // The demo loads the versioned script with its integrity, as the README tells dapps to.
  process.env.AIRLOCK_SDK_FILE = VERSIONED_SCRIPT
  process.env.AIRLOCK_SDK_INTEGRITY = subresourceIntegrity(await readFile(app(`apps/host-sdk/dist/${VERSIONED_SCRIPT}`)))
  if (options.dev) return
  options.log?.('building demo')
  await build({ ...quiet, root: app('apps/demo'), configFile: app('apps/demo/vite.config.ts') })
}
