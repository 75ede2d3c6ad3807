import { devConfig, startApiStack, type DevPorts, type StackConfig } from '@airlock/api'
import { devnetWalletScriptPath, startDevnet, type Devnet } from '@airlock/devnet'
import { resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { buildApps } from './build'

export interface StackPortsOption extends DevPorts {
  anvil: Record<number, number>
}

export interface Stack {
  config: StackConfig
  devnet: Devnet
  urls: { demo: string; demoNpm: string; widget: string; secure: string; api: string; rpc: Record<number, string> }
  stop(): Promise<void>
}

export const START_PORTS: StackPortsOption = { dapp: 4400, widget: 4401, secure: 4402, api: 4403, anvil: { 31337: 8545, 31338: 8546 } }

/**
 * Everything `npm start`, the e2e suite and the bench run against: two devnet chains, the api,
 * and the widget, secure-frame and demo origins, built (or served by Vite in dev mode).
 */
export async function startStack(options: {
  /** Print one JSON line per API request. */
  requestLog?: boolean
  ports: StackPortsOption
  dev?: boolean
  build?: boolean
  log?: (line: string) => void
}): Promise<Stack> {
  const { ports, dev = false, log } = options
  const config = devConfig(ports)
  const demoDistDir = fileURLToPath(new URL(`../apps/demo/dist/${ports.dapp}`, import.meta.url))
  if (options.build !== false) await buildApps({ widgetUrl: config.origins.widget, demoOutDir: demoDistDir, dev, log })
  const devnet = await startDevnet({ ports: [ports.anvil[31337]!, ports.anvil[31338]!] })
  let servers: Awaited<ReturnType<typeof startApiStack>>
  try {
    servers = await startApiStack({
      ...config,
      demoDistDir,
      demoExtraFiles: { '/devnet-wallet.js': devnetWalletScriptPath },
      dev,
      requestLog: options.requestLog ?? false,
      ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}),
      ...(process.env.AIRLOCK_DATA_DIR ? { dataDir: resolve(process.env.AIRLOCK_DATA_DIR) } : {}),
    })
  } catch (error) {
    await devnet.stop()
    throw error
  }
  let stopped: Promise<void> | undefined
  return {
    config,
    devnet,
    urls: {
      demo: `${config.origins.dapp}/`,
      demoNpm: `${config.origins.dapp}/npm.html`,
      widget: config.origins.widget,
      secure: config.origins.secure,
      api: config.origins.api,
      rpc: Object.fromEntries(devnet.chains.map((chain) => [chain.chainId, chain.rpcUrl])),
    },
    stop() {
      stopped ??= Promise.allSettled([servers.close(), devnet.stop()]).then(() => undefined)
      return stopped
    },
  }
}

/** Ports of the stack the e2e suite starts: far from `npm start`'s, so both can run at once. */
export const E2E_PORTS: StackPortsOption = { dapp: 14400, widget: 14401, secure: 14402, api: 14403, anvil: { 31337: 18545, 31338: 18546 } }
/** Ports of the stack the bench starts. */
export const BENCH_PORTS: StackPortsOption = {
  dapp: 34400,
  widget: 34401,
  secure: 34402,
  api: 34403,
  anvil: { 31337: 38545, 31338: 38546 },
}
