import { defineConfig } from '@playwright/test'
import { chromiumPath, chromiumArgs } from './e2e/chromium'

export default defineConfig({
  testDir: 'e2e',
  // e2e/support holds helpers with their own vitest tests.
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath(), args: chromiumArgs },
    // No screencast: on a 2-core machine its frames took more CPU than the tests (WalletConnect's
    // spec ran 3.1 min with 2 of 15 failing vs 1.8 min and all green; the first QR code 1-8.7 s vs
    // 0.6-3.2 s). A failure's trace keeps its DOM snapshots, network and console.
    trace: { mode: 'retain-on-failure', screenshots: false },
  },
})
