import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'

let bundled: Promise<string> | undefined

/**
 * The script of a dapp page written for @polkadot/extension-dapp (support/extension-dapp/page.ts),
 * bundled for the browser as a dapp's bundler would (the library with @polkadot/util and
 * util-crypto), once per test process; a page adds it with addInitScript, before the SDK.
 */
export function extensionDappScript(): Promise<string> {
  return (bundled ??= (async () => {
    const outDir = await mkdtemp(join(tmpdir(), 'extension-dapp-'))
    try {
      await build({
        configFile: false,
        logLevel: 'warn',
        build: {
          outDir,
          target: 'es2022',
          minify: false,
          emptyOutDir: true,
          lib: {
            entry: fileURLToPath(new URL('extension-dapp/page.ts', import.meta.url)),
            formats: ['iife'],
            name: 'ExtensionDappPage',
            fileName: () => 'page.js',
          },
        },
      })
      return await readFile(join(outDir, 'page.js'), 'utf8')
    } finally {
      await rm(outDir, { recursive: true, force: true })
    }
  })())
}
