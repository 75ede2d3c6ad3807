import { defineConfig } from 'vite'

/** The npm build: ESM for bundlers, penpal left to the dapp's bundler. */
export default defineConfig({
  build: {
    target: 'es2022',
    outDir: 'dist/esm',
    sourcemap: true,
    lib: { entry: 'src/index.ts', formats: ['es'], fileName: 'index' },
    rolldownOptions: { external: ['penpal'] },
  },
})
