import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  createPublicClient,
  createWalletClient,
  decodeFunctionResult,
  defineChain,
  encodeFunctionData,
  erc20Abi,
  getContractAddress,
  http,
  maxUint256,
  multicall3Abi,
  parseAbi,
  parseAbiItem,
  parseEther,
  parseUnits,
  type Address,
  type Hash,
  type Hex,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devnetAccounts } from '../accounts'
import { startAnvil, type AnvilNode } from '../anvil'
import { startDevnet, type Devnet } from '../devnet'
import { devnetTokenAbi, uniswapV2FactoryAbi, uniswapV2PairAbi, uniswapV2RouterAbi } from './abis'
import {
  DEVNET_CONTRACTS,
  DEVNET_DEPLOYER,
  DEVNET_PAIRS,
  DEVNET_PAYMASTER_DEPOSIT,
  DEVNET_PAYMASTER_SIGNER,
  DEVNET_RELAYER,
  DEVNET_RELAYER_BALANCE,
  DEVNET_TREASURY,
} from './addresses'
import { deployDevnetContracts } from './deploy'
import { DEVNET_SEED, DEVNET_TOKENS } from './tokens'

// Ports reserved for this file (18700-18720).
const PORTS_A = [18700, 18701] as const
const PORTS_B = [18702, 18703] as const
const USED_DEPLOYER_PORT = 18704
const TIMED_PORT = 18705
const BARE_PORT = 18706
const FAILING_PORT = 18707

const C = DEVNET_CONTRACTS
const { usdc, dai, weth } = C

