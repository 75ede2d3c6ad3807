import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { copyFile, readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import { build, defineConfig, type LogLevel } from 'vite'

// As script-file.ts names them (a relative import here would need Vite's deprecated config bundling).
const { version } = JSON.parse(readFileSync(join(import.meta.dirname, 'package.json'), 'utf8')) as { version: string }
const VERSIONED_SCRIPT = `sdk@${version}.js`
const EXTRA_SCRIPT = `sdk-extra@${version}.js`
const target = 'es2022'

/** The SDK's extra part (extra-script.ts), which sdk.js loads only in the pages that need it. */
async function buildExtraScript(root: string, outDir: string, logLevel: LogLevel | undefined): Promise<string> {
  await build({
    configFile: false,
    root,
    logLevel,
    build: {
      target,
      outDir,
      emptyOutDir: false,
      sourcemap: true,
      // No exports: the name is required, but no global is created.
      lib: { entry: 'src/extra-script.ts', formats: ['iife'], name: 'AirlockExtra', fileName: () => EXTRA_SCRIPT },
    },
  })
  return `sha384-${createHash('sha384')
    .update(await readFile(join(outDir, EXTRA_SCRIPT)))
    .digest('base64')}`
}

/**
 * The one-line <script> build: `sdk@<version>.js` (copied to `sdk.js`) and its extra part
 * `sdk-extra@<version>.js`, built first so that its name and sha384 are compiled into the SDK,
 * which loads it with that integrity. The widget origin serves both; each names its versioned map.
 */
export default defineConfig({
  build: {
    target,
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: true,
    lib: { entry: 'src/script.ts', formats: ['iife'], name: 'AirlockSdk', fileName: () => VERSIONED_SCRIPT },
  },
  plugins: [
    {
      name: 'airlock-extra-script',
      // The merged config: a caller's outDir (the release test builds into temporary directories) holds both files.
      async config(config) {
        const root = resolve(config.root ?? import.meta.dirname)
        const integrity = await buildExtraScript(root, resolve(root, config.build?.outDir ?? 'dist'), config.logLevel)
        return {
          define: { __AIRLOCK_EXTRA_SCRIPT__: JSON.stringify(EXTRA_SCRIPT), __AIRLOCK_EXTRA_INTEGRITY__: JSON.stringify(integrity) },
        }
      },
    },
    {
      // Every error sdk.js makes names its message: the default messages of ProviderRpcError (278 B
      // gzip) are left to the extra part and the widget, which make errors from a code alone.
      name: 'airlock-no-default-error-messages',
      load: (id) => (id.endsWith('/packages/protocol/src/error-messages.ts') ? 'export const rpcErrorMessages = {}' : undefined),
    },
    {
      name: 'airlock-sdk-alias',
      async writeBundle({ dir }) {
        await copyFile(join(dir!, VERSIONED_SCRIPT), join(dir!, 'sdk.js'))
      },
    },
  ],
})
