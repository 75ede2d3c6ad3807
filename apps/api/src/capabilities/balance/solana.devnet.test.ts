import { BalanceResponse as ProtocolBalanceResponse } from '@airlock/protocol'
import {
  sendInstructions,
  solanaDevnetSigner,
  startSolanaDevnet,
  transferSol,
  transferUsdc,
  type SolanaDevnet,
} from '@airlock/devnet/solana'
import { getCreateAccountInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstructionAsync,
  getInitializeMint2Instruction,
  getMintSize,
  getMintToInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { createSolanaRpc, generateKeyPairSigner, type KeyPairSigner } from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createChainRegistry } from '../../chains/registry'
import { TOKEN_IMAGE_FILES } from '../explorer/images'
import { mountV1, testDeps } from '../prices/test-support'
import { balanceRoutes } from './routes'

let devnet: SolanaDevnet
let alice: KeyPairSigner
let app: ReturnType<typeof mountV1>
let now = Date.now()

beforeAll(async () => {
  devnet = await startSolanaDevnet({ port: 0 })
  alice = await solanaDevnetSigner(0)
  app = mountV1(
    balanceRoutes(
      testDeps(createChainRegistry({ [devnet.caipNetworkId]: devnet.url }), () => now),
      { dex: {} },
    ),
  )
})
afterAll(() => devnet.stop())

async function balances(address: string, query = `&chainId=${devnet.caipNetworkId}`) {
  const res = await app.request(`/v1/account/${address}/balance?currency=usd${query}`)
  const body = (await res.json()) as { balances: unknown[]; error?: string }
  if (res.status === 200) expect(ProtocolBalanceResponse.parse(body)).toEqual(body) // the widget's own schema
  return { status: res.status, body }
}

/** A new mint (9 decimals, `owner` its authority) with `amount` minted to `owner`. */
async function mintUnknownToken(owner: KeyPairSigner, amount: bigint): Promise<string> {
  const mint = await generateKeyPairSigner()
  const [ata] = await findAssociatedTokenPda({ owner: owner.address, mint: mint.address, tokenProgram: TOKEN_PROGRAM_ADDRESS })
  const space = BigInt(getMintSize())
  const rent = await createSolanaRpc(devnet.url).getMinimumBalanceForRentExemption(space).send()
  await sendInstructions(devnet, owner, [
    getCreateAccountInstruction({
      payer: owner,
      newAccount: mint,
      lamports: rent,
      space,
      programAddress: TOKEN_PROGRAM_ADDRESS,
    }),
    getInitializeMint2Instruction({ mint: mint.address, decimals: 9, mintAuthority: owner.address }),
    await getCreateAssociatedTokenIdempotentInstructionAsync({ payer: owner, owner: owner.address, mint: mint.address }),
    getMintToInstruction({ mint: mint.address, token: ata, mintAuthority: owner, amount }),
  ])
  return mint.address
}

