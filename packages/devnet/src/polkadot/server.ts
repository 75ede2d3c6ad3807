import { spawn, type ChildProcess } from 'node:child_process'
import { mkdir, rename, stat, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { track } from '../cleanup'
import { POLKADOT_DEVNET_FUNDING, POLKADOT_DEVNET_SS58_PREFIX, polkadotDevnetAccounts, type PolkadotDevnetAccount } from './accounts'

export interface StartPolkadotDevnetOptions {
  /** The JSON-RPC port (HTTP and WebSocket on the same port). 0 picks a free one. */
  port?: number
  host?: string
  /** How long to wait for chopsticks to answer (default 60 s: 4-12 s is usual, more on a loaded machine). */
  startupTimeoutMs?: number
  /** chopsticks' own output, line by line, once it is up (its startup output is shown only on failure). */
  log?: (line: string) => void
}

export interface PolkadotDevnet {
  /** http://host:port: JSON-RPC over HTTP. */
  url: string
  /** ws://host:port: the same JSON-RPC with subscriptions. */
  wsUrl: string
  port: number
  /** chopsticks' process id. */
  pid: number
  /** `polkadot:` + the first 32 hex characters of the genesis hash the devnet reports. */
  caipNetworkId: string
  genesisHash: string
  ss58Prefix: number
  /** The sr25519 accounts, each funded with POLKADOT_DEVNET_FUNDING planck. */
  accounts: readonly PolkadotDevnetAccount[]
  /** Stops chopsticks (SIGTERM, then SIGKILL after 3 s) and waits for it to exit. Idempotent. */
  stop(): Promise<void>
}

/** @substrate/connect-known-chains' spec with a raw genesis (the others carry only a state root). */
const CHAIN_SPEC_MODULE = '@substrate/connect-known-chains/rococo_v2_2_asset_hub'
const CHAIN_SPEC_VERSION = '1.10.3'
const OUTPUT_CAP = 32_000
const POLL_MS = 100
const LISTENING = /RPC listening on http:\/\/(\S+):(\d+) and ws/

/** The Rococo Asset Hub raw genesis as a file (chopsticks reads a path), written once per machine. */
async function chainSpecFile(): Promise<string> {
  const dir = join(tmpdir(), 'airlock-devnet')
  const file = join(dir, `rococo-asset-hub-${CHAIN_SPEC_VERSION}.json`)
  if (
    await stat(file).then(
      (s) => s.size > 0,
      () => false,
    )
  )
    return file
  const { chainSpec } = (await import(CHAIN_SPEC_MODULE)) as { chainSpec: string }
  await mkdir(dir, { recursive: true })
  const partial = `${file}.${process.pid}.tmp`
  await writeFile(partial, chainSpec)
  await rename(partial, file)
  return file
}

/** chopsticks' CLI entry (its `bin` only requires this file). */
function chopsticksCli(): string {
  return createRequire(import.meta.url).resolve('@acala-network/chopsticks/cli')
}

/** chopsticks moves to the next port when its port is taken: refuse instead, so a foreign node is never mistaken for ours. */
function assertPortFree(host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        err.code === 'EADDRINUSE'
          ? new Error(`Cannot start the Polkadot devnet: port ${port} on ${host} is already in use (a running "npm start"?)`)
          : err,
      ),
    )
    server.listen({ host, port, exclusive: true }, () => server.close(() => resolve()))
  })
}

