import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import {
  encodeDeployData,
  encodeFunctionData,
  getAddress,
  maxUint256,
  parseAbi,
  parseEther,
  toHex,
  type Abi,
  type Address,
  type Hex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { devnetAccounts } from '../accounts'
import { uniswapV2RouterAbi, devnetTokenAbi } from './abis'
import {
  DEVNET_CONTRACTS,
  DEVNET_DEPLOYER,
  DEVNET_PAIRS,
  DEVNET_RELAYER,
  DEVNET_RELAYER_BALANCE,
  DEVNET_TREASURY,
  type DevnetContracts,
} from './addresses'
import { devnetArtifacts } from './compile'
import { entryPointCode, smartAccountTxs } from './smart-accounts'
import { DEVNET_SEED, DEVNET_TOKENS, type DevnetPool } from './tokens'
import type { PlannedTx } from './planned-tx'

const require = createRequire(import.meta.url)
const RECEIPT_POLL_MS = 10
const RECEIPT_TIMEOUT_MS = 30_000

interface Artifact {
  abi: Abi
  bytecode: Hex
}
/** A published build artifact (Uniswap's waffle output: `bytecode` without 0x). */
function published(path: string): Artifact {
  const json = JSON.parse(readFileSync(require.resolve(path), 'utf8')) as { abi: Abi; bytecode: string }
  return { abi: json.abi, bytecode: `0x${json.bytecode.replace(/^0x/, '')}` as Hex }
}

/**
 * Multicall3's creation code as viem ships it for deployless calls; viem does not export it, so it is
 * read from viem's own module (a test fails if viem moves it).
 */
function multicall3CreationCode(): Hex {
  const contracts = join(dirname(require.resolve('viem')), 'constants', 'contracts.js')
  const code = (require(contracts) as { multicall3Bytecode?: Hex }).multicall3Bytecode
  if (!code) throw new Error(`multicall3Bytecode not found in ${contracts}`)
  return code
}

interface RpcResponse {
  id: number
  result?: unknown
  error?: { message: string }
}

/** One JSON-RPC batch (one HTTP round trip); results in call order. */
async function rpcBatch(rpcUrl: string, calls: [method: string, params: unknown[]][]): Promise<unknown[]> {
  const res = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(calls.map(([method, params], id) => ({ jsonrpc: '2.0', id, method, params }))),
  })
  if (!res.ok) throw new Error(`${rpcUrl} answered HTTP ${res.status}`)
  const body = (await res.json()) as RpcResponse[] | RpcResponse
  // A malformed batch gets one error object back, not an array.
  const byId = new Map((Array.isArray(body) ? body : []).map((r) => [r.id, r]))
  return calls.map(([method], id) => {
    const r = byId.get(id)
    if (!r || r.error) throw new Error(`${method} failed on ${rpcUrl}: ${r?.error?.message ?? 'no response'}`)
    return r.result
  })
}

