import { spawnSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ComposeDocument } from './compose-check'

/**
 * Reading the deployment files through Debian's docker-compose: docker-compose.yml (the secure
 * origin's host) and deploy/key-service/docker-compose.yml (the key service's), each with its Caddyfile.
 */

export const ROOT = fileURLToPath(new URL('../../', import.meta.url))
export const COMPOSE_FILE = join(ROOT, 'docker-compose.yml')
export const KEY_SERVICE_DIR = join(ROOT, 'deploy/key-service')
export const KEY_SERVICE_COMPOSE_FILE = join(KEY_SERVICE_DIR, 'docker-compose.yml')
const CADDY_DIR = join(ROOT, 'deploy/caddy')
/** Where docker-compose.yml mounts deploy/caddy in the proxy. */
const CADDY_MOUNT = '/etc/caddy/'

export interface ComposeRun {
  status: number
  stdout: string
  stderr: string
}

/**
 * `docker-compose --env-file <file with envFile's text> -f <composeFile> <args>`, in an
 * environment holding nothing else (no variable of the caller's shell, nor a developer's .env,
 * leaks in). Throws when docker-compose is not installed: .ci/run installs it.
 */
export function runCompose(args: readonly string[], envFile: string, composeFile = COMPOSE_FILE): ComposeRun {
  const dir = mkdtempSync(join(tmpdir(), 'airlock-compose-'))
  try {
    const file = join(dir, '.env')
    writeFileSync(file, envFile)
    const result = spawnSync('docker-compose', ['--env-file', file, '-f', composeFile, ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: dir },
      encoding: 'utf8',
      timeout: 60_000,
    })
    if ((result.error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT')
      throw new Error(
        'docker-compose is not installed: `apt-get install -y docker-compose` (Debian 1.29; .ci/run installs it when missing)',
      )
    if (result.error) throw result.error
    return { status: result.status ?? 1, stdout: result.stdout, stderr: result.stderr }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/** YAML to a value, by PyYAML: docker-compose's own dependency, so present wherever it is (merge keys included). */
export function parseYaml(text: string): unknown {
  const result = spawnSync('python3', ['-c', 'import sys, json, yaml; json.dump(yaml.safe_load(sys.stdin), sys.stdout)'], {
    input: text,
    encoding: 'utf8',
  })
  if (result.status !== 0) throw new Error(`cannot parse YAML with python3-yaml: ${result.stderr || result.error?.message}`)
  return JSON.parse(result.stdout)
}

/** The resolved configuration (`docker-compose config`) under the variables of `envFile`. */
export function composeConfig(envFile: string, profiles: readonly string[] = [], composeFile = COMPOSE_FILE): ComposeDocument {
  const run = runCompose([...profiles.flatMap((profile) => ['--profile', profile]), 'config'], envFile, composeFile)
  if (run.status !== 0) throw new Error(`docker-compose config failed:\n${run.stderr}`)
  return parseYaml(run.stdout) as ComposeDocument
}

/** A compose file as written: each value before interpolation. */
export const rawCompose = (composeFile = COMPOSE_FILE): ComposeDocument => parseYaml(readFileSync(composeFile, 'utf8')) as ComposeDocument

/** deploy/caddy/Caddyfile with the files it imports from the mount inlined. */
export function readCaddyfile(): string {
  return readFileSync(join(CADDY_DIR, 'Caddyfile'), 'utf8').replace(/^import (\S+)$/gm, (line, path: string) =>
    path.startsWith(CADDY_MOUNT) ? readFileSync(join(CADDY_DIR, path.slice(CADDY_MOUNT.length)), 'utf8') : line,
  )
}

/** deploy/key-service/Caddyfile: the key service's own edge. */
export const readKeyServiceCaddyfile = (): string => readFileSync(join(KEY_SERVICE_DIR, 'Caddyfile'), 'utf8')
