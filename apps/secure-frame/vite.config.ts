import { defineConfig } from 'vite'

/** Served by apps/api's static origin server with `frame-ancestors` = the widget origin only. */
export default defineConfig({
  base: '/',
  build: { target: 'es2022', modulePreload: { polyfill: false } },
})
