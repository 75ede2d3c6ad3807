import { resolve } from 'node:path'
import { defineConfig } from 'vite'

/** AIRLOCK_WIDGET_URL comes from the start script, which knows the stack's ports. */
export default defineConfig({
  envPrefix: 'AIRLOCK_',
  build: {
    target: 'es2022',
    outDir: process.env.AIRLOCK_DEMO_OUT_DIR ?? 'dist',
    emptyOutDir: true,
    rolldownOptions: { input: { main: resolve(import.meta.dirname, 'index.html'), npm: resolve(import.meta.dirname, 'npm.html') } },
  },
})
