import { startMailSink, type MailSink } from '@airlock/devnet/mail'
import {
  SOLANA_DEVNET_USDC_DECIMALS,
  SOLANA_DEVNET_USDC_MINT,
  solanaDevnetSigner,
  startSolanaDevnet,
  transferSol,
  transferUsdc,
  type SolanaDevnet,
} from '@airlock/devnet/solana'
import { RpcErrorCode, type FrameRpcRequest } from '@airlock/protocol'
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstructionAsync,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import {
  address,
  appendTransactionMessageInstructions,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getCompiledTransactionMessageEncoder,
  compileTransactionMessage,
  getTransactionDecoder,
  partiallySignTransaction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Instruction,
  type KeyPairSigner,
  type Signature,
} from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiApp } from '../../../api/src/origins/api/app'
import { smtpMailer } from '../../../api/src/platform/mail/mailer'
import { createMemoryProjectRegistry } from '../../../api/src/platform/projects/registry'
import { decodeRequest, loadView } from '../families/views'
import { wireTransaction } from '../testing/solanaTransactions'
import { API, frameDevice, jarFor, openCustody, ORIGIN, signInByEmail, type Custody } from '../testing/frameDevice'
import { SolanaClusterMessage } from '../families/solana/cluster'
import { SolanaRpcMessage } from '../families/solana/prepare'
import { createSolanaSender, SenderMessage } from '../families/solana/sender'

/**
 * The embedded wallet's Solana account end to end: the frame (real custody servers) signs what the
 * user approved, and sends through the real API's RPC proxy to the Solana devnet (litesvm).
 */
const SOL = 1_000_000_000n
let devnet: SolanaDevnet
let sink: MailSink
let custody: Custody
let funder: KeyPairSigner
let rpc: ReturnType<typeof createSolanaRpc>
let counter = 0

beforeAll(async () => {
  ;[devnet, sink] = await Promise.all([startSolanaDevnet({ port: 0 }), startMailSink({ smtpPort: 0, httpPort: 0 })])
  custody = await openCustody({ mailer: smtpMailer(sink.smtpUrl), now: Date.now })
  funder = await solanaDevnetSigner(0)
  rpc = createSolanaRpc(devnet.url)
}, 30_000)
afterAll(async () => {
  await Promise.all([custody?.close(), sink?.stop(), devnet?.stop()])
})

/** A signed-in frame whose sends go through the API's RPC proxy (as the secure origin's page calls it: CORS, Origin). */
async function signedInFrame() {
  const api = createApiApp({
    origins: { widget: 'http://widget.localhost:4401', api: API, secure: ORIGIN },
    projects: createMemoryProjectRegistry([{ id: 'demo', name: 'Demo', allowedOrigins: [], features: { analytics: false } }]),
    rpcUpstreams: { [devnet.caipNetworkId]: devnet.url },
    rateLimit: false,
  })
  const device = frameDevice(custody, { storage: 'indexeddb', solana: createSolanaSender({ apiUrl: API, fetch: jarFor(api).fetch }) })
  const frame = device.load()
  expect(await signInByEmail(sink, frame, `solana${++counter}.${Date.now()}@example.com`)).toEqual({ action: 'CONNECT' })
  const user = await frame.getUser({ chainId: 31337 })
  await frame.syncDappData({ origin: 'http://dapp.localhost:4400', sdkType: 'airlock', sdkVersion: '0.1.0', projectId: 'demo' })
  const me = user.addresses!.solana!
  let id = 0
  /** A confirmation request for the devnet cluster (`null`: naming none). */
  const request = async (method: string, params: unknown, chainId: FrameRpcRequest['chainId'] | null = devnet.caipNetworkId) =>
    frame.rpcRequest({ id: `s${++id}`, method, params, ...(chainId !== null ? { chainId } : {}) })
  return { frame, device, user, me, request }
}

