import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { walletConnectStorageAlias } from './vite.config'

export default defineConfig({
  plugins: [react()],
  resolve: { alias: walletConnectStorageAlias },
  test: { include: ['src/**/*.test.{ts,tsx}'], environment: 'node' },
})