/** Every deployer transaction, in nonce order; gas limits are fixed (with headroom over the use) so nothing waits for an estimate. */
async function plan(): Promise<PlannedTx[]> {
  const { DevnetToken, SpamToken } = await devnetArtifacts()
  const weth = published('@uniswap/v2-periphery/build/WETH9.json')
  const factory = published('@uniswap/v2-core/build/UniswapV2Factory.json')
  const router = published('@uniswap/v2-periphery/build/UniswapV2Router02.json')
  const c = DEVNET_CONTRACTS
  const testAccounts = devnetAccounts.slice(0, 9).map((a) => a.address)
  const need = (token: Address) =>
    DEVNET_SEED.pools.reduce((sum, p) => sum + (p.tokenA === token ? p.amountA : p.tokenB === token ? p.amountB : 0n), 0n)
  // Name, symbol and decimals come from DEVNET_TOKENS, so the list and the chain cannot disagree.
  const token = (address: Address, perAccount: bigint, treasury: bigint): PlannedTx => {
    const { name, symbol, decimals } = DEVNET_TOKENS.find((t) => t.address === address)!
    const holders = [...testAccounts, DEVNET_TREASURY.address, DEVNET_DEPLOYER.address]
    const amounts = [...testAccounts.map(() => perAccount), treasury, need(address)]
    const args = [name, symbol, decimals, DEVNET_TREASURY.address, holders, amounts] as const
    return { data: encodeDeployData({ ...DevnetToken, args }), gas: 2_000_000n, creates: address }
  }
  const router02 = (fn: Hex, value?: bigint): PlannedTx => ({ to: c.uniswapV2Router, data: fn, value, gas: 4_000_000n })
  const approve = (t: Address): PlannedTx => ({
    to: t,
    data: encodeFunctionData({ abi: devnetTokenAbi, functionName: 'approve', args: [c.uniswapV2Router, maxUint256] }),
    gas: 100_000n,
  })
  const [ethUsdc, ethDai, usdcDai] = DEVNET_SEED.pools as [DevnetPool, DevnetPool, DevnetPool]
  const addLiquidityEth = (p: DevnetPool) =>
    router02(
      encodeFunctionData({
        abi: uniswapV2RouterAbi,
        functionName: 'addLiquidityETH',
        args: [p.tokenB, p.amountB, p.amountB, p.amountA, DEVNET_DEPLOYER.address, maxUint256],
      }),
      p.amountA,
    )
  const { account, treasury } = DEVNET_SEED
  return [
    token(c.usdc, account.usdc, treasury.usdc),
    token(c.dai, account.dai, treasury.dai),
    { data: weth.bytecode, gas: 1_000_000n, creates: c.weth },
    {
      data: encodeDeployData({ ...SpamToken, args: [devnetAccounts.slice(0, 10).map((a) => a.address), DEVNET_SEED.spamAirdrop] }),
      gas: 2_000_000n,
      creates: c.spam,
    },
    { data: encodeDeployData({ ...factory, args: [DEVNET_DEPLOYER.address] }), gas: 4_000_000n, creates: c.uniswapV2Factory },
    { data: encodeDeployData({ ...router, args: [c.uniswapV2Factory, c.weth] }), gas: 6_000_000n, creates: c.uniswapV2Router },
    approve(c.usdc),
    approve(c.dai),
    addLiquidityEth(ethUsdc),
    addLiquidityEth(ethDai),
    router02(
      encodeFunctionData({
        abi: uniswapV2RouterAbi,
        functionName: 'addLiquidity',
        args: [
          usdcDai.tokenA,
          usdcDai.tokenB,
          usdcDai.amountA,
          usdcDai.amountB,
          usdcDai.amountA,
          usdcDai.amountB,
          DEVNET_DEPLOYER.address,
          maxUint256,
        ],
      }),
    ),
    // A pair writes its price accumulators only in a later second than its last update, and the first
    // write (zero to non-zero) costs ~44k gas: a swap estimated in the seeding's second ran out of gas
    // when mined in the next. A sync a second on leaves every pair as a used one is, accumulators set.
    ...Object.values(DEVNET_PAIRS).map((pair): PlannedTx => ({ to: pair, data: SYNC, gas: 100_000n, nextSecond: true })),
    ...(await smartAccountTxs()),
  ]
}

const SYNC = encodeFunctionData({ abi: parseAbi(['function sync()']), functionName: 'sync' })

let multicall3Runtime: Promise<Hex> | undefined
let planned: Promise<PlannedTx[]> | undefined

async function waitForReceipt(rpcUrl: string, hash: Hex): Promise<void> {
  const deadline = Date.now() + RECEIPT_TIMEOUT_MS
  while (!(await rpcBatch(rpcUrl, [['eth_getTransactionReceipt', [hash]]]))[0]) {
    if (Date.now() > deadline) throw new Error(`no receipt for ${hash} on ${rpcUrl} within ${RECEIPT_TIMEOUT_MS} ms`)
    await new Promise((r) => setTimeout(r, RECEIPT_POLL_MS))
  }
}

/**
 * Deploys Multicall3, the tokens, Uniswap V2 and its seeded pools, then EntryPoint v0.8, the Delegation
 * Framework and AirlockPaymaster (funded) on a fresh devnet chain (anvil), at the DEVNET_CONTRACTS addresses,
 * and funds DEVNET_RELAYER. Returns at once if they are already there; throws if the deployer was used otherwise.
 */
