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
    trace: 'retain-on-failure',
  },
})