/** A transaction of `instructions` paid by `feePayer`, unsigned, base64 (as a dapp hands it to the wallet), on the latest blockhash. */
async function unsigned(feePayer: string, instructions: readonly Instruction[], version: 0 | 'legacy' = 0) {
  const { value: lifetime } = await rpc.getLatestBlockhash().send()
  return wireTransaction(instructions, { feePayer: address(feePayer), version, lifetime })
}

const balance = async (account: string) => (await rpc.getBalance(address(account)).send()).value
const tokenBalance = async (owner: string) => {
  const [ata] = await findAssociatedTokenPda({
    owner: address(owner),
    mint: address(SOLANA_DEVNET_USDC_MINT),
    tokenProgram: TOKEN_PROGRAM_ADDRESS,
  })
  return BigInt((await rpc.getTokenAccountBalance(ata).send()).value.amount)
}
const landed = async (signature: string) => {
  const { value } = await rpc.getSignatureStatuses([signature as Signature]).send()
  return value[0]
}

describe('the embedded wallet on Solana', () => {
  it('tells the widget its Solana address, and signs a message the address verifies (ed25519)', async () => {
    const { me, user, request, device } = await signedInFrame()
    expect(user.addresses).toEqual({ eip155: user.address, solana: me, bip122: expect.any(Object), polkadot: expect.any(Object) })
    expect(base58.decode(me)).toHaveLength(32)
    const text = new TextEncoder().encode('Sign in to Example\nNonce: 7')
    const answer = (await request('solana_signMessage', { message: base58.encode(text), pubkey: me })) as { signature: string }
    expect(ed25519.verify(base58.decode(answer.signature), text, base58.decode(me))).toBe(true)
    // The user was shown exactly this, for this cluster and account.
    expect(device.asked.at(-1)).toMatchObject({
      method: 'solana_signMessage',
      params: { message: base58.encode(text), pubkey: me },
      chainId: devnet.caipNetworkId,
      from: me,
    })
    // The bare genesis-hash reference names the cluster too.
    await request('solana_signMessage', { message: base58.encode(text), pubkey: me }, devnet.caipNetworkId.slice('solana:'.length))
    expect(device.asked.at(-1)?.chainId).toBe(devnet.caipNetworkId)
  })

  it('sends a SOL transfer (v0) it signed through the RPC proxy: it lands, and costs the amount plus the fee it showed', async () => {
    const { me, request, device } = await signedInFrame()
    await transferSol(devnet, funder, me, 2n * SOL)
    const recipient = (await generateKeyPairSigner()).address
    const transaction = await unsigned(me, [
      getTransferSolInstruction({ source: createNoopSigner(address(me)), destination: recipient, amount: SOL / 2n }),
    ])
    const { signature } = (await request('solana_signAndSendTransaction', { transaction })) as { signature: string }
    expect((await landed(signature))?.err).toBeNull()
    expect(await balance(recipient)).toBe(SOL / 2n)
    await loadView('solana:')
    const shown = decodeRequest(device.asked.at(-1)!)
    if (shown.kind !== 'solanaTransaction') throw new Error(`decoded as ${shown.kind}`)
    expect(shown.transaction.instructions[0]).toMatchObject({ kind: 'solTransfer', amountText: '0.5 SOL', to: { address: recipient } })
    // One signature, no priority fee: 5,000 lamports, as shown.
    expect(2n * SOL - SOL / 2n - (await balance(me))).toBe(5000n)
    expect(shown.transaction).toMatchObject({ feeText: '0.000005 SOL', feeIsMax: false, feePayer: me })
  })

  it('signs a USDC transferChecked (legacy) for the dapp to send: it lands and moves the tokens', async () => {
    const { me, request } = await signedInFrame()
    await transferSol(devnet, funder, me, SOL)
    await transferUsdc(devnet, funder, me, 25_000_000n)
    const recipient = (await generateKeyPairSigner()).address
    const mint = address(SOLANA_DEVNET_USDC_MINT)
    const owner = createNoopSigner(address(me))
    const [source] = await findAssociatedTokenPda({ owner: owner.address, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
    const [destination] = await findAssociatedTokenPda({ owner: recipient, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
    const transaction = await unsigned(
      me,
      [
        await getCreateAssociatedTokenIdempotentInstructionAsync({ payer: owner, owner: recipient, mint }),
        getTransferCheckedInstruction({
          source,
          mint,
          destination,
          authority: owner,
          amount: 7_500_000n,
          decimals: SOLANA_DEVNET_USDC_DECIMALS,
        }),
      ],
      'legacy',
    )
    const signed = (await request('solana_signTransaction', { transaction })) as { signature: string; transaction: string }
    const sent = await rpc.sendTransaction(signed.transaction as never, { encoding: 'base64' }).send()
    expect(sent).toBe(signed.signature)
    expect((await landed(sent))?.err).toBeNull()
    expect(await tokenBalance(recipient)).toBe(7_500_000n)
    expect(await tokenBalance(me)).toBe(17_500_000n)
  })

  it('signs its part of a transaction another account pays for; sending it half-signed is refused before the user is asked', async () => {
    const { me, request, device } = await signedInFrame()
    await transferSol(devnet, funder, me, SOL)
    const payer = await solanaDevnetSigner(1)
    const recipient = (await generateKeyPairSigner()).address
    const transaction = await unsigned(payer.address, [
      getTransferSolInstruction({ source: createNoopSigner(address(me)), destination: recipient, amount: SOL / 4n }),
    ])
    const asked = device.asked.length
    await expect(request('solana_signAndSendTransaction', { transaction })).rejects.toMatchObject({
      code: RpcErrorCode.InvalidParams,
      message: SolanaRpcMessage.missingSignatures(1),
    })
    expect(device.asked).toHaveLength(asked)
    const ours = (await request('solana_signTransaction', { transaction })) as { signature: string; transaction: string }
    const half = getTransactionDecoder().decode(Buffer.from(ours.transaction, 'base64'))
    expect(half.signatures[payer.address]).toBeNull()
    expect(base58.encode(half.signatures[address(me)]!)).toBe(ours.signature)
    const whole = await partiallySignTransaction([payer.keyPair], half)
    const sent = await rpc.sendTransaction(getBase64EncodedWireTransaction(whole), { encoding: 'base64' }).send()
    expect((await landed(sent))?.err).toBeNull()
    expect(await balance(recipient)).toBe(SOL / 4n)
    expect(await balance(me)).toBe(SOL - SOL / 4n) // the payer paid the fee
  })

  it('refuses (4100) a transaction this wallet is not a signer of, and a message signed for another account, without asking', async () => {
    const { me, request, device } = await signedInFrame()
    const stranger = await solanaDevnetSigner(2)
    const transaction = await unsigned(stranger.address, [
      getTransferSolInstruction({ source: stranger, destination: address(me), amount: 1n }),
    ])
    for (const method of ['solana_signTransaction', 'solana_signAndSendTransaction'])
      await expect(request(method, { transaction })).rejects.toMatchObject({ code: 4100, message: SolanaRpcMessage.notSigner })
    await expect(request('solana_signMessage', { message: '3yZe7d', pubkey: stranger.address })).rejects.toMatchObject({
      code: 4100,
      message: SolanaRpcMessage.otherAccount,
    })
    expect(device.asked).toHaveLength(0)
  })

  it('answers a failed preflight with the node’s message (rent), and spends nothing', async () => {
    const { me, request } = await signedInFrame()
    await transferSol(devnet, funder, me, SOL)
    const fresh = (await generateKeyPairSigner()).address
    const transaction = await unsigned(me, [
      getTransferSolInstruction({ source: createNoopSigner(address(me)), destination: fresh, amount: 1000n }),
    ])
    const error = (await request('solana_signAndSendTransaction', { transaction }).catch((caught: unknown) => caught)) as {
      code: number
      message: string
      data?: { logs?: string[] }
      stack?: string
    }
    expect(error.code).toBe(-32002)
    expect(error.message).toMatch(/^The network refused the transaction: .*insufficient funds for rent/)
    expect(error.message).toContain(fresh)
    expect(error.message).not.toMatch(/\n\s+at /)
    expect(error.data?.logs).toContain('Program 11111111111111111111111111111111 success')
    expect(await balance(me)).toBe(SOL)
    expect(await balance(fresh)).toBe(0n)
  })

  it('refuses what is not a transaction, a transaction message dressed as a message, and a request without its cluster', async () => {
    const { me, request, device } = await signedInFrame()
    for (const transaction of ['AAAAAAAA', Buffer.from('not a transaction at all').toString('base64')])
      await expect(request('solana_signTransaction', { transaction })).rejects.toMatchObject({
        code: RpcErrorCode.InvalidParams,
        message: 'The transaction does not deserialize',
      })
    await expect(request('solana_signTransaction', { transaction: '!!!!' })).rejects.toMatchObject({ code: RpcErrorCode.InvalidParams })
    await expect(request('solana_signTransaction', { transaction: 'A'.repeat(2000) })).rejects.toMatchObject({
      code: RpcErrorCode.InvalidParams,
    })
    // Bytes after the message would be signed and never read.
    const transaction = await unsigned(me, [
      getTransferSolInstruction({ source: createNoopSigner(address(me)), destination: address(me), amount: 1n }),
    ])
    const padded = Buffer.concat([Buffer.from(transaction, 'base64'), Buffer.from([1, 2, 3])]).toString('base64')
    await expect(request('solana_signTransaction', { transaction: padded })).rejects.toMatchObject({
      message: 'The transaction has bytes after its message',
    })
    // A "message" that is a transaction message this wallet signs: signing it would sign the transfer blind.
    const messageBytes = getCompiledTransactionMessageEncoder().encode(
      compileTransactionMessage(
        pipe(
          createTransactionMessage({ version: 0 }),
          (m) => setTransactionMessageFeePayer(address(me), m),
          (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: devnet.genesisHash as never, lastValidBlockHeight: 0n }, m),
          (m) =>
            appendTransactionMessageInstructions(
              [getTransferSolInstruction({ source: createNoopSigner(address(me)), destination: funder.address, amount: SOL })],
              m,
            ),
        ),
      ),
    )
    await expect(request('solana_signMessage', { message: base58.encode(new Uint8Array(messageBytes)), pubkey: me })).rejects.toMatchObject(
      {
        code: RpcErrorCode.InvalidParams,
        message: SolanaRpcMessage.transactionAsMessage,
      },
    )
    await expect(request('solana_signMessage', { message: '3yZe7d', pubkey: me }, null)).rejects.toMatchObject({
      message: SolanaClusterMessage.noCluster('solana_signMessage'),
    })
    await expect(request('solana_signMessage', { message: '3yZe7d', pubkey: me }, 31337)).rejects.toMatchObject({
      message: SolanaClusterMessage.noCluster('solana_signMessage'),
    })
    await expect(request('solana_signAllTransactions', { transactions: [transaction] })).rejects.toMatchObject({ code: 4200 })
    expect(device.asked).toHaveLength(0)
  })

  it('says which project it sends for, or refuses to send without one', async () => {
    const sender = createSolanaSender({ apiUrl: API, fetch: () => Promise.reject(new Error('not reached')) })
    await expect(
      sender.sendTransaction({
        cluster: devnet.caipNetworkId as `solana:${string}`,
        projectId: undefined,
        transaction: 'AAAA',
        sendOptions: undefined,
      }),
    ).rejects.toMatchObject({ message: SenderMessage.noProject })
    await expect(
      sender.sendTransaction({
        cluster: devnet.caipNetworkId as `solana:${string}`,
        projectId: 'demo',
        transaction: 'AAAA',
        sendOptions: undefined,
      }),
    ).rejects.toMatchObject({ message: SenderMessage.unreachable })
  })
})
