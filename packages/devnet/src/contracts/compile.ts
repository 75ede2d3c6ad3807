import { createHash } from 'node:crypto'
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Abi, Hex } from 'viem'

export interface CompiledContract {
  abi: Abi
  bytecode: Hex
}

export const CONTRACT_SOURCES = {
  DevnetToken: 'DevnetToken.sol',
  SpamToken: 'SpamToken.sol',
  AirlockPaymaster: 'AirlockPaymaster.sol',
} as const
export type ContractName = keyof typeof CONTRACT_SOURCES
export type CompiledContracts = Record<ContractName, CompiledContract>

const require = createRequire(import.meta.url)
const SOURCES_DIR = fileURLToPath(new URL('./sources/', import.meta.url))
/** packages/devnet/.cache (git-ignored). */
export const DEFAULT_CACHE_DIR = fileURLToPath(new URL('../../.cache/', import.meta.url))
// cancun: every opcode solc may emit is known to anvil's default hardfork.
const SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'cancun',
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
}
const packageVersion = (name: string) => (require(`${name}/package.json`) as { version: string }).version
/** The libraries a source may import from, by import prefix. */
const LIBRARIES = ['@openzeppelin/contracts', '@account-abstraction/contracts'] as const
const LIBRARY_DIRS = LIBRARIES.map((name) => [`${name}/`, dirname(require.resolve(`${name}/package.json`))] as const)

interface SolcOutput {
  errors?: { severity: string; formattedMessage: string }[]
  contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>
}

function readSources(): Record<string, { content: string }> {
  return Object.fromEntries(
    Object.values(CONTRACT_SOURCES).map((file) => [file, { content: readFileSync(join(SOURCES_DIR, file), 'utf8') }]),
  )
}

/** Cache file for these sources, the solc and library versions and settings; the version is read without loading solc. */
export function cacheFile(cacheDir = DEFAULT_CACHE_DIR, sources = readSources()): string {
  const libraries = LIBRARIES.map(packageVersion)
  const key = createHash('sha256')
    .update(JSON.stringify({ solc: packageVersion('solc'), libraries, SETTINGS, sources }))
    .digest('hex')
  return join(cacheDir, `contracts-${key.slice(0, 16)}.json`)
}

function findImport(path: string): { contents: string } | { error: string } {
  const library = LIBRARY_DIRS.find(([prefix]) => path.startsWith(prefix))
  if (!library) return { error: `import not allowed: ${path}` }
  try {
    return { contents: readFileSync(join(library[1], path.slice(library[0].length)), 'utf8') }
  } catch (e) {
    return { error: (e as Error).message }
  }
}

async function solcCompile(sources: Record<string, { content: string }>): Promise<CompiledContracts> {
  // Loading solc-js (emscripten) alone takes ~1 s: only on a cache miss.
  const { default: solc } = await import('solc')
  const input = JSON.stringify({ language: 'Solidity', sources, settings: SETTINGS })
  const output = JSON.parse(solc.compile(input, { import: findImport })) as SolcOutput
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error')
  if (errors.length) throw new Error(`solc failed:\n${errors.map((e) => e.formattedMessage).join('\n')}`)
  const entries = Object.entries(CONTRACT_SOURCES).map(([name, file]) => {
    const c = output.contracts?.[file]?.[name]
    if (!c?.evm.bytecode.object) throw new Error(`solc produced no bytecode for ${name}`)
    return [name, { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` as Hex }]
  })
  return Object.fromEntries(entries) as CompiledContracts
}

const STALE_LOCK_MS = 60_000

function readCache(file: string): CompiledContracts | undefined {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as CompiledContracts
  } catch {
    return undefined
  }
}

/** Compiles the devnet's own contracts, or reads them from the cache. */
export async function compileContracts(cacheDir = DEFAULT_CACHE_DIR): Promise<CompiledContracts> {
  const sources = readSources()
  const file = cacheFile(cacheDir, sources)
  mkdirSync(cacheDir, { recursive: true })
  const lock = `${file}.lock`
  // Parallel processes (test workers) on a cold cache: one compiles, the others wait for its file.
  for (;;) {
    const cached = readCache(file)
    if (cached) return cached
    try {
      closeSync(openSync(lock, 'wx'))
      break
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
    }
    const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now())
    if (age > STALE_LOCK_MS) rmSync(lock, { force: true })
    else await new Promise((r) => setTimeout(r, 50))
  }
  try {
    const cached = readCache(file)
    if (cached) return cached
    const compiled = await solcCompile(sources)
    // Atomic: a reader never sees half a file.
    const tmp = `${file}.${process.pid}.tmp`
    writeFileSync(tmp, JSON.stringify(compiled))
    renameSync(tmp, file)
    return compiled
  } finally {
    rmSync(lock, { force: true })
  }
}

let pending: Promise<CompiledContracts> | undefined
/** compileContracts() for the default cache, once per process. */
export function devnetArtifacts(): Promise<CompiledContracts> {
  return (pending ??= compileContracts().catch((e: unknown) => {
    pending = undefined
    throw e
  }))
}
