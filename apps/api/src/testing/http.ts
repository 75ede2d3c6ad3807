import { request } from 'node:http'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'

export interface RawResponse {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
  /** The undecoded bytes (for compressed bodies). */
  raw: Buffer
}

/**
 * A request with the target sent verbatim: fetch() would normalise `/../x` before sending, which
 * hides path traversal from the server under test.
 */
export function rawRequest(
  port: number,
  path: string,
  options: { method?: string; headers?: Record<string, string>; binary?: boolean } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, path, method: options.method ?? 'GET', headers: options.headers ?? {} }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => {
        const raw = Buffer.concat(chunks)
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: options.binary ? '' : raw.toString('utf8'), raw })
      })
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end()
  })
}

/** Writes `files` (relative path -> content) under a fresh temp dir; `cleanup` removes it. */
export async function tempTree(prefix: string, files: Record<string, string>): Promise<{ dir: string; cleanup(): Promise<void> }> {
  const dir = await mkdtemp(join(tmpdir(), `airlock-${prefix}-`))
  for (const [relative, content] of Object.entries(files)) {
    const path = join(dir, relative)
    await mkdir(dirname(path), { recursive: true })
    await writeFile(path, content)
  }
  return { dir, cleanup: () => rm(dir, { recursive: true, force: true }) }
}

/** Paths that try to leave a served root; none may return a file from outside it. */
export const TRAVERSAL_PATHS = [
  '/../package.json',
  '/../../package.json',
  '/assets/../../package.json',
  '/%2e%2e/package.json',
  '/%2E%2E/package.json',
  '/%2e%2e%2fpackage.json',
  '/..%2fpackage.json',
  '/assets/..%2f..%2fpackage.json',
  '/assets/%2e%2e/%2e%2e/package.json',
  '/..%5cpackage.json',
  '/..\\package.json',
  '/%252e%252e/package.json',
  '/.%2e/package.json',
  '//../package.json',
  '/assets/%00../../package.json',
] as const
