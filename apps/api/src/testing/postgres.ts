import { execFile, execFileSync } from 'node:child_process'
import { existsSync, readdirSync } from 'node:fs'
import { chown, mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import pg from 'pg'

/**
 * A throwaway Postgres server for tests: initdb into a temp dir, pg_ctl on a free port in
 * 21900-21999, as the `postgres` user when running as root (Postgres refuses root), durability off.
 * Debian's `postgresql` package provides the binaries; when they are missing and we are root, it is
 * installed with apt-get. A test file asks `postgresUnavailable()` first and skips with its reason.
 */
export interface TestPostgres {
  port: number
  /** `postgres://postgres@127.0.0.1:<port>/<database>` (default: the `postgres` database). */
  url(database?: string): string
  /** Creates an empty database; answers its URL. */
  createDatabase(name: string): Promise<string>
  /** Runs one statement as the superuser on `database` (default `postgres`), on a connection of its own. */
  query<T extends object = Record<string, unknown>>(sql: string, params?: unknown[], database?: string): Promise<T[]>
  /** Stops the server (fast: open sessions are ended) and removes its files. Idempotent. */
  stop(): Promise<void>
}

const run = promisify(execFile)
const PORTS = { from: 21900, to: 21999 }

interface Binaries {
  bin: string
  /** Command prefix to run as the postgres user (empty when not root). */
  asUser: string[]
  uid?: number
  gid?: number
}

function findBin(): string | undefined {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return undefined
  const versions = readdirSync(root)
    .filter((version) => existsSync(join(root, version, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a))
  return versions[0] ? join(root, versions[0], 'bin') : undefined
}

async function locate(): Promise<Binaries | { skip: string }> {
  const isRoot = process.getuid?.() === 0
  let bin = findBin()
  if (!bin && isRoot) {
    try {
      await run('apt-get', ['update'], { timeout: 180_000 })
      await run('apt-get', ['install', '-y', '--no-install-recommends', 'postgresql'], {
        timeout: 300_000,
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      })
    } catch (error) {
      return {
        skip: `Postgres binaries not found under /usr/lib/postgresql/*/bin and apt-get install postgresql failed: ${(error as Error).message.split('\n')[0]}`,
      }
    }
    bin = findBin()
  }
  if (!bin) return { skip: 'Postgres binaries not found under /usr/lib/postgresql/*/bin (install Debian package postgresql)' }
  if (!isRoot) return { bin, asUser: [] }
  try {
    const uid = Number((await run('id', ['-u', 'postgres'])).stdout.trim())
    const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim())
    return { bin, asUser: ['runuser', '-u', 'postgres', '--'], uid, gid }
  } catch {
    return { skip: 'running as root but there is no postgres system user to run the server as' }
  }
}

let located: Promise<Binaries | { skip: string }> | undefined
const binaries = () => (located ??= locate())

/** Why no test server can start here, or undefined when one can. */
export async function postgresUnavailable(): Promise<string | undefined> {
  const found = await binaries()
  return 'skip' in found ? found.skip : undefined
}

function freePort(): Promise<number> {
  const tryPort = (port: number): Promise<boolean> =>
    new Promise((resolve) => {
      const server = createServer()
      server.once('error', () => resolve(false))
      server.listen({ host: '127.0.0.1', port, exclusive: true }, () => server.close(() => resolve(true)))
    })
  return (async () => {
    const span = PORTS.to - PORTS.from + 1
    const start = Math.floor(Math.random() * span)
    for (let i = 0; i < span; i++) {
      const port = PORTS.from + ((start + i) % span)
      if (await tryPort(port)) return port
    }
    throw new Error(`no free port in ${PORTS.from}-${PORTS.to}`)
  })()
}

export async function startTestPostgres(): Promise<TestPostgres> {
  const found = await binaries()
  if ('skip' in found) throw new Error(`No test Postgres: ${found.skip}`)
  const { bin, asUser, uid, gid } = found
  const dir = await mkdtemp(join(tmpdir(), 'airlock-pg-'))
  if (uid !== undefined && gid !== undefined) await chown(dir, uid, gid)
  const argv = (command: string, args: string[]) =>
    [asUser[0] ?? command, asUser.length ? [...asUser.slice(1), command, ...args] : args] as const
  const as = (command: string, args: string[]) => run(...argv(command, args), { timeout: 60_000 })
  const data = join(dir, 'data')

  await as(join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--no-sync'])
  const port = await freePort()
  const options = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off`
  await as(join(bin, 'pg_ctl'), ['-D', data, '-o', options, '-l', join(dir, 'server.log'), '-w', '-t', '30', 'start'])
  // A test run that dies without stop() must not leave a server behind on the shared machine.
  const stopOnExit = () => {
    try {
      execFileSync(...argv(join(bin, 'pg_ctl'), ['-D', data, '-m', 'immediate', 'stop']), { stdio: 'ignore' })
    } catch {
      // already stopped
    }
  }
  process.once('exit', stopOnExit)

  const url = (database = 'postgres') => `postgres://postgres@127.0.0.1:${port}/${database}`
  const query = async <T extends object>(sql: string, params: unknown[] = [], database?: string): Promise<T[]> => {
    const client = new pg.Client({ connectionString: url(database) })
    await client.connect()
    try {
      return (await client.query<T>(sql, params)).rows
    } finally {
      await client.end()
    }
  }
  let stopping: Promise<void> | undefined
  return {
    port,
    url,
    query,
    async createDatabase(name) {
      if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Not a plain database name: ${name}`)
      await query(`CREATE DATABASE ${name}`)
      return url(name)
    },
    stop: () =>
      (stopping ??= (async () => {
        process.off('exit', stopOnExit)
        await as(join(bin, 'pg_ctl'), ['-D', data, '-m', 'fast', '-w', 'stop'])
        await rm(dir, { recursive: true, force: true })
      })()),
  }
}
