import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

/** See connectors/walletconnect/keyvaluestorage-shim.ts: the real module throws on import in a storage-blocked iframe. */
export const walletConnectStorageAlias = {
  '@walletconnect/keyvaluestorage': fileURLToPath(new URL('./src/connectors/walletconnect/keyvaluestorage-shim.ts', import.meta.url)),
}

export default defineConfig({
  base: '/',
  plugins: [react()],
  resolve: { alias: walletConnectStorageAlias },
  build: { target: 'es2022' },
})
