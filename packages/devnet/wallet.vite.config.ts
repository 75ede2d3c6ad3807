import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

// One self-contained classic script: page.addInitScript({ path }) and <script src> both need IIFE.
export default defineConfig({
  publicDir: false,
  logLevel: 'warn',
  define: { 'process.env.NODE_ENV': '"production"' },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: false,
    target: 'es2022',
    minify: true,
    sourcemap: false,
    copyPublicDir: false,
    lib: {
      entry: fileURLToPath(new URL('./src/wallet/inject.ts', import.meta.url)),
      formats: ['iife'],
      name: 'AirlockDevnetWallet',
      fileName: () => 'devnet-wallet.js',
    },
  },
})
