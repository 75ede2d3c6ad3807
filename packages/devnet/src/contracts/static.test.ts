import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { encodePacked, getAddress, getContractAddress, getCreate2Address, keccak256, type Abi, type AbiParameter } from 'viem'
import { entryPoint08Address } from 'viem/account-abstraction'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, describe, expect, it } from 'vitest'
import { devnetAccounts } from '../accounts'
import { devnetTokenAbi, uniswapV2FactoryAbi, uniswapV2PairAbi, uniswapV2RouterAbi, weth9Abi } from './abis'
import {
  DEVNET_CONTRACTS,
  DEVNET_DEPLOYER,
  DEVNET_PAIRS,
  DEVNET_PAYMASTER_SIGNER,
  DEVNET_RELAYER,
  DEVNET_TREASURY,
  UNISWAP_V2_INIT_CODE_HASH,
} from './addresses'
import { cacheFile, compileContracts, devnetArtifacts } from './compile'
import { DEVNET_SEED, DEVNET_TOKENS } from './tokens'

const require = createRequire(import.meta.url)
const artifact = (path: string) => require(path) as { abi: Abi; bytecode: string }

describe('devnet contract addresses', () => {
  it('are the deployer CREATE addresses in deployment order, checksummed', () => {
    expect(privateKeyToAccount(DEVNET_DEPLOYER.privateKey).address).toBe(DEVNET_DEPLOYER.address)
    expect(DEVNET_DEPLOYER.privateKey).toBe(keccak256(new TextEncoder().encode('airlock devnet deployer')))
    expect(devnetAccounts.map((a) => a.address)).not.toContain(DEVNET_DEPLOYER.address)
    const { multicall3, entryPoint, ...deployed } = DEVNET_CONTRACTS
    expect(multicall3).toBe('0xcA11bde05977b3631167028862bE2a173976CA11')
    expect(entryPoint).toBe(entryPoint08Address)
    // Nonces 0-5 create the tokens and Uniswap, 6-13 seed the pools, 14-23 create the smart-account contracts.
    const nonces = Object.values(deployed).map((_, i) => (i < 6 ? i : i + 8))
    expect(nonces.at(-1)).toBe(23)
    Object.values(deployed).forEach((address, i) => {
      expect(address).toBe(getContractAddress({ from: DEVNET_DEPLOYER.address, nonce: BigInt(nonces[i]!) }))
    })
    for (const address of [...Object.values(DEVNET_CONTRACTS), ...Object.values(DEVNET_PAIRS)]) expect(getAddress(address)).toBe(address)
    expect(DEVNET_TREASURY).toEqual(devnetAccounts[9])
  })

  it('the relayer and the paymaster signer are dedicated keys, not test accounts', () => {
    for (const [account, seed] of [
      [DEVNET_RELAYER, 'airlock devnet relayer'],
      [DEVNET_PAYMASTER_SIGNER, 'airlock devnet paymaster signer'],
    ] as const) {
      expect(account.privateKey).toBe(keccak256(new TextEncoder().encode(seed)))
      expect(privateKeyToAccount(account.privateKey).address).toBe(account.address)
      expect([...devnetAccounts, DEVNET_DEPLOYER].map((a) => a.address)).not.toContain(account.address)
    }
  })

  it("router and pair artifacts agree on the pair init code hash, and the pairs are the factory's CREATE2 addresses", () => {
    const pair = artifact('@uniswap/v2-core/build/UniswapV2Pair.json')
    expect(keccak256(`0x${pair.bytecode}`)).toBe(UNISWAP_V2_INIT_CODE_HASH)
    // pairFor() in the router embeds the hash as a literal.
    expect(artifact('@uniswap/v2-periphery/build/UniswapV2Router02.json').bytecode).toContain(UNISWAP_V2_INIT_CODE_HASH.slice(2))
    for (const pool of DEVNET_SEED.pools) {
      const [t0, t1] = BigInt(pool.tokenA) < BigInt(pool.tokenB) ? [pool.tokenA, pool.tokenB] : [pool.tokenB, pool.tokenA]
      const salt = keccak256(encodePacked(['address', 'address'], [t0, t1]))
      expect(getCreate2Address({ from: DEVNET_CONTRACTS.uniswapV2Factory, salt, bytecodeHash: UNISWAP_V2_INIT_CODE_HASH })).toBe(pool.pair)
    }
    expect(new Set(DEVNET_SEED.pools.map((p) => p.pair))).toEqual(new Set(Object.values(DEVNET_PAIRS)))
  })

  it('lists USDC, DAI, WETH and the flagged spam token', () => {
    expect(DEVNET_TOKENS.map(({ address, symbol, name, decimals, spam }) => ({ address, symbol, name, decimals, spam }))).toEqual([
      { address: DEVNET_CONTRACTS.usdc, symbol: 'USDC', name: 'USD Coin', decimals: 6, spam: undefined },
      { address: DEVNET_CONTRACTS.dai, symbol: 'DAI', name: 'Dai Stablecoin', decimals: 18, spam: undefined },
      { address: DEVNET_CONTRACTS.weth, symbol: 'WETH', name: 'Wrapped Ether', decimals: 18, spam: undefined },
      { address: DEVNET_CONTRACTS.spam, symbol: 'SPAM', name: 'Free Airdrop Reward', decimals: 18, spam: true },
    ])
    for (const t of DEVNET_TOKENS.filter((t) => !t.spam)) expect(t.logoUri).toMatch(/^data:image\/svg\+xml,/)
  })
})

