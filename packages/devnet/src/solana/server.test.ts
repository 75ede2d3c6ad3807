import { getTransferSolInstruction } from '@solana-program/system'
import {
  address,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  generateKeyPairSigner,
  getBase58Decoder,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  isSolanaError,
  lamports,
  sendAndConfirmTransactionFactory,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
  SOLANA_ERROR__TRANSACTION_ERROR__INSUFFICIENT_FUNDS_FOR_RENT,
  type Instruction,
  type KeyPairSigner,
  type Rpc,
  type SolanaRpcApi,
} from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  SOLANA_DEVNET_USDC_MINT,
  signInstructions,
  solanaDevnetSigner,
  startSolanaDevnet,
  transferSol,
  transferUsdc,
  type SolanaDevnet,
} from './index'

let devnet: SolanaDevnet
let rpc: Rpc<SolanaRpcApi>
let alice: KeyPairSigner
let bob: KeyPairSigner

beforeAll(async () => {
  devnet = await startSolanaDevnet({ port: 0 })
  rpc = createSolanaRpc(devnet.url)
  alice = await solanaDevnetSigner(0)
  bob = await solanaDevnetSigner(1)
})
afterAll(() => devnet.stop())

const SOL = 1_000_000_000n

/** ComputeBudget's SetComputeUnitPrice (discriminator 3, micro-lamports as u64 LE). */
function setComputeUnitPrice(microLamports: bigint) {
  const data = new Uint8Array(9)
  data[0] = 3
  new DataView(data.buffer).setBigUint64(1, microLamports, true)
  return { programAddress: address('ComputeBudget111111111111111111111111111111'), data }
}
const balance = async (who: string) => (await rpc.getBalance(address(who)).send()).value

async function usdcOf(owner: string): Promise<string | undefined> {
  const { value } = await rpc
    .getTokenAccountsByOwner(address(owner), { mint: address(SOLANA_DEVNET_USDC_MINT) }, { encoding: 'jsonParsed' })
    .send()
  return value[0]?.account.data.parsed.info.tokenAmount.uiAmountString
}

/** A signed SOL transfer that is not sent yet. */
const signedTransfer = (from: KeyPairSigner, to: string, amount: bigint, extra: Instruction[] = []) =>
  signInstructions(devnet, from, [
    ...extra,
    getTransferSolInstruction({ source: from, destination: address(to), amount: lamports(amount) }),
  ])

