import { defineConfig } from 'vitest/config'

/** Unit and component tests of every workspace; e2e runs separately under Playwright. */
export default defineConfig({
  oxc: { jsx: { runtime: 'automatic' } },
  test: {
    include: [
      'packages/*/src/**/*.test.{ts,tsx}',
      'apps/*/src/**/*.test.{ts,tsx}',
      'bench/**/*.test.ts',
      'scripts/**/*.test.ts',
      'e2e/support/**/*.test.ts',
    ],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
})