describe('GET /v1/account/:address/balance for Solana', () => {
  it('lists SOL (native, 9 decimals) and USDC (known by mint, priced 1) after a transfer, on both sides', async () => {
    const bob = await generateKeyPairSigner()
    await transferSol(devnet, alice, bob.address, 2_000_000_000n)
    await transferUsdc(devnet, alice, bob.address, 12_500_000n)
    const { status, body } = await balances(bob.address)
    expect(status).toBe(200)
    expect(body.balances).toEqual([
      {
        name: 'Solana',
        symbol: 'SOL',
        chainId: devnet.caipNetworkId,
        value: 0,
        price: 0,
        quantity: { decimals: '9', numeric: '2' },
        iconUrl: 'http://api.localhost:4403/public/getTokenImage/SOL',
      },
      {
        name: 'USD Coin',
        symbol: 'USDC',
        chainId: devnet.caipNetworkId,
        address: `${devnet.caipNetworkId}:${devnet.usdcMint}`,
        value: 12.5,
        price: 1,
        quantity: { decimals: '6', numeric: '12.5' },
        iconUrl: 'http://api.localhost:4403/public/getTokenImage/USDC',
      },
    ])
    for (const symbol of ['SOL', 'USDC']) expect(TOKEN_IMAGE_FILES[symbol], symbol).toBeDefined()
    // Without chainId: every Solana cluster the API serves (here the one).
    expect((await balances(bob.address, '')).body).toEqual(body)
    const sender = await balances(alice.address)
    expect(sender.body.balances).toContainEqual(expect.objectContaining({ symbol: 'USDC', quantity: { decimals: '6', numeric: '9987.5' } }))
  })

  it('lists a mint it does not know under its own address, unpriced, after the known ones', async () => {
    const carol = await solanaDevnetSigner(5)
    const mint = await mintUnknownToken(carol, 1_500_000_000n)
    const items = (await balances(carol.address, `&chainId=${devnet.caipNetworkId}&forceUpdate=1`)).body.balances as { symbol: string }[]
    expect(items.map((item) => item.symbol)).toEqual(['SOL', 'USDC', `${mint.slice(0, 4)}…${mint.slice(-4)}`])
    expect(items[2]).toEqual({
      name: mint,
      symbol: `${mint.slice(0, 4)}…${mint.slice(-4)}`,
      chainId: devnet.caipNetworkId,
      address: `${devnet.caipNetworkId}:${mint}`,
      value: 0,
      price: 0,
      quantity: { decimals: '9', numeric: '1.5' },
      iconUrl: '',
    })
  })

  it('caches 30 s like the EVM balances; forceUpdate reads the cluster again', async () => {
    const dave = await generateKeyPairSigner()
    await transferSol(devnet, alice, dave.address, 1_000_000_000n)
    expect((await balances(dave.address)).body.balances).toMatchObject([{ symbol: 'SOL', quantity: { numeric: '1' } }])
    await transferSol(devnet, alice, dave.address, 1_000_000_000n)
    expect((await balances(dave.address)).body.balances).toMatchObject([{ symbol: 'SOL', quantity: { numeric: '1' } }])
    expect((await balances(dave.address, `&chainId=${devnet.caipNetworkId}&forceUpdate=1`)).body.balances).toMatchObject([
      { symbol: 'SOL', quantity: { numeric: '2' } },
    ])
    now += 31_000
    expect((await balances(dave.address)).body.balances).toMatchObject([{ symbol: 'SOL', quantity: { numeric: '2' } }])
  })

  it('400 for what is not a Solana address, with a message that says what is expected', async () => {
    for (const address of ['abc', `${alice.address}1`, alice.address.slice(0, -1), '0OIl'.repeat(11)]) {
      const { status, body } = await balances(encodeURIComponent(address))
      expect(status, address).toBe(400)
      expect(body.error).toBe('Invalid address: expected a Solana address (base58 of a 32-byte public key)')
    }
  })

  it('a cluster without an upstream answers { balances: [] } without any request, as an unsupported EVM chain does', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    try {
      for (const chainId of ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1', 'eip155:1']) {
        const { status, body } = await balances(alice.address, `&chainId=${chainId}&forceUpdate=1`)
        expect(status).toBe(200)
        expect(body).toEqual({ balances: [] })
      }
      expect(fetchSpy).not.toHaveBeenCalled()
    } finally {
      fetchSpy.mockRestore()
    }
  })

  it('502 when the cluster does not answer', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const down = mountV1(balanceRoutes(testDeps(createChainRegistry({ [devnet.caipNetworkId]: 'http://127.0.0.1:9' })), { dex: {} }))
    const res = await down.request(`/v1/account/${alice.address}/balance?chainId=${devnet.caipNetworkId}`)
    expect(res.status).toBe(502)
    expect(logged).toHaveBeenCalled()
    logged.mockRestore()
  })
})