describe('minimal ABIs', () => {
  // Same name, inputs, outputs and mutability as an entry of the full ABI (parameter names aside).
  const shape = (e: Abi[number]) => {
    const types = (ps: readonly AbiParameter[] | undefined) => ps?.map((p) => [p.type, 'indexed' in p ? p.indexed : undefined])
    return JSON.stringify({
      type: e.type,
      name: 'name' in e ? e.name : undefined,
      inputs: types('inputs' in e ? e.inputs : undefined),
      outputs: types('outputs' in e ? e.outputs : undefined),
      stateMutability: 'stateMutability' in e ? e.stateMutability : undefined,
    })
  }
  const expectSubset = (subset: Abi, full: Abi) => {
    const known = new Set(full.map(shape))
    for (const entry of subset) expect(known, `${'name' in entry ? entry.name : entry.type} not in the full ABI`).toContain(shape(entry))
  }

  it('match the published Uniswap V2 and WETH9 artifacts', () => {
    expectSubset(uniswapV2RouterAbi, artifact('@uniswap/v2-periphery/build/UniswapV2Router02.json').abi)
    expectSubset(uniswapV2PairAbi, artifact('@uniswap/v2-core/build/UniswapV2Pair.json').abi)
    expectSubset(uniswapV2FactoryAbi, artifact('@uniswap/v2-core/build/UniswapV2Factory.json').abi)
    expectSubset(weth9Abi, artifact('@uniswap/v2-periphery/build/WETH9.json').abi)
  })

  it('match the compiled DevnetToken', async () => {
    expectSubset(devnetTokenAbi, (await devnetArtifacts()).DevnetToken.abi)
  })
})

describe('compileContracts', () => {
  const dirs: string[] = []
  const freshDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'airlock-devnet-cache-'))
    dirs.push(dir)
    return dir
  }
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })))

  it('compiles cold with solc into the cache (taking over a stale lock), then reads the cache', async () => {
    const dir = freshDir()
    const file = cacheFile(dir)
    expect(file).toMatch(/contracts-[0-9a-f]{16}\.json$/)
    expect(existsSync(file)).toBe(false)
    // Left behind by a crashed process two minutes ago.
    writeFileSync(`${file}.lock`, '')
    utimesSync(`${file}.lock`, new Date(Date.now() - 120_000), new Date(Date.now() - 120_000))
    const cold = await compileContracts(dir)
    expect(Object.keys(cold).sort()).toEqual(['AirlockPaymaster', 'DevnetToken', 'SpamToken'])
    for (const c of Object.values(cold)) expect(c.bytecode).toMatch(/^0x60[0-9a-f]{1000,}$/)
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(cold)
    expect(existsSync(`${file}.lock`)).toBe(false)
    const started = performance.now()
    expect(await compileContracts(dir)).toEqual(cold)
    expect(performance.now() - started).toBeLessThan(100)
    // Same sources, solc and settings: the same output as the shared cache.
    expect(await devnetArtifacts()).toEqual(cold)
  }, 60_000)

  it('waits for the process holding the lock instead of compiling too', async () => {
    const dir = freshDir()
    const file = cacheFile(dir)
    writeFileSync(`${file}.lock`, '')
    const waiting = compileContracts(dir)
    await new Promise((r) => setTimeout(r, 200))
    // What the other process writes; the marker shows it was read, not compiled here.
    writeFileSync(file, JSON.stringify({ ...(await devnetArtifacts()), marker: 'from the lock holder' }))
    rmSync(`${file}.lock`)
    expect(await waiting).toMatchObject({ marker: 'from the lock holder' })
  })
})
