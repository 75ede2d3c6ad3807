import { HistoryResponse as ProtocolHistoryResponse, type HistoryTransaction } from '@airlock/protocol'
import {
  sendInstructions,
  signInstructions,
  solanaDevnetSigner,
  startSolanaDevnet,
  transferSol,
  transferUsdc,
  type SolanaDevnet,
} from '@airlock/devnet/solana'
import { getTransferSolInstruction } from '@solana-program/system'
import { findAssociatedTokenPda, getTransferCheckedInstruction, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { address, generateKeyPairSigner, getBase64EncodedWireTransaction, lamports, type KeyPairSigner } from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createChainRegistry } from '../../chains/registry'
import { encodeCursor } from './cursor'
import { mountV1, testDeps } from '../prices/test-support'
import { purchaseHistory } from '../onramp/history'
import { historyRoutes } from './routes'

let devnet: SolanaDevnet
let alice: KeyPairSigner
let carol: KeyPairSigner
let app: ReturnType<typeof mountV1>
const sent: { sol: string; usdc: string; usdcBack: string; failed: string } = { sol: '', usdc: '', usdcBack: '', failed: '' }

/** A transfer that fails on chain (below rent for a new account), sent with skipPreflight so that it lands as failed. */
async function landFailedTransfer(from: KeyPairSigner): Promise<string> {
  const stranger = await generateKeyPairSigner()
  const transfer = getTransferSolInstruction({ source: from, destination: stranger.address, amount: lamports(1000n) })
  const wire = getBase64EncodedWireTransaction(await signInstructions(devnet, from, [transfer]))
  const res = await fetch(devnet.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'sendTransaction', params: [wire, { encoding: 'base64', skipPreflight: true }] }),
  })
  return ((await res.json()) as { result: string }).result
}

