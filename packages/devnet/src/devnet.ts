import { toHex, type Hex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { DEVNET_MNEMONIC, devnetAccounts, type DevnetAccount } from './accounts'
import { startAnvil, type AnvilNode } from './anvil'
import { DEVNET_CHAINS, DEVNET_HOST, type DevnetChainDefinition } from './chains'
import { DEVNET_CONTRACTS, type DevnetContracts } from './contracts/addresses'
import { deployDevnetContracts } from './contracts/deploy'

export interface StartDevnetOptions {
  /** Ports for the default chains, in DEVNET_CHAINS order (31337, 31338). Ignored when `chains` is given. */
  ports?: readonly number[]
  /** Full chain list; defaults to DEVNET_CHAINS (with `ports` applied). */
  chains?: readonly DevnetChainDefinition[]
  host?: string
  /** Seconds between blocks; omitted = automine. */
  blockTime?: number
  /** Funded accounts per chain (default 10). */
  accounts?: number
  startupTimeoutMs?: number
  /** Extra anvil CLI flags for every chain. */
  anvilArgs?: readonly string[]
  /** Deploy DEVNET_CONTRACTS (tokens, Uniswap V2 with pools, Multicall3, EntryPoint v0.8, the Delegation Framework, AirlockPaymaster) on every chain (default true). */
  contracts?: boolean
}

export interface DevnetChain {
  chainId: number
  name: string
  caipNetworkId: `eip155:${number}`
  rpcUrl: string
  port: number
  pid: number
}

export interface Devnet {
  chains: DevnetChain[]
  accounts: DevnetAccount[]
  /** DEVNET_CONTRACTS when they were deployed (the default), else null. */
  contracts: DevnetContracts | null
  /** Kills every anvil and waits for them to exit. Idempotent. */
  stop(): Promise<void>
}

function accountAt(index: number): DevnetAccount {
  const known = devnetAccounts[index]
  if (known) return known
  const account = mnemonicToAccount(DEVNET_MNEMONIC, { addressIndex: index })
  return { address: account.address, privateKey: toHex(account.getHdKey().privateKey!) as Hex }
}

function resolveChains(options: StartDevnetOptions): readonly DevnetChainDefinition[] {
  if (options.chains) return options.chains
  const { ports } = options
  if (ports && ports.length !== DEVNET_CHAINS.length) {
    throw new Error(`startDevnet: "ports" needs ${DEVNET_CHAINS.length} entries, got ${ports.length}`)
  }
  return DEVNET_CHAINS.map((c, i) => ({ ...c, port: ports?.[i] ?? c.port }))
}

/** Starts one anvil per chain (all from anvil's default mnemonic), waits until each answers and deploys the devnet contracts. */
export async function startDevnet(options: StartDevnetOptions = {}): Promise<Devnet> {
  const defs = resolveChains(options)
  const accountCount = options.accounts ?? 10
  const started = await Promise.allSettled(
    defs.map((def) =>
      startAnvil({
        chainId: def.chainId,
        port: def.port,
        host: options.host ?? DEVNET_HOST,
        blockTime: options.blockTime,
        accounts: accountCount,
        startupTimeoutMs: options.startupTimeoutMs,
        args: options.anvilArgs,
      }),
    ),
  )
  const nodes = started.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []))
  const failure = started.find((r): r is PromiseRejectedResult => r.status === 'rejected')
  if (failure) {
    await Promise.all(nodes.map((n) => n.stop()))
    throw failure.reason
  }
  const withContracts = options.contracts ?? true
  if (withContracts) {
    try {
      await Promise.all(nodes.map((n) => deployDevnetContracts(n.rpcUrl)))
    } catch (e) {
      await Promise.all(nodes.map((n) => n.stop()))
      throw e
    }
  }

  let stopping: Promise<void> | undefined
  return {
    chains: nodes.map((n: AnvilNode, i) => ({
      chainId: n.chainId,
      name: defs[i]!.name,
      caipNetworkId: `eip155:${n.chainId}` as const,
      rpcUrl: n.rpcUrl,
      port: n.port,
      pid: n.pid,
    })),
    accounts: Array.from({ length: accountCount }, (_, i) => accountAt(i)),
    contracts: withContracts ? DEVNET_CONTRACTS : null,
    stop: () => (stopping ??= Promise.all(nodes.map((n) => n.stop())).then(() => undefined)),
  }
}