export async function deployDevnetContracts(rpcUrl: string): Promise<DevnetContracts> {
  const txs = await (planned ??= plan().catch((e: unknown) => {
    planned = undefined
    throw e
  }))
  const [chainIdHex, nonceHex, gasPriceHex, routerCode] = (await rpcBatch(rpcUrl, [
    ['eth_chainId', []],
    ['eth_getTransactionCount', [DEVNET_DEPLOYER.address, 'latest']],
    ['eth_gasPrice', []],
    ['eth_getCode', [DEVNET_CONTRACTS.uniswapV2Router, 'latest']],
  ])) as Hex[]
  const nonce = Number(nonceHex)
  if (nonce === txs.length && routerCode !== '0x') return DEVNET_CONTRACTS
  if (nonce !== 0) {
    throw new Error(`devnet deployer ${DEVNET_DEPLOYER.address} has nonce ${nonce} on ${rpcUrl}: contracts cannot land at DEVNET_CONTRACTS`)
  }

  // Simulating the creation returns the runtime code, which anvil_setCode puts at the canonical address.
  const runtime = await (multicall3Runtime ??= rpcBatch(rpcUrl, [['eth_call', [{ data: multicall3CreationCode() }, 'latest']]]).then(
    ([code]) => {
      if (typeof code !== 'string' || code.length < 100) throw new Error(`Multicall3 creation returned no code on ${rpcUrl}`)
      return code as Hex
    },
    (e: unknown) => {
      multicall3Runtime = undefined
      throw e
    },
  ))
  // Per chain: the EntryPoint's EIP-712 cache holds the chain id.
  const entryPoint = await entryPointCode(async (tx) => (await rpcBatch(rpcUrl, [['eth_call', [tx, 'latest']]]))[0] as Hex)
  await rpcBatch(rpcUrl, [
    ['anvil_setBalance', [DEVNET_DEPLOYER.address, toHex(parseEther('10000'))]],
    ['anvil_setBalance', [DEVNET_RELAYER.address, toHex(DEVNET_RELAYER_BALANCE)]],
    ['anvil_setCode', [DEVNET_CONTRACTS.multicall3, runtime]],
    ...entryPoint.map(([address, code]): [string, unknown[]] => ['anvil_setCode', [address, code]]),
  ])

  const deployer = privateKeyToAccount(DEVNET_DEPLOYER.privateKey)
  const chainId = Number(chainIdHex)
  // Headroom over the current base fee, which only falls on an idle devnet.
  const gasPrice = BigInt(gasPriceHex!) * 2n
  const raw = await Promise.all(
    txs.map((tx, i) =>
      deployer.signTransaction({
        type: 'legacy',
        chainId,
        nonce: i,
        to: tx.to ?? null,
        data: tx.data,
        value: tx.value ?? 0n,
        gas: tx.gas,
        gasPrice,
      }),
    ),
  )
  // One at a time, in nonce order, without waiting for receipts: anvil's automine can leave a
  // transaction pending for good when it receives a later nonce first (foundry-rs/foundry#10122),
  // which a batch of sends, handled concurrently, did on a loaded machine (no receipt in 30 s).
  const send = async (batch: Hex[]) => {
    const sent: Hex[] = []
    for (const raw of batch) sent.push(...((await rpcBatch(rpcUrl, [['eth_sendRawTransaction', [raw]]])) as Hex[]))
    await waitForReceipt(rpcUrl, sent.at(-1)!)
    return sent
  }
  const later = txs.findIndex((tx) => tx.nextSecond)
  const hashes = await send(raw.slice(0, later))
  const [latest] = (await rpcBatch(rpcUrl, [['eth_getBlockByNumber', ['latest', false]]])) as { timestamp: Hex }[]
  await rpcBatch(rpcUrl, [['evm_setNextBlockTimestamp', [toHex(BigInt(latest!.timestamp) + 1n)]]])
  hashes.push(...(await send(raw.slice(later))))
  const receipts = (await rpcBatch(
    rpcUrl,
    hashes.map((h) => ['eth_getTransactionReceipt', [h]]),
  )) as ({ status: Hex; contractAddress: Address | null } | null)[]
  receipts.forEach((receipt, i) => {
    const { creates } = txs[i]!
    if (receipt?.status !== '0x1') throw new Error(`devnet deployment transaction ${i} (${hashes[i]}) failed on ${rpcUrl}`)
    if (creates && (!receipt.contractAddress || getAddress(receipt.contractAddress) !== creates)) {
      throw new Error(`devnet deployment transaction ${i} created ${receipt.contractAddress}, expected ${creates}`)
    }
  })
  return DEVNET_CONTRACTS
}
