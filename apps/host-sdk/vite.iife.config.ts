import { defineConfig } from 'vite'

/** The one-line <script> build: one self-contained file, served by the widget origin as /sdk.js. */
export default defineConfig({
  build: {
    target: 'es2022',
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: true,
    lib: { entry: 'src/script.ts', formats: ['iife'], name: 'AirlockSdk', fileName: () => 'sdk.js' },
  },
})
