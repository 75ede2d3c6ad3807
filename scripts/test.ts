import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * `npm test`: typecheck, lint, unit tests, the host SDK size check, then the Playwright suite in
 * Chromium across the real origins. Stops at the first failing step; ends with one summary line.
 */
const reports = mkdtempSync(join(tmpdir(), 'airlock-test-'))
const vitestReport = join(reports, 'vitest.json')
const playwrightReport = join(reports, 'playwright.json')

const steps: [string, string[], NodeJS.ProcessEnv?][] = [
  ['typecheck', ['npm', 'run', 'typecheck', '--silent']],
  ['lint', ['npm', 'run', 'lint', '--silent']],
  ['unit', ['npx', 'vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`]],
  ['size', ['npm', 'run', 'size', '--silent']],
  ['e2e', ['npx', 'playwright', 'test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightReport }],
]

let passed = 0
let failed = 0
for (const [name, [command, ...args], env] of steps) {
  console.log(`\n── ${name} ──`)
  const started = Date.now()
  const result = spawnSync(command!, args, { stdio: 'inherit', env: { ...process.env, ...env } })
  count(name)
  console.log(`── ${name}: ${result.status === 0 ? 'ok' : 'FAILED'} in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  if (result.status !== 0) {
    if (name !== 'unit' && name !== 'e2e') failed++
    summary()
    process.exit(result.status ?? 1)
  }
}
summary()

function count(step: string) {
  try {
    if (step === 'unit') {
      const report = JSON.parse(readFileSync(vitestReport, 'utf8')) as { numPassedTests: number; numFailedTests: number }
      passed += report.numPassedTests
      failed += report.numFailedTests
    }
    if (step === 'e2e') {
      const report = JSON.parse(readFileSync(playwrightReport, 'utf8')) as {
        stats: { expected: number; unexpected: number; flaky: number }
      }
      passed += report.stats.expected + report.stats.flaky
      failed += report.stats.unexpected
    }
  } catch {
    // A step that died before writing its report is counted by its exit status.
  }
}

function summary() {
  console.log(`\ntests: ${passed} passed, ${failed} failed`)
}