describe('the Solana devnet', () => {
  it('starts with every devnet account at 1000 SOL and 10,000 USDC, the fixed genesis hash and a USDC mint of 6 decimals', async () => {
    expect(await rpc.getGenesisHash().send()).toBe(devnet.genesisHash)
    expect(devnet.caipNetworkId).toBe(`solana:${devnet.genesisHash.slice(0, 32)}`)
    const { value } = await rpc.getMultipleAccounts(devnet.accounts.map((account) => address(account.address))).send()
    expect(value.map((account) => account?.lamports)).toEqual(devnet.accounts.map(() => 1000n * SOL))
    expect(await usdcOf(devnet.accounts[9]!.address)).toBe('10000')
    const mint = await rpc.getAccountInfo(address(devnet.usdcMint), { encoding: 'jsonParsed' }).send()
    expect(mint.value?.data).toMatchObject({
      program: 'spl-token',
      parsed: { type: 'mint', info: { decimals: 6, supply: '100000000000', isInitialized: true } },
    })
    expect(devnet.wsUrl).toBe(
      devnet.url.replace(/^http:(.*):(\d+)$/, (_all, host: string, port: string) => `ws:${host}:${Number(port) + 1}`),
    )
  })

  it('sends and confirms a SOL transfer with @solana/kit (WebSocket confirmation), charging 5000 lamports', async () => {
    const [aliceBefore, bobBefore, slotBefore] = [await balance(alice.address), await balance(bob.address), await rpc.getSlot().send()]
    const { value: blockhashBefore } = await rpc.getLatestBlockhash().send()
    const transaction = await signedTransfer(alice, bob.address, 3n * SOL)
    const started = performance.now()
    await sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions: createSolanaRpcSubscriptions(devnet.wsUrl) })(transaction, {
      commitment: 'confirmed',
    })
    expect(performance.now() - started).toBeLessThan(2000)
    expect(await balance(bob.address)).toBe(bobBefore + 3n * SOL)
    expect(await balance(alice.address)).toBe(aliceBefore - 3n * SOL - 5000n)
    // A slot per transaction and a new blockhash, but the old one is still valid (150 blocks, as on a cluster).
    expect(await rpc.getSlot().send()).toBe(slotBefore + 1n)
    const { value: blockhashAfter } = await rpc.getLatestBlockhash().send()
    expect(blockhashAfter.blockhash).not.toBe(blockhashBefore.blockhash)
    expect((await rpc.isBlockhashValid(blockhashBefore.blockhash).send()).value).toBe(true)
    const { value: statuses } = await rpc.getSignatureStatuses([getSignatureFromTransaction(transaction)]).send()
    expect(statuses[0]).toMatchObject({ err: null, confirmationStatus: 'finalized', slot: slotBefore })
  })

  it('creates a token account and moves USDC; getTokenAccountsByOwner shows both sides', async () => {
    const fresh = await generateKeyPairSigner()
    await transferUsdc(devnet, alice, fresh.address, 25_500_000n)
    expect(await usdcOf(fresh.address)).toBe('25.5')
    expect(await usdcOf(alice.address)).toBe('9974.5')
    const byProgram = await rpc
      .getTokenAccountsByOwner(
        address(fresh.address),
        { programId: address('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA') },
        { encoding: 'jsonParsed' },
      )
      .send()
    expect(byProgram.value).toHaveLength(1)
    expect((await rpc.getTokenAccountBalance(byProgram.value[0]!.pubkey).send()).value).toMatchObject({
      amount: '25500000',
      decimals: 6,
      uiAmountString: '25.5',
    })
  })

  it('refuses a transfer that would leave a new account below rent, with the program logs and a readable message', async () => {
    const fresh = await generateKeyPairSigner()
    const before = await balance(alice.address)
    const transaction = await signedTransfer(alice, fresh.address, 100_000n) // 0.0001 SOL
    const error = await sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions: createSolanaRpcSubscriptions(devnet.wsUrl) })(
      transaction,
      {
        commitment: 'confirmed',
      },
    ).catch((caught: unknown) => caught)
    expect(isSolanaError(error, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE)).toBe(true)
    const cause = (error as Error).cause
    expect(isSolanaError(cause, SOLANA_ERROR__TRANSACTION_ERROR__INSUFFICIENT_FUNDS_FOR_RENT)).toBe(true)
    expect((cause as { context: { accountIndex: number } }).context.accountIndex).toBe(1)
    // The raw answer, as web3.js and the widget read it.
    const raw = await postRpc('sendTransaction', [
      getBase64EncodedWireTransaction(await signedTransfer(alice, fresh.address, 100_001n)),
      { encoding: 'base64' },
    ])
    expect(raw.error.code).toBe(-32002)
    expect(raw.error.message).toContain('Transaction results in an account (1) with insufficient funds for rent')
    expect(raw.error.message).toContain(fresh.address)
    expect(raw.error.message).toContain('0.00089088 SOL')
    expect(raw.error.data).toMatchObject({ err: { InsufficientFundsForRent: { account_index: 1 } } })
    expect(raw.error.data.logs).toContain('Program 11111111111111111111111111111111 success')
    expect(await balance(alice.address)).toBe(before) // a failed preflight costs nothing
    expect(await balance(fresh.address)).toBe(0n)
  })

  it('with skipPreflight the failing transfer lands as failed and pays its fee', async () => {
    const fresh = await generateKeyPairSigner()
    const before = await balance(alice.address)
    const transaction = await signedTransfer(alice, fresh.address, 1000n)
    const { result: signature } = await postRpc('sendTransaction', [
      getBase64EncodedWireTransaction(transaction),
      { encoding: 'base64', skipPreflight: true },
    ])
    expect(signature).toBe(getSignatureFromTransaction(transaction))
    const { value } = await rpc.getSignatureStatuses([signature]).send()
    expect(value[0]?.err).toEqual({ InsufficientFundsForRent: { account_index: 1n } })
    expect(await balance(alice.address)).toBe(before - 5000n)
    expect(await balance(fresh.address)).toBe(0n)
  })

  it('lists history newest first with before/until/limit, and getTransaction shows fees, balances and token balances', async () => {
    const carol = await generateKeyPairSigner()
    const solSignature = await transferSol(devnet, alice, carol.address, 2n * SOL)
    const usdcSignature = await transferUsdc(devnet, alice, carol.address, 7_000_000n)
    const history = await rpc.getSignaturesForAddress(carol.address).send()
    expect(history.map((entry) => entry.signature)).toEqual([usdcSignature, solSignature])
    expect(history[0]!.slot).toBeGreaterThan(history[1]!.slot)
    expect(Math.abs(Number(history[0]!.blockTime) - Date.now() / 1000)).toBeLessThan(30)
    expect((await rpc.getSignaturesForAddress(carol.address, { limit: 1 }).send()).map((entry) => entry.signature)).toEqual([usdcSignature])
    expect((await rpc.getSignaturesForAddress(carol.address, { before: usdcSignature }).send()).map((entry) => entry.signature)).toEqual([
      solSignature,
    ])
    expect((await rpc.getSignaturesForAddress(carol.address, { until: solSignature }).send()).map((entry) => entry.signature)).toEqual([
      usdcSignature,
    ])
    // Alice's own list has both too, after everything the earlier tests sent.
    expect((await rpc.getSignaturesForAddress(alice.address, { limit: 2 }).send()).map((entry) => entry.signature)).toEqual([
      usdcSignature,
      solSignature,
    ])

    const sol = await rpc.getTransaction(solSignature, { encoding: 'json', maxSupportedTransactionVersion: 0 }).send()
    const keys = sol!.transaction.message.accountKeys
    const carolIndex = keys.indexOf(carol.address)
    const aliceIndex = keys.indexOf(alice.address)
    expect(sol!.meta!.fee).toBe(5000n)
    expect(sol!.meta!.preBalances[carolIndex]).toBe(0n)
    expect(sol!.meta!.postBalances[carolIndex]).toBe(2n * SOL)
    expect(sol!.meta!.preBalances[aliceIndex]! - sol!.meta!.postBalances[aliceIndex]!).toBe(2n * SOL + 5000n)
    expect(sol!.meta!.logMessages).toContain('Program 11111111111111111111111111111111 success')

    const usdc = await rpc.getTransaction(usdcSignature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 }).send()
    expect(usdc!.meta!.err).toBeNull()
    const received = usdc!.meta!.postTokenBalances!.find((entry) => entry.owner === carol.address)
    expect(received).toMatchObject({
      mint: SOLANA_DEVNET_USDC_MINT,
      uiTokenAmount: { amount: '7000000', decimals: 6, uiAmountString: '7' },
    })
    expect(usdc!.meta!.preTokenBalances!.find((entry) => entry.owner === carol.address)).toBeUndefined() // the account was created here
    const sent = usdc!.meta!.preTokenBalances!.find((entry) => entry.owner === alice.address)!
    const left = usdc!.meta!.postTokenBalances!.find((entry) => entry.owner === alice.address)!
    expect(BigInt(sent.uiTokenAmount.amount) - BigInt(left.uiTokenAmount.amount)).toBe(7_000_000n)
    const [createAta, transfer] = usdc!.transaction.message.instructions as readonly {
      parsed: { type: string; info: Record<string, unknown> }
    }[]
    expect(createAta!.parsed.type).toBe('createIdempotent')
    expect(transfer!.parsed).toMatchObject({
      type: 'transferChecked',
      info: { authority: alice.address, mint: SOLANA_DEVNET_USDC_MINT, tokenAmount: { uiAmountString: '7' } },
    })
    // The ATA program's inner calls (create the account, initialize it), as a node reports them.
    expect(usdc!.meta!.innerInstructions![0]!.instructions.length).toBeGreaterThan(0)

    // A v0 transaction needs maxSupportedTransactionVersion, as on a node.
    const old = await postRpc('getTransaction', [solSignature, { encoding: 'json' }])
    expect(old.error).toMatchObject({ code: -32015 })
    expect(await rpc.getTransaction('1'.repeat(64) as never).send()).toBeNull()
  })

  it('charges exactly getFeeForMessage, a priority fee included', async () => {
    const fresh = await generateKeyPairSigner()
    const transaction = await signedTransfer(alice, fresh.address, SOL, [setComputeUnitPrice(1_000_000n)])
    const quoted = await postRpc('getFeeForMessage', [Buffer.from(transaction.messageBytes).toString('base64')])
    const signature = (await postRpc('sendTransaction', [getBase64EncodedWireTransaction(transaction), { encoding: 'base64' }])).result
    const landed = await rpc.getTransaction(signature, { encoding: 'json', maxSupportedTransactionVersion: 0 }).send()
    expect(landed!.meta!.fee).toBe(BigInt(quoted.result.value))
    expect(landed!.meta!.fee).toBeGreaterThan(5000n)
    const fees = await rpc.getRecentPrioritizationFees([alice.address]).send()
    expect(fees).toContainEqual({ slot: landed!.slot, prioritizationFee: 1_000_000n })
  })

  it('answers the cluster calls as a node does', async () => {
    expect(await rpc.getHealth().send()).toBe('ok')
    expect(await rpc.getVersion().send()).toEqual({
      'feature-set': expect.any(Number),
      'solana-core': expect.stringMatching(/^\d+\.\d+\.\d+$/),
    })
    const [slot, height, epoch] = [await rpc.getSlot().send(), await rpc.getBlockHeight().send(), await rpc.getEpochInfo().send()]
    expect(height).toBe(slot)
    expect(epoch).toMatchObject({ absoluteSlot: slot, blockHeight: slot, epoch: 0n, slotIndex: slot, slotsInEpoch: 432_000n })
    expect(epoch.transactionCount).toBeGreaterThan(0n)
    expect(await rpc.getMinimumBalanceForRentExemption(0n).send()).toBe(890_880n)
    const { value: latest } = await rpc.getLatestBlockhash().send()
    expect(latest.lastValidBlockHeight).toBe(slot + 150n)
    expect((await rpc.isBlockhashValid('11111111111111111111111111111111' as never).send()).value).toBe(false)
  })

  it('simulates without signatures (fee and compute estimates) and changes nothing', async () => {
    const fresh = await generateKeyPairSigner()
    const before = await balance(alice.address)
    const unsigned = (amount: bigint) =>
      signedTransfer(alice, fresh.address, amount).then((signed) =>
        Buffer.concat([Buffer.from([1]), Buffer.alloc(64), Buffer.from(signed.messageBytes)]).toString('base64'),
      )
    const config = { encoding: 'base64', replaceRecentBlockhash: true, accounts: { addresses: [fresh.address], encoding: 'base64' } }
    const ok = (await postRpc('simulateTransaction', [await unsigned(SOL), config])).result.value
    expect(ok).toMatchObject({
      err: null,
      accounts: [{ lamports: 1_000_000_000 }],
      replacementBlockhash: { blockhash: expect.any(String) },
    })
    expect(ok.unitsConsumed).toBeGreaterThan(0)
    expect(ok.logs).toContain('Program 11111111111111111111111111111111 success')
    const rent = (await postRpc('simulateTransaction', [await unsigned(10n), config])).result.value
    expect(rent.err).toEqual({ InsufficientFundsForRent: { account_index: 1 } })
    // With sigVerify the missing signature is refused, as sendTransaction would.
    const verified = await postRpc('simulateTransaction', [await unsigned(SOL), { encoding: 'base64', sigVerify: true }])
    expect(verified.error.code).toBe(-32003)
    expect(await balance(alice.address)).toBe(before)
    expect(await balance(fresh.address)).toBe(0n)
  })

  it("takes base58 transactions too (a node's default encoding)", async () => {
    const fresh = await generateKeyPairSigner()
    const signed = await signedTransfer(alice, fresh.address, SOL)
    const base58Wire = getBase58Decoder().decode(Buffer.from(getBase64EncodedWireTransaction(signed), 'base64'))
    const { result } = await postRpc('sendTransaction', [base58Wire])
    expect(result).toBe(getSignatureFromTransaction(signed))
    expect(await balance(fresh.address)).toBe(SOL)
  })

  it('airdrops from the faucet as an ordinary transaction', async () => {
    const fresh = await generateKeyPairSigner()
    const signature = await rpc.requestAirdrop(fresh.address, lamports(5n * SOL)).send()
    expect(await balance(fresh.address)).toBe(5n * SOL)
    expect((await rpc.getSignaturesForAddress(fresh.address).send()).map((entry) => entry.signature)).toEqual([signature])
    expect((await postRpc('requestAirdrop', [fresh.address, 2_000_000_000_000])).error.code).toBe(-32602)
  })

  it('refuses forged, unsigned and tampered transactions with -32003 and moves nothing', async () => {
    const before = await balance(bob.address)
    const mallory = await generateKeyPairSigner()
    // Bob's money, signed by Mallory's key.
    const { messageBytes } = await signedTransfer(bob, mallory.address, SOL)
    const forgedSignature = await crypto.subtle.sign(
      'Ed25519',
      mallory.keyPair.privateKey,
      messageBytes as unknown as Uint8Array<ArrayBuffer>,
    )
    const wire = (signature: Uint8Array) =>
      Buffer.concat([Buffer.from([1]), Buffer.from(signature), Buffer.from(messageBytes)]).toString('base64')
    for (const signature of [new Uint8Array(forgedSignature), new Uint8Array(64)]) {
      const answer = await postRpc('sendTransaction', [wire(signature), { encoding: 'base64' }])
      expect(answer.error).toMatchObject({ code: -32003, message: 'Transaction signature verification failure' })
    }
    // A correctly signed transfer whose amount was changed afterwards (the byte before the v0
    // message's lookup-table count is the top byte of the lamports).
    const signed = Buffer.from(getBase64EncodedWireTransaction(await signedTransfer(bob, mallory.address, SOL)), 'base64')
    signed[signed.length - 2]! ^= 1
    expect((await postRpc('sendTransaction', [signed.toString('base64'), { encoding: 'base64', skipPreflight: true }])).error.code).toBe(
      -32003,
    )
    expect(await balance(bob.address)).toBe(before)
    expect(await balance(mallory.address)).toBe(0n)
  })
})

/** A raw JSON-RPC call (what web3.js, curl and the widget see). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
async function postRpc(method: string, params: unknown[]): Promise<any> {
  const response = await fetch(devnet.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return response.json()
}
