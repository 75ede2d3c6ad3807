import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

const page = (name: string) => fileURLToPath(new URL(name, import.meta.url))

/**
 * Served by apps/api's secure origin: the frame (index.html, `frame-ancestors` = the widget and the
 * project's dapps) and its confirmation popup (confirm.html, a top-level window: framed by nobody).
 */
export default defineConfig({
  base: '/',
  build: {
    target: 'es2022',
    modulePreload: { polyfill: false },
    rollupOptions: { input: { frame: page('index.html'), confirm: page('confirm.html') } },
  },
})
