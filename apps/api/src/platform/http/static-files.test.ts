import { mkdir, symlink, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { tempTree } from '../../testing/http'
import { contentTypeFor, isHiddenPath, parseRequestTarget, resolveStaticFile } from './static-files'

describe('parseRequestTarget', () => {
  it('decodes the path and keeps the query', () => {
    const target = parseRequestTarget('/assets/a%20b.js?projectId=demo&origin=http%3A%2F%2Fx#frag')
    expect(target?.path).toBe('/assets/a b.js')
    expect(target?.query.get('projectId')).toBe('demo')
    expect(target?.query.get('origin')).toBe('http://x')
  })

  it.each([
    '/../package.json',
    '/assets/../../package.json',
    '/%2e%2e/package.json',
    '/%2E%2E%2Fpackage.json',
    '/..%2fpackage.json',
    '/assets/..%2F..%2Fpackage.json',
    '/.%2e/package.json',
    '/./index.html',
    '/..%5cpackage.json',
    '/a\\..\\package.json',
    '/a%00.js',
    '/%E0%A4%A',
    'http://evil.example/index.html',
    '*',
    '',
  ])('refuses %s', (raw) => {
    expect(parseRequestTarget(raw)).toBeUndefined()
  })

  it('treats double-encoded dots as a literal name, not a parent', () => {
    expect(parseRequestTarget('/%252e%252e/package.json')?.path).toBe('/%2e%2e/package.json')
  })
})

describe('resolveStaticFile', () => {
  let root: string
  let cleanup: () => Promise<void>
  beforeAll(async () => {
    const tree = await tempTree('static', {
      'dist/index.html': '<p>hi</p>',
      'dist/assets/app.js': 'x',
      'dist/.env': 'SECRET=1',
      'secret.txt': 'TOP-SECRET',
    })
    root = join(tree.dir, 'dist')
    cleanup = tree.cleanup
    await symlink(join(tree.dir, 'secret.txt'), join(root, 'leak.txt'))
    await mkdir(join(root, 'dir'))
    await writeFile(join(tree.dir, 'dist-other.txt'), 'sibling with a common prefix')
  })
  afterAll(() => cleanup())

  it('finds files inside the root', async () => {
    expect((await resolveStaticFile(root, '/assets/app.js'))?.path).toBe(join(root, 'assets/app.js'))
  })

  it('refuses directories, dot-files, symlinks out of the root and sibling-prefix tricks', async () => {
    expect(await resolveStaticFile(root, '/dir')).toBeUndefined()
    expect(await resolveStaticFile(root, '/')).toBeUndefined()
    expect(await resolveStaticFile(root, '/.env')).toBeUndefined()
    expect(await resolveStaticFile(root, '/leak.txt')).toBeUndefined()
    expect(await resolveStaticFile(root, '/../secret.txt')).toBeUndefined()
    expect(await resolveStaticFile(root, '/../dist-other.txt')).toBeUndefined()
    expect(await resolveStaticFile(root, '/missing.js')).toBeUndefined()
  })

  it('knows dot-paths', () => {
    expect(isHiddenPath('/.git/config')).toBe(true)
    expect(isHiddenPath('/assets/app.js')).toBe(false)
  })
})

describe('contentTypeFor', () => {
  it.each([
    ['/index.html', 'text/html; charset=utf-8'],
    ['/assets/a.js', 'text/javascript; charset=utf-8'],
    ['/assets/a.css', 'text/css; charset=utf-8'],
    ['/sdk.js.map', 'application/json; charset=utf-8'],
    ['/icon.SVG', 'image/svg+xml'],
    ['/font.woff2', 'font/woff2'],
    ['/blob.bin', 'application/octet-stream'],
  ])('%s -> %s', (path, type) => {
    expect(contentTypeFor(path)).toBe(type)
  })
})