async function rpc<T>(url: string, method: string, params: unknown[] = [], timeoutMs = 5000): Promise<T> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    signal: AbortSignal.timeout(timeoutMs),
  })
  const body = (await res.json()) as { result?: T; error?: { message?: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message ?? JSON.stringify(body.error)}`)
  return body.result as T
}

const exited = (child: ChildProcess) => child.exitCode !== null || child.signalCode !== null

function stopper(child: ChildProcess): () => Promise<void> {
  let stopping: Promise<void> | undefined
  return () =>
    (stopping ??= new Promise<void>((resolve) => {
      if (exited(child)) return resolve()
      const force = setTimeout(() => child.kill('SIGKILL'), 3000)
      child.once('exit', () => {
        clearTimeout(force)
        resolve()
      })
      child.kill('SIGTERM')
    }))
}

/**
 * The Polkadot devnet: chopsticks (a Substrate runtime in Node, no node binary) from the Rococo Asset
 * Hub raw genesis in @substrate/connect-known-chains, offline, building a block for each extrinsic
 * (block mode Instant), its accounts funded with `dev_setStorage`. Resolves once its RPC answers
 * and the accounts are funded (4-12 s); one per test run, not per test (~270 MB).
 */
export async function startPolkadotDevnet(options: StartPolkadotDevnetOptions = {}): Promise<PolkadotDevnet> {
  const { host = '127.0.0.1', port = 0, startupTimeoutMs = 60_000, log } = options
  if (port !== 0) await assertPortFree(host, port)
  const spec = await chainSpecFile()
  const args = [chopsticksCli(), `--chain-spec=${spec}`, '--host', host, '--port', String(port), '--build-block-mode', 'Instant']
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true })
  track(child)
  let output = ''
  // The last stretch of output, where the listening line is looked for (it may span two chunks).
  let recent = ''
  let listening = undefined as { host: string; port: number } | undefined
  let ready = false
  let spawnError = undefined as Error | undefined
  child.once('error', (err) => (spawnError = err))
  const collect = (chunk: Buffer) => {
    const text = chunk.toString()
    if (ready) {
      for (const line of text.split('\n')) if (line.trim()) log?.(line)
      return
    }
    if (output.length < OUTPUT_CAP) output += text
    recent = (recent + text).slice(-4096)
    const match = listening ? null : LISTENING.exec(recent)
    if (match) listening = { host: match[1]!, port: Number(match[2]) }
  }
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)

  const stop = stopper(child)
  const fail = async (reason: string): Promise<never> => {
    await stop()
    throw new Error(`the Polkadot devnet (chopsticks) ${reason}${output.trim() ? `\nchopsticks output:\n${output.trim()}` : ''}`)
  }
  // Ready when it has said where it listens and answers there (never a fixed sleep).
  const deadline = Date.now() + startupTimeoutMs
  const answering = async (): Promise<{ port: number; genesisHash: string }> => {
    for (;;) {
      if (spawnError) return fail(`failed to spawn: ${spawnError.message}`)
      if (exited(child)) return fail(`exited during startup (code ${child.exitCode ?? child.signalCode})`)
      if (listening) {
        if (port !== 0 && listening.port !== port) return fail(`listens on port ${listening.port}, not ${port}`)
        const genesisHash = await rpc<string>(`http://${host}:${listening.port}`, 'chain_getBlockHash', [0]).catch(() => undefined)
        if (genesisHash) return { port: listening.port, genesisHash }
      }
      if (Date.now() > deadline) return fail(`did not answer chain_getBlockHash within ${startupTimeoutMs} ms`)
      await new Promise((r) => setTimeout(r, POLL_MS))
    }
  }
  const { port: actualPort, genesisHash } = await answering()
  const url = `http://${host}:${actualPort}`
  try {
    await rpc(url, 'dev_setStorage', [
      {
        System: {
          Account: polkadotDevnetAccounts.map((account) => [
            [account.address],
            { providers: 1, data: { free: POLKADOT_DEVNET_FUNDING.toString() } },
          ]),
        },
      },
    ])
  } catch (error) {
    return fail(`refused the accounts' funding: ${(error as Error).message}`)
  }
  ready = true
  return {
    url,
    wsUrl: `ws://${host}:${actualPort}`,
    port: actualPort,
    pid: child.pid!,
    caipNetworkId: `polkadot:${genesisHash.slice(2, 34)}`,
    genesisHash,
    ss58Prefix: POLKADOT_DEVNET_SS58_PREFIX,
    accounts: polkadotDevnetAccounts,
    stop,
  }
}