const chainFor = (rpcUrl: string, chainId: number) =>
  defineChain({
    id: chainId,
    name: `devnet ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
    contracts: { multicall3: { address: C.multicall3 } },
  })
const clientFor = (rpcUrl: string, chainId: number) =>
  createPublicClient({ chain: chainFor(rpcUrl, chainId), transport: http(rpcUrl), pollingInterval: 10, cacheTime: 0 })
const walletFor = (rpcUrl: string, chainId: number, privateKey: Hex) =>
  createWalletClient({ account: privateKeyToAccount(privateKey), chain: chainFor(rpcUrl, chainId), transport: http(rpcUrl) })
type Client = ReturnType<typeof clientFor>

describe('devnet contracts', () => {
  let a: Devnet
  let b: Devnet
  let chain1: Client
  let chain2: Client
  const extra: AnvilNode[] = []

  beforeAll(async () => {
    ;[a, b] = await Promise.all([startDevnet({ ports: PORTS_A }), startDevnet({ ports: PORTS_B })])
    chain1 = clientFor(a.chains[0]!.rpcUrl, 31337)
    chain2 = clientFor(a.chains[1]!.rpcUrl, 31338)
    // Four anvils deploying and seeding the contracts: on a loaded 2-core box this took over 30 s once.
  }, 90_000)
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop(), ...extra.map((n) => n.stop())])
  })

  it('are at the DEVNET_CONTRACTS addresses on every chain of two fresh starts', async () => {
    expect(a.contracts).toBe(DEVNET_CONTRACTS)
    expect(b.contracts).toBe(DEVNET_CONTRACTS)
    const codes: string[][] = []
    for (const { rpcUrl, chainId } of [...a.chains, ...b.chains]) {
      const client = clientFor(rpcUrl, chainId)
      codes.push(await Promise.all(Object.values(C).map(async (address) => (await client.getCode({ address })) ?? '0x')))
      for (const [t0, t1, pair] of [
        [weth, usdc, DEVNET_PAIRS.ethUsdc],
        [dai, weth, DEVNET_PAIRS.ethDai],
        [usdc, dai, DEVNET_PAIRS.usdcDai],
      ] as const) {
        expect(
          await client.readContract({ address: C.uniswapV2Factory, abi: uniswapV2FactoryAbi, functionName: 'getPair', args: [t0, t1] }),
        ).toBe(pair)
      }
      expect(await client.readContract({ address: C.uniswapV2Router, abi: uniswapV2RouterAbi, functionName: 'WETH' })).toBe(weth)
      expect(await client.readContract({ address: C.uniswapV2Router, abi: uniswapV2RouterAbi, functionName: 'factory' })).toBe(
        C.uniswapV2Factory,
      )
    }
    for (const code of codes[0]!) expect(code.length).toBeGreaterThan(1000)
    // Identical code on both starts; across chains too, but for the EIP-712 domains built in at construction.
    const names = Object.keys(C)
    const chainBound = ['entryPoint', 'delegationManager', 'eip7702Delegator']
    const sameEverywhere = (chainCodes: string[]) => chainCodes.filter((_, i) => !chainBound.includes(names[i]!))
    expect(codes[2]).toEqual(codes[0])
    expect(codes[3]).toEqual(codes[1])
    expect(sameEverywhere(codes[1]!)).toEqual(sameEverywhere(codes[0]!))
    expect(codes[1]!.filter((code, i) => code !== codes[0]![i]).length).toBe(chainBound.length)
  })

  it('smart accounts: EntryPoint v0.8 with its own SenderCreator, the DeleGator wired to it, a funded paymaster and relayer', async () => {
    const read = (client: Client, address: Address, signature: string, args: readonly unknown[] = []) =>
      client.readContract({ address, abi: parseAbi([signature]), functionName: signature.split(/[ (]/)[1]!, args } as never)
    const senderCreator = getContractAddress({ from: C.entryPoint, nonce: 1n })
    for (const { rpcUrl, chainId } of [...a.chains, ...b.chains]) {
      const client = clientFor(rpcUrl, chainId)
      expect(await read(client, C.entryPoint, 'function senderCreator() view returns (address)')).toBe(senderCreator)
      expect(await read(client, senderCreator, 'function entryPoint() view returns (address)')).toBe(C.entryPoint)
      expect(await read(client, C.entryPoint, 'function balanceOf(address) view returns (uint256)', [C.paymaster])).toBe(
        DEVNET_PAYMASTER_DEPOSIT,
      )
      expect(await read(client, C.eip7702Delegator, 'function entryPoint() view returns (address)')).toBe(C.entryPoint)
      expect(await read(client, C.eip7702Delegator, 'function delegationManager() view returns (address)')).toBe(C.delegationManager)
      expect(await read(client, C.delegationManager, 'function owner() view returns (address)')).toBe(DEVNET_DEPLOYER.address)
      expect(await read(client, C.paymaster, 'function signer() view returns (address)')).toBe(DEVNET_PAYMASTER_SIGNER.address)
      expect(await read(client, C.paymaster, 'function owner() view returns (address)')).toBe(DEVNET_DEPLOYER.address)
      expect(await read(client, C.paymaster, 'function entryPoint() view returns (address)')).toBe(C.entryPoint)
      expect(await client.getBalance({ address: DEVNET_RELAYER.address })).toBe(DEVNET_RELAYER_BALANCE)
      expect(await client.getBalance({ address: DEVNET_PAYMASTER_SIGNER.address })).toBe(0n)
    }
  })

  it('leaves the test accounts untouched (nonce 0, 10000 ETH)', async () => {
    for (const { address } of devnetAccounts) {
      expect(await chain1.getTransactionCount({ address })).toBe(0)
      expect(await chain1.getBalance({ address })).toBe(parseEther('10000'))
    }
  })

  it('token metadata and balances: test accounts hold USDC and DAI, the treasury more', async () => {
    for (const token of DEVNET_TOKENS) {
      const [name, symbol, decimals] = await Promise.all(
        (['name', 'symbol', 'decimals'] as const).map((functionName) =>
          chain1.readContract({ address: token.address, abi: erc20Abi, functionName }),
        ),
      )
      expect({ name, symbol, decimals }).toEqual({ name: token.name, symbol: token.symbol, decimals: token.decimals })
    }
    const balance = (token: Address, owner: Address) =>
      chain1.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [owner] })
    for (const { address } of devnetAccounts.slice(0, 9)) {
      expect(await balance(usdc, address)).toBe(parseUnits('10000', 6))
      expect(await balance(dai, address)).toBe(parseUnits('10000', 18))
      expect(await balance(weth, address)).toBe(0n)
    }
    expect(await balance(usdc, DEVNET_TREASURY.address)).toBe(DEVNET_SEED.treasury.usdc)
    expect(await balance(dai, DEVNET_TREASURY.address)).toBe(DEVNET_SEED.treasury.dai)
    expect(DEVNET_SEED.treasury.usdc).toBeGreaterThan(100n * DEVNET_SEED.account.usdc)
    expect(await chain1.getBalance({ address: DEVNET_TREASURY.address })).toBe(parseEther('10000'))
    // Everything minted went to the holders and the pools; the deployer keeps none.
    expect(await balance(usdc, DEVNET_DEPLOYER.address)).toBe(0n)
    expect(await chain1.readContract({ address: usdc, abi: erc20Abi, functionName: 'totalSupply' })).toBe(
      9n * DEVNET_SEED.account.usdc + DEVNET_SEED.treasury.usdc + parseUnits('4000000', 6),
    )
  })

  it('only the treasury may mint USDC and DAI', async () => {
    const client = clientFor(b.chains[0]!.rpcUrl, 31337)
    const [treasury, stranger] = [DEVNET_TREASURY, devnetAccounts[3]!].map((acc) => walletFor(b.chains[0]!.rpcUrl, 31337, acc.privateKey))
    expect(await client.readContract({ address: dai, abi: devnetTokenAbi, functionName: 'minter' })).toBe(DEVNET_TREASURY.address)
    await expect(
      client.simulateContract({
        account: stranger!.account,
        address: dai,
        abi: devnetTokenAbi,
        functionName: 'mint',
        args: [stranger!.account.address, 1n],
      }),
    ).rejects.toThrow(/NotMinter|reverted/)
    const to = devnetAccounts[3]!.address
    const hash = await treasury!.writeContract({ address: dai, abi: devnetTokenAbi, functionName: 'mint', args: [to, parseEther('5')] })
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success')
    expect(await client.readContract({ address: dai, abi: erc20Abi, functionName: 'balanceOf', args: [to] })).toBe(
      DEVNET_SEED.account.dai + parseEther('5'),
    )
  })

  it('the spam token airdropped itself to each of the 10 accounts', async () => {
    const logs = await chain1.getLogs({
      address: C.spam,
      event: parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)'),
      args: { from: C.spam },
      fromBlock: 0n,
    })
    expect(logs.map((l) => [l.args.from, l.args.to, l.args.value])).toEqual(
      devnetAccounts.map((acc) => [C.spam, acc.address, DEVNET_SEED.spamAirdrop]),
    )
    for (const { address } of devnetAccounts) {
      expect(await chain1.readContract({ address: C.spam, abi: erc20Abi, functionName: 'balanceOf', args: [address] })).toBe(
        DEVNET_SEED.spamAirdrop,
      )
    }
    // Indexed by recipient too, the way a history indexer asks.
    const toZero = await chain1.getLogs({
      address: C.spam,
      event: parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)'),
      args: { to: devnetAccounts[0]!.address },
      fromBlock: 0n,
    })
    expect(toZero).toHaveLength(1)
  })

  it('pools hold the seeded reserves and quote about 3000 USDC or DAI per ETH', async () => {
    for (const pool of DEVNET_SEED.pools) {
      const [token0, token1, reserves] = await Promise.all([
        chain1.readContract({ address: pool.pair, abi: uniswapV2PairAbi, functionName: 'token0' }),
        chain1.readContract({ address: pool.pair, abi: uniswapV2PairAbi, functionName: 'token1' }),
        chain1.readContract({ address: pool.pair, abi: uniswapV2PairAbi, functionName: 'getReserves' }),
      ])
      const byToken = { [token0]: reserves[0], [token1]: reserves[1] }
      expect(byToken).toEqual({ [pool.tokenA]: pool.amountA, [pool.tokenB]: pool.amountB })
      // Set, as on a used pair: a first swap would otherwise cost ~44k gas more than estimated in the seeding's second.
      const accumulators = parseAbi([
        'function price0CumulativeLast() view returns (uint256)',
        'function price1CumulativeLast() view returns (uint256)',
      ])
      for (const functionName of ['price0CumulativeLast', 'price1CumulativeLast'] as const) {
        expect(await chain1.readContract({ address: pool.pair, abi: accumulators, functionName })).toBeGreaterThan(0n)
      }
    }
    const quote = (amountIn: bigint, path: Address[]) =>
      chain1.readContract({ address: C.uniswapV2Router, abi: uniswapV2RouterAbi, functionName: 'getAmountsOut', args: [amountIn, path] })
    const [, usdcOut] = await quote(parseEther('1'), [weth, usdc])
    // 0.3% fee and ~0.1% impact: between 2985 and 3000.
    expect(usdcOut).toBeGreaterThan(parseUnits('2985', 6))
    expect(usdcOut).toBeLessThan(parseUnits('3000', 6))
    const [, daiOut] = await quote(parseEther('1'), [weth, dai])
    expect(daiOut).toBeGreaterThan(parseUnits('2985', 18))
    expect(daiOut).toBeLessThan(parseUnits('3000', 18))
    const [, daiForUsdc] = await quote(parseUnits('1000', 6), [usdc, dai])
    expect(daiForUsdc).toBeGreaterThan(parseUnits('995', 18))
    expect(daiForUsdc).toBeLessThan(parseUnits('1000', 18))
  })

  describe('swaps through the router (chain 31338)', () => {
    const trader = devnetAccounts[1]!
    // A fixed limit far above a swap's: the node's estimate depends on the second the block lands in
    // (a pair writes its price accumulators only in a new second), so the bare estimate runs out of gas now and then.
    const gas = 500_000n
    const wallet = () => walletFor(a.chains[1]!.rpcUrl, 31338, trader.privateKey)
    const balanceOf = (token: Address) =>
      chain2.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [trader.address] })
    const quote = (amountIn: bigint, path: Address[]) =>
      chain2.readContract({ address: C.uniswapV2Router, abi: uniswapV2RouterAbi, functionName: 'getAmountsOut', args: [amountIn, path] })
    const mined = async (hash: Hash) => {
      const receipt = await chain2.waitForTransactionReceipt({ hash })
      expect(receipt.status).toBe('success')
      return receipt.gasUsed * receipt.effectiveGasPrice
    }

    it('ETH -> USDC moves balances exactly as getAmountsOut quoted', async () => {
      const amountIn = parseEther('1')
      const [, expected] = await quote(amountIn, [weth, usdc])
      const [eth0, usdc0] = await Promise.all([chain2.getBalance({ address: trader.address }), balanceOf(usdc)])
      const fee = await mined(
        await wallet().writeContract({
          address: C.uniswapV2Router,
          gas,
          abi: uniswapV2RouterAbi,
          functionName: 'swapExactETHForTokens',
          args: [expected!, [weth, usdc], trader.address, maxUint256],
          value: amountIn,
        }),
      )
      expect((await balanceOf(usdc)) - usdc0).toBe(expected)
      expect(eth0 - (await chain2.getBalance({ address: trader.address }))).toBe(amountIn + fee)
    })

    it('USDC -> DAI (approve, then swapExactTokensForTokens) moves balances as quoted', async () => {
      const amountIn = parseUnits('1000', 6)
      await mined(
        await wallet().writeContract({ address: usdc, abi: erc20Abi, functionName: 'approve', args: [C.uniswapV2Router, amountIn] }),
      )
      const [, expected] = await quote(amountIn, [usdc, dai])
      const [usdc0, dai0] = await Promise.all([balanceOf(usdc), balanceOf(dai)])
      await mined(
        await wallet().writeContract({
          address: C.uniswapV2Router,
          gas,
          abi: uniswapV2RouterAbi,
          functionName: 'swapExactTokensForTokens',
          args: [amountIn, expected!, [usdc, dai], trader.address, maxUint256],
        }),
      )
      expect(usdc0 - (await balanceOf(usdc))).toBe(amountIn)
      expect((await balanceOf(dai)) - dai0).toBe(expected)
      expect(
        await chain2.readContract({ address: usdc, abi: erc20Abi, functionName: 'allowance', args: [trader.address, C.uniswapV2Router] }),
      ).toBe(0n)
    })

    it('DAI -> ETH (swapExactTokensForETH) pays out the quoted ETH', async () => {
      const amountIn = parseUnits('3000', 18)
      await mined(
        await wallet().writeContract({ address: dai, abi: erc20Abi, functionName: 'approve', args: [C.uniswapV2Router, amountIn] }),
      )
      const [, expected] = await quote(amountIn, [dai, weth])
      const eth0 = await chain2.getBalance({ address: trader.address })
      const fee = await mined(
        await wallet().writeContract({
          address: C.uniswapV2Router,
          gas,
          abi: uniswapV2RouterAbi,
          functionName: 'swapExactTokensForETH',
          args: [amountIn, expected!, [dai, weth], trader.address, maxUint256],
        }),
      )
      expect((await chain2.getBalance({ address: trader.address })) - eth0).toBe(expected! - fee)
      expect(expected).toBeGreaterThan(parseEther('0.99'))
    })
  })

  it('Multicall3 aggregate3 works at the canonical address', async () => {
    const holder = devnetAccounts[0]!.address
    const calls = [
      { target: usdc, allowFailure: false, callData: encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [holder] }) },
      {
        target: C.multicall3,
        allowFailure: false,
        callData: encodeFunctionData({ abi: multicall3Abi, functionName: 'getEthBalance', args: [holder] }),
      },
      // transfer() without balance reverts; allowed to fail.
      {
        target: dai,
        allowFailure: true,
        callData: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [holder, parseEther('1')] }),
      },
    ]
    const results = await chain1.readContract({ address: C.multicall3, abi: multicall3Abi, functionName: 'aggregate3', args: [calls] })
    expect(results.map((r) => r.success)).toEqual([true, true, false])
    expect(decodeFunctionResult({ abi: erc20Abi, functionName: 'balanceOf', data: results[0]!.returnData })).toBe(DEVNET_SEED.account.usdc)
    expect(decodeFunctionResult({ abi: multicall3Abi, functionName: 'getEthBalance', data: results[1]!.returnData })).toBe(
      parseEther('10000'),
    )
    // viem's multicall() goes through the chain's multicall3 address (no deployless fallback configured).
    const viaViem = await chain1.multicall({
      contracts: DEVNET_TOKENS.map((t) => ({ address: t.address, abi: erc20Abi, functionName: 'balanceOf', args: [holder] }) as const),
      allowFailure: false,
    })
    expect(viaViem).toEqual([DEVNET_SEED.account.usdc, DEVNET_SEED.account.dai, 0n, DEVNET_SEED.spamAirdrop])
  })

  it('deployDevnetContracts is a no-op on a deployed chain and refuses a chain where the deployer was used', async () => {
    const url = a.chains[0]!.rpcUrl
    const before = await chain1.getBlockNumber()
    await expect(deployDevnetContracts(url)).resolves.toBe(DEVNET_CONTRACTS)
    expect(await chain1.getBlockNumber()).toBe(before)

    const node = await startAnvil({ chainId: 31337, port: USED_DEPLOYER_PORT })
    extra.push(node)
    const client = clientFor(node.rpcUrl, 31337)
    await client.request({ method: 'anvil_setBalance' as never, params: [DEVNET_DEPLOYER.address, '0xde0b6b3a7640000'] as never })
    const deployer = walletFor(node.rpcUrl, 31337, DEVNET_DEPLOYER.privateKey)
    await client.waitForTransactionReceipt({ hash: await deployer.sendTransaction({ to: devnetAccounts[0]!.address, value: 1n }) })
    await expect(deployDevnetContracts(node.rpcUrl)).rejects.toThrow(/has nonce 1 .*cannot land at DEVNET_CONTRACTS/)
  })

  it('a warm deploy adds well under a second to a fresh chain', async () => {
    const node = await startAnvil({ chainId: 31338, port: TIMED_PORT })
    extra.push(node)
    const started = performance.now()
    await deployDevnetContracts(node.rpcUrl)
    expect(performance.now() - started).toBeLessThan(1000)
    expect(await clientFor(node.rpcUrl, 31338).getCode({ address: C.uniswapV2Router })).toMatch(/^0x60/)
  })

  it('startDevnet({ contracts: false }) deploys nothing', async () => {
    const bare = await startDevnet({ chains: [{ chainId: 31337, name: 'bare', port: BARE_PORT }], contracts: false })
    try {
      expect(bare.contracts).toBeNull()
      const client = clientFor(bare.chains[0]!.rpcUrl, 31337)
      for (const address of Object.values(C)) expect(await client.getCode({ address })).toBeUndefined()
      expect(await client.getBlockNumber()).toBe(0n)
    } finally {
      await bare.stop()
    }
  })

  it('startDevnet stops its nodes when the deployment fails', async () => {
    // A genesis where the deployer has already sent a transaction: its CREATE addresses are taken.
    const dir = mkdtempSync(join(tmpdir(), 'airlock-devnet-genesis-'))
    const genesis = join(dir, 'genesis.json')
    writeFileSync(
      genesis,
      JSON.stringify({ config: { chainId: 31337 }, alloc: { [DEVNET_DEPLOYER.address]: { balance: '0x1', nonce: '0x1' } } }),
    )
    try {
      const error = await startDevnet({
        chains: [{ chainId: 31337, name: 'failing', port: FAILING_PORT }],
        anvilArgs: ['--init', genesis],
      }).then(
        async (devnet) => (await devnet.stop(), new Error('unexpectedly started')),
        (e: unknown) => e as Error,
      )
      expect(error.message).toMatch(/deployer 0x\w+ has nonce 1 on http:\/\/127\.0\.0\.1:18707/)
      await expect(fetch(`http://127.0.0.1:${FAILING_PORT}`, { method: 'POST' })).rejects.toThrow()
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
