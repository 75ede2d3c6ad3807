import { DEVNET_CONTRACTS, DEVNET_TOKENS, startDevnet, type Devnet } from '@airlock/devnet'
import { createWalletClient, erc20Abi, http, type Address, type Hex, type PublicClient } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createChainRegistry, type ChainRegistry } from '../chains/registry'
import { withGasHeadroom } from '../capabilities/convert/quote-math'
import type { ApiDeps } from '../capabilities/deps'
import { NATIVE_TOKEN_ADDRESS } from '../capabilities/prices/caip'
import { uniswapV2DexConfig, type DexConfig } from '../capabilities/prices/dex-config'
import { testDeps } from '../capabilities/prices/test-support'

/**
 * The real devnet for the balance, prices and convert integration tests: anvil chains 31337 and
 * 31338 with the devnet contracts, a chain registry over them, the Uniswap V2 config, and signing
 * helpers for the devnet accounts. Each test file passes its own ports (files run in parallel).
 */
export interface TestDevnet {
  devnet: Devnet
  chains: ChainRegistry
  dex: DexConfig
  /** The test clock: tests move `clock.now` forward. */
  clock: { now: number }
  deps: ApiDeps
  client(caip2?: string): PublicClient
  /** Signs with devnet account `index` and waits for the receipt; throws if the transaction reverted. */
  send(
    index: number,
    tx: { to: Address; data?: Hex; value?: bigint; gas?: bigint; gasPrice?: bigint },
    caip2?: string,
  ): Promise<{ gasUsed: bigint; effectiveGasPrice: bigint; status: 'success' | 'reverted' }>
  /** Native (NATIVE_TOKEN_ADDRESS) or ERC-20 balance, read directly from the chain. */
  balanceOf(token: Address, owner: Address, caip2?: string): Promise<bigint>
  stop(): Promise<void>
}

export const CHAIN = 'eip155:31337'
export const OTHER_CHAIN = 'eip155:31338'
export { DEVNET_CONTRACTS, DEVNET_TOKENS }

export async function startTestDevnet(ports: [number, number]): Promise<TestDevnet> {
  const devnet = await startDevnet({ ports })
  const chains = createChainRegistry(Object.fromEntries(devnet.chains.map((c) => [c.caipNetworkId, c.rpcUrl])))
  const dex = uniswapV2DexConfig(chains.supported(), { contracts: DEVNET_CONTRACTS, tokens: DEVNET_TOKENS })
  const clock = { now: Date.now() }
  const client = (caip2 = CHAIN) => {
    const c = chains.client(caip2)
    if (!c) throw new Error(`no client for ${caip2}`)
    return c
  }
  return {
    devnet,
    chains,
    dex,
    clock,
    deps: testDeps(chains, () => clock.now),
    client,
    async send(index, tx, caip2 = CHAIN) {
      const chain = devnet.chains.find((c) => c.caipNetworkId === caip2)!
      const publicClient = client(caip2)
      const wallet = createWalletClient({
        account: privateKeyToAccount(devnet.accounts[index]!.privateKey),
        chain: publicClient.chain,
        transport: http(chain.rpcUrl),
      })
      // An estimate made in the pool's last block second skips Uniswap V2's price accumulators, which
      // the mined block (a second later) writes: without headroom the swap can run out of gas.
      const gas = tx.gas ?? withGasHeadroom(await publicClient.estimateGas({ ...tx, account: wallet.account }))
      const hash = await wallet.sendTransaction({ ...tx, gas, chain: publicClient.chain })
      const receipt = await publicClient.waitForTransactionReceipt({ hash, pollingInterval: 20 })
      return { gasUsed: receipt.gasUsed, effectiveGasPrice: receipt.effectiveGasPrice, status: receipt.status }
    },
    async balanceOf(token, owner, caip2 = CHAIN) {
      const c = client(caip2)
      if (token.toLowerCase() === NATIVE_TOKEN_ADDRESS) return c.getBalance({ address: owner, blockTag: 'latest' })
      return c.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner], blockTag: 'latest' })
    },
    stop: () => devnet.stop(),
  }
}
