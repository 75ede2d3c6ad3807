import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { resolveAnvilBinary } from './anvil-binary'
import { DEVNET_HOST, devnetRpcUrl } from './chains'
import { track } from './cleanup'
import { DEVNET_MNEMONIC } from './accounts'

export interface AnvilOptions {
  chainId: number
  port: number
  host?: string
  /** Seconds between blocks; omitted = automine (a block per transaction). */
  blockTime?: number
  /** Number of funded dev accounts (default 10). */
  accounts?: number
  /** How long to wait for the node to answer eth_chainId (default 10 s). */
  startupTimeoutMs?: number
  /** Extra anvil CLI flags. */
  args?: readonly string[]
}

export interface AnvilNode {
  chainId: number
  port: number
  rpcUrl: string
  pid: number
  /** Kills the node and waits for it to exit. Idempotent. */
  stop(): Promise<void>
}

const POLL_MS = 20
const OUTPUT_CAP = 16_000

export class PortInUseError extends Error {
  constructor(
    readonly host: string,
    readonly port: number,
    chainId: number,
  ) {
    super(
      `Cannot start anvil for chain ${chainId}: port ${port} on ${host} is already in use ` +
        `(another node, e.g. a running "npm start", may be listening). Choose free ports via startDevnet({ ports }).`,
    )
    this.name = 'PortInUseError'
  }
}

/** Fails fast on a taken port so we never mistake a foreign node for ours. */
function assertPortFree(host: string, port: number, chainId: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', (err: NodeJS.ErrnoException) => reject(err.code === 'EADDRINUSE' ? new PortInUseError(host, port, chainId) : err))
    server.listen({ host, port, exclusive: true }, () => server.close(() => resolve()))
  })
}

async function queryChainId(rpcUrl: string): Promise<number | undefined> {
  try {
    const res = await fetch(rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] }),
      signal: AbortSignal.timeout(1000),
    })
    const body = (await res.json()) as { result?: string }
    return body.result ? Number(body.result) : undefined
  } catch {
    return undefined
  }
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null
}

function stopper(child: ChildProcess): () => Promise<void> {
  let stopping: Promise<void> | undefined
  return () =>
    (stopping ??= new Promise<void>((resolve) => {
      if (exited(child)) return resolve()
      const force = setTimeout(() => child.kill('SIGKILL'), 2000)
      child.once('exit', () => {
        clearTimeout(force)
        resolve()
      })
      child.kill('SIGTERM')
    }))
}

/** Spawns one anvil node and resolves once it answers eth_chainId with the expected id. */
export async function startAnvil(options: AnvilOptions): Promise<AnvilNode> {
  const { chainId, port, host = DEVNET_HOST, startupTimeoutMs = 10_000 } = options
  const bin = resolveAnvilBinary()
  await assertPortFree(host, port, chainId)

  const args = ['--host', host, '--port', String(port), '--chain-id', String(chainId), '--silent']
  args.push('--mnemonic', DEVNET_MNEMONIC, '--accounts', String(options.accounts ?? 10))
  if (options.blockTime !== undefined) args.push('--block-time', String(options.blockTime))
  args.push(...(options.args ?? []))

  const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true })
  track(child)
  let output = ''
  const collect = (chunk: Buffer) => {
    if (output.length < OUTPUT_CAP) output += chunk.toString()
  }
  child.stdout?.on('data', collect)
  child.stderr?.on('data', collect)
  let spawnError: Error | undefined
  child.once('error', (err) => (spawnError = err))

  const stop = stopper(child)
  const rpcUrl = devnetRpcUrl(port, host)
  const deadline = Date.now() + startupTimeoutMs
  const fail = async (reason: string): Promise<never> => {
    await stop()
    const tail = output.trim() ? `\nanvil output:\n${output.trim()}` : ''
    if (/address already in use/i.test(output)) throw new PortInUseError(host, port, chainId)
    throw new Error(`anvil (chain ${chainId}, ${rpcUrl}) ${reason}${tail}`)
  }

  for (;;) {
    if (spawnError) return fail(`failed to spawn ${bin}: ${spawnError.message}`)
    if (exited(child)) return fail(`exited during startup (code ${child.exitCode ?? child.signalCode})`)
    const answered = await queryChainId(rpcUrl)
    if (answered !== undefined && !exited(child)) {
      if (answered !== chainId) return fail(`answered chain id ${answered}, expected ${chainId}`)
      return { chainId, port, rpcUrl, pid: child.pid!, stop }
    }
    if (Date.now() > deadline) return fail(`did not answer eth_chainId within ${startupTimeoutMs} ms`)
    await new Promise((r) => setTimeout(r, POLL_MS))
  }
}