beforeAll(async () => {
  devnet = await startSolanaDevnet({ port: 0 })
  alice = await solanaDevnetSigner(0)
  carol = await generateKeyPairSigner()
  const deps = testDeps(createChainRegistry({ [devnet.caipNetworkId]: devnet.url }))
  app = mountV1(historyRoutes(deps, { purchases: purchaseHistory(deps.db) }))
  sent.sol = await transferSol(devnet, alice, carol.address, 2_000_000_000n)
  sent.usdc = await transferUsdc(devnet, alice, carol.address, 7_000_000n)
  // Back to Alice with a bare transferChecked: her wallet is not among its accounts, only her token account is.
  const mint = address(devnet.usdcMint)
  const [source] = await findAssociatedTokenPda({ owner: carol.address, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
  const [destination] = await findAssociatedTokenPda({ owner: alice.address, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
  sent.usdcBack = await sendInstructions(devnet, carol, [
    getTransferCheckedInstruction({ source, mint, destination, authority: carol, amount: 1_250_000n, decimals: 6 }),
  ])
  sent.failed = await landFailedTransfer(carol)
})
afterAll(() => devnet.stop())

async function history(account: string, query = `chainId=${devnet.caipNetworkId}`) {
  const res = await app.request(`/v1/account/${account}/history?${query}`)
  const body = (await res.json()) as { data: HistoryTransaction[]; next: string | null; error?: string }
  if (res.status === 200) expect(ProtocolHistoryResponse.parse(body)).toEqual(body) // the widget's own schema
  return { status: res.status, body }
}

describe('GET /v1/account/:account/history for Solana', () => {
  it("lists the account's SOL and USDC transfers newest first, with directions, amounts, prices and parties", async () => {
    const { status, body } = await history(carol.address)
    expect(status).toBe(200)
    expect(body.next).toBeNull()
    expect(body.data.map((tx) => tx.metadata.hash)).toEqual([sent.failed, sent.usdcBack, sent.usdc, sent.sol])
    const [failed, usdcBack, usdc, sol] = body.data as [HistoryTransaction, HistoryTransaction, HistoryTransaction, HistoryTransaction]
    expect(sol).toMatchObject({
      id: `${sent.sol}:${devnet.caipNetworkId}`,
      metadata: {
        operationType: 'receive',
        hash: sent.sol,
        sentFrom: alice.address,
        sentTo: carol.address,
        status: 'confirmed',
        nonce: 0,
        chain: devnet.caipNetworkId,
      },
      transfers: [{ fungible_info: { name: 'Solana', symbol: 'SOL' }, direction: 'in', quantity: { numeric: '2' }, price: 0, value: 0 }],
    })
    expect(Math.abs(Date.parse(sol.metadata.minedAt) - Date.now())).toBeLessThan(60_000)
    expect(usdc).toMatchObject({
      metadata: { operationType: 'receive', sentFrom: alice.address, sentTo: carol.address, status: 'confirmed' },
      transfers: [{ fungible_info: { name: 'USD Coin', symbol: 'USDC' }, direction: 'in', quantity: { numeric: '7' }, price: 1, value: 7 }],
    })
    expect(usdcBack).toMatchObject({
      metadata: { operationType: 'send', sentFrom: carol.address, sentTo: alice.address },
      transfers: [{ fungible_info: { symbol: 'USDC' }, direction: 'out', quantity: { numeric: '1.25' }, price: 1, value: 1.25 }],
    })
    // A failed transaction moved nothing but its fee.
    expect(failed).toMatchObject({ metadata: { status: 'failed', operationType: 'execute', sentFrom: carol.address }, transfers: [] })
  })

  it("shows the sender's side as out, and a token received into its token account even when the wallet is not in the transaction", async () => {
    const { body } = await history(alice.address, `chainId=${devnet.caipNetworkId}&limit=10`)
    const byHash = new Map(body.data.map((tx) => [tx.metadata.hash, tx]))
    expect(byHash.get(sent.usdcBack)).toMatchObject({
      metadata: { operationType: 'receive', sentFrom: carol.address, sentTo: alice.address },
      transfers: [{ fungible_info: { symbol: 'USDC' }, direction: 'in', quantity: { numeric: '1.25' } }],
    })
    // Sending USDC to a wallet without a token account also paid that account's rent deposit.
    expect(byHash.get(sent.usdc)?.transfers).toEqual([
      expect.objectContaining({
        fungible_info: expect.objectContaining({ symbol: 'SOL' }),
        direction: 'out',
        quantity: { numeric: '0.00203928' },
      }),
      expect.objectContaining({ fungible_info: expect.objectContaining({ symbol: 'USDC' }), direction: 'out', quantity: { numeric: '7' } }),
    ])
    expect(byHash.get(sent.sol)).toMatchObject({
      metadata: { operationType: 'send' },
      transfers: [{ direction: 'out', quantity: { numeric: '2' } }],
    })
  })

  it('pages by signature: every transaction exactly once, newest first; the CAIP-10 account form works the same', async () => {
    const dave = await generateKeyPairSigner()
    const hashes: string[] = []
    for (let i = 1; i <= 12; i++) hashes.unshift(await transferSol(devnet, alice, dave.address, 1_000_000_000n + BigInt(i)))
    const first = await history(`${devnet.caipNetworkId}:${dave.address}`, 'limit=10')
    expect(first.body.data.map((tx) => tx.metadata.hash)).toEqual(hashes.slice(0, 10))
    expect(first.body.next).toBe(hashes[9])
    const second = await history(dave.address, `chainId=${devnet.caipNetworkId}&limit=10&cursor=${first.body.next}`)
    expect(second.body.data.map((tx) => tx.metadata.hash)).toEqual(hashes.slice(10))
    expect(second.body.next).toBeNull()
    // Without chainId: the one cluster the API serves.
    expect((await history(dave.address, 'limit=10')).body).toEqual(first.body)
  })

  it('400 for a bad account, a bad cursor or a chainId that contradicts the account', async () => {
    const cases = [
      [`abc`, `chainId=${devnet.caipNetworkId}`],
      // '0' is not a base58 digit (an appended one could still decode to 32 bytes).
      [`${carol.address.slice(0, -1)}0`, `chainId=${devnet.caipNetworkId}`],
      [`solana:${devnet.caipNetworkId.split(':')[1]}:0x1234`, ''],
      [carol.address, `chainId=${devnet.caipNetworkId}&cursor=bogus`],
      [
        carol.address,
        `chainId=${devnet.caipNetworkId}&cursor=${encodeCursor({ kind: 't', minedAt: new Date().toISOString(), chain: 'eip155:1', block: '1', txIndex: 0 })}`,
      ],
      [carol.address, `chainId=${devnet.caipNetworkId}&cursor=${sent.sol.slice(0, 40)}`],
      [`${devnet.caipNetworkId}:${carol.address}`, 'chainId=solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'],
    ]
    for (const [account, query] of cases) {
      const { status, body } = await history(encodeURIComponent(account!), query)
      expect(status, `${account} ${query}`).toBe(400)
      expect(body.error).toEqual(expect.any(String))
    }
  })

  it('a cluster without an upstream answers an empty page without any request, as an unsupported EVM chain does', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch')
    try {
      for (const query of ['chainId=solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'chainId=eip155:1']) {
        const { status, body } = await history(carol.address, query)
        expect(status).toBe(200)
        expect(body).toEqual({ data: [], next: null })
      }
      expect(fetchSpy).not.toHaveBeenCalled()
    } finally {
      fetchSpy.mockRestore()
    }
  })
})
