import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EXTRA_SCRIPT, subresourceIntegrity, VERSIONED_SCRIPT } from '../../../../host-sdk/script-file'
import type { RunningServer } from '../../platform/http/server'
import { createMemoryProjectRegistry } from '../../platform/projects/registry'
import { rawRequest, tempTree } from '../../testing/http'
import { startWidgetOrigin } from './server'

// Port of this file (20000-29999, unique per test file).
const PORT = 21405
const HOST_SDK = fileURLToPath(new URL('../../../../host-sdk/', import.meta.url))
const README = fileURLToPath(new URL('../../../../../README.md', import.meta.url))

/** The README's one-line embed: the versioned URL and the integrity a dapp copies. */
const SNIPPET = /<script\s+src="https:\/\/widget\.airlock\.dev\/(sdk@[^"]+\.js)"\s+integrity="([^"]+)"\s+crossorigin="anonymous"/

const buildScript = (outDir: string) =>
  build({ root: HOST_SDK, configFile: join(HOST_SDK, 'vite.iife.config.ts'), logLevel: 'silent', build: { outDir } })

let dirs: { dir: string; cleanup(): Promise<void> }[] = []
let built: Buffer
let extra: Buffer
let server: RunningServer

beforeAll(async () => {
  dirs = await Promise.all([tempTree('sdk-build-a', {}), tempTree('sdk-build-b', {})])
  for (const { dir } of dirs) await buildScript(dir)
  built = await readFile(join(dirs[0]!.dir, VERSIONED_SCRIPT))
  extra = await readFile(join(dirs[0]!.dir, EXTRA_SCRIPT))
  server = await startWidgetOrigin({
    origins: { widget: 'http://widget.localhost:21405', api: 'http://api.localhost:21405', secure: 'http://secure.localhost:21405' },
    projects: createMemoryProjectRegistry([]),
    widgetDistDir: dirs[0]!.dir,
    hostSdkDistDir: dirs[0]!.dir,
    relayUrl: 'ws://127.0.0.1:4404/',
    host: '127.0.0.1',
    port: PORT,
  })
}, 180_000)

afterAll(async () => {
  await server?.close()
  await Promise.all(dirs.map((d) => d.cleanup()))
})

describe('the released one-line SDK', () => {
  it('builds to the same bytes every time and in any directory, so a hash can pin it', async () => {
    expect((await readFile(join(dirs[1]!.dir, VERSIONED_SCRIPT))).equals(built)).toBe(true)
    // sdk.js is the same release under the moving name; the versioned file names its own map.
    expect((await readFile(join(dirs[0]!.dir, 'sdk.js'))).equals(built)).toBe(true)
    expect(built.toString('utf8')).toMatch(new RegExp(`//# sourceMappingURL=${VERSIONED_SCRIPT.replace(/\./g, '\\.')}\\.map$`))
    expect((await readFile(join(dirs[1]!.dir, EXTRA_SCRIPT))).equals(extra)).toBe(true)
    expect(extra.toString('utf8')).toMatch(new RegExp(`//# sourceMappingURL=${EXTRA_SCRIPT.replace(/\./g, '\\.')}\\.map$`))
  })

  it('pins its extra part: sdk.js loads that file with its sha384, so the hash of sdk.js covers both', () => {
    const code = built.toString('utf8')
    expect(code).toContain(`\`${EXTRA_SCRIPT}\``)
    expect(code.match(/sha384-[A-Za-z0-9+/]{64}/g)).toEqual([subresourceIntegrity(extra)])
  })

  it("is what the README's snippet names and pins: a changed SDK needs a new version and hash there", async () => {
    const [, file, integrity] = SNIPPET.exec(await readFile(README, 'utf8')) ?? []
    expect(file, 'the README snippet names the package version').toBe(VERSIONED_SCRIPT)
    expect(integrity, `the README's integrity for ${VERSIONED_SCRIPT}`).toBe(subresourceIntegrity(built))
  })

  it.each([
    [VERSIONED_SCRIPT, () => built],
    [EXTRA_SCRIPT, () => extra],
  ])('serves %s at its URL for good, with the bytes the integrity pins', async (file, bytes) => {
    const res = await rawRequest(PORT, `/${file}`, { binary: true })
    expect(res.status).toBe(200)
    expect(subresourceIntegrity(res.raw)).toBe(subresourceIntegrity(bytes()))
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(res.headers['access-control-allow-origin']).toBe('*')
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin')
  })
})
