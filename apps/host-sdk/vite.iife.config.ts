import { readFileSync } from 'node:fs'
import { copyFile } from 'node:fs/promises'
import { join } from 'node:path'
import { defineConfig } from 'vite'

// As script-file.ts names it (a relative import here would need Vite's deprecated config bundling).
const { version } = JSON.parse(readFileSync(join(import.meta.dirname, 'package.json'), 'utf8')) as { version: string }
const VERSIONED_SCRIPT = `sdk@${version}.js`

/**
 * The one-line <script> build: one self-contained file, served by the widget origin as
 * `/sdk@<version>.js` (its source map comment names the versioned map), copied to `sdk.js`.
 */
export default defineConfig({
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: true,
    lib: { entry: 'src/script.ts', formats: ['iife'], name: 'AirlockSdk', fileName: () => VERSIONED_SCRIPT },
  },
  plugins: [
    {
      name: 'airlock-sdk-alias',
      async writeBundle({ dir }) {
        await copyFile(join(dir!, VERSIONED_SCRIPT), join(dir!, 'sdk.js'))
      },
    },
  ],
})
