import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  address,
  appendTransactionMessageInstructions,
  compileTransaction,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Base64EncodedWireTransaction,
  type Signature,
} from '@solana/kit'
import { SignClient } from '@walletconnect/sign-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devnetAccounts } from '../accounts'
import { startRelay, type Relay } from '../relay/server'
import { solanaDevnetAccounts } from '../solana/accounts'
import { startSolanaDevnet, type SolanaDevnet } from '../solana/server'
import { createOfflineCore, stopWalletConnectCore } from './core'
import { startReferenceWalletPage, type ReferenceWalletPage } from './page'
import { REFERENCE_WALLET_SOLANA_METHODS } from './solana'
import type { ReferenceWallet } from './types'
import { createReferenceWallet } from './wallet'

const PROJECT = 'wallet-solana-test'
const SOL = 1_000_000_000n
const EIP155 = { chains: ['eip155:31337'], methods: ['personal_sign', 'eth_chainId'], events: ['chainChanged', 'accountsChanged'] }
/** A cluster the wallet has no RPC for. */
const ELSEWHERE = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'

describe('reference wallet on the Solana devnet', () => {
  let devnet: SolanaDevnet
  let relay: Relay
  let dapp: Awaited<ReturnType<typeof SignClient.init>>
  let wallet: ReferenceWallet
  let page: ReferenceWalletPage
  let topic: string
  let rpc: ReturnType<typeof createSolanaRpc>
  const me = solanaDevnetAccounts[0]!.address

  beforeAll(async () => {
    relay = await startRelay({ port: 0 })
    devnet = await startSolanaDevnet({ port: 0 })
    rpc = createSolanaRpc(devnet.url)
    dapp = await SignClient.init({
      core: createOfflineCore({ relayUrl: relay.url, projectId: PROJECT, name: 'wallet-solana-test-dapp' }),
      metadata: { name: 'Solana test dapp', description: 'vitest', url: 'http://dapp.localhost', icons: [] },
      logger: 'silent',
    })
    wallet = await createReferenceWallet({
      relayUrl: relay.url,
      projectId: PROJECT,
      // No eip155 call here needs a node: eth_chainId and the session are the wallet's own.
      rpcUrls: { 31337: 'http://127.0.0.1:9' },
      solanaRpcUrls: { [devnet.caipNetworkId]: devnet.url },
    })
    page = await startReferenceWalletPage({ port: 0, wallet })
    const { uri, approval } = await dapp.connect({
      optionalNamespaces: {
        eip155: EIP155,
        solana: { chains: [devnet.caipNetworkId, ELSEWHERE], methods: [...REFERENCE_WALLET_SOLANA_METHODS], events: [] },
      },
    })
    await wallet.pair(uri!)
    topic = (await approval()).topic
  })

  afterAll(async () => {
    await page?.stop()
    await wallet?.stop()
    if (dapp) await stopWalletConnectCore(dapp.core)
    await Promise.all([relay?.stop(), devnet?.stop()])
  })

  const request = <T = unknown>(method: string, params: unknown, chainId = devnet.caipNetworkId) =>
    dapp.request<T>({ topic, chainId, request: { method, params } })

  async function transfer(from: string, to: string, lamports: bigint): Promise<Base64EncodedWireTransaction> {
    const { value: blockhash } = await rpc.getLatestBlockhash().send()
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(address(from), m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
      (m) =>
        appendTransactionMessageInstructions(
          [getTransferSolInstruction({ source: createNoopSigner(address(from)), destination: address(to), amount: lamports })],
          m,
        ),
    )
    return getBase64EncodedWireTransaction(compileTransaction(message))
  }
  const balance = async (account: string) => (await rpc.getBalance(address(account)).send()).value

  it('approves eip155 and solana together: the Solana devnet account on the clusters it knows, eip155 as before', async () => {
    const { namespaces } = dapp.session.get(topic)
    expect(namespaces.solana).toEqual({
      chains: [devnet.caipNetworkId],
      accounts: [`${devnet.caipNetworkId}:${me}`],
      methods: [...REFERENCE_WALLET_SOLANA_METHODS],
      events: [],
    })
    expect(namespaces.eip155?.accounts).toEqual([`eip155:31337:${devnetAccounts[0]!.address}`])
    expect(wallet.solanaAddress).toBe(me)
    expect(await request('eth_chainId', [], 'eip155:31337')).toBe('0x7a69')
    expect(wallet.sessions()[0]).toMatchObject({ chainId: 31337, chains: ['eip155:31337', devnet.caipNetworkId] })
  })

  it('signs a message the Solana address verifies (ed25519), and refuses one for another account (4100)', async () => {
    const text = new TextEncoder().encode('Sign in to the Solana test dapp')
    const { signature } = await request<{ signature: string }>('solana_signMessage', { message: base58.encode(text), pubkey: me })
    expect(ed25519.verify(base58.decode(signature), text, base58.decode(me))).toBe(true)
    await expect(request('solana_signMessage', { message: '3yZe7d', pubkey: solanaDevnetAccounts[1]!.address })).rejects.toMatchObject({
      code: 4100,
    })
  })

  it('signs and sends a transfer that lands on the devnet; signs one for the dapp to send', async () => {
    const recipient = (await generateKeyPairSigner()).address
    const { signature } = await request<{ signature: string }>('solana_signAndSendTransaction', {
      transaction: await transfer(me, recipient, SOL),
    })
    const { value } = await rpc.getSignatureStatuses([signature as Signature]).send()
    expect(value[0]?.err).toBeNull()
    expect(await balance(recipient)).toBe(SOL)

    const signed = await request<{ signature: string; transaction: string }>('solana_signTransaction', {
      transaction: await transfer(me, recipient, SOL / 2n),
    })
    expect(await rpc.sendTransaction(signed.transaction as Base64EncodedWireTransaction, { encoding: 'base64' }).send()).toBe(
      signed.signature,
    )
    expect(await balance(recipient)).toBe(SOL + SOL / 2n)
  })

  it('answers a refused transaction with the node’s message (rent), and bad params with -32602', async () => {
    const fresh = (await generateKeyPairSigner()).address
    await expect(request('solana_signAndSendTransaction', { transaction: await transfer(me, fresh, 1000n) })).rejects.toMatchObject({
      code: -32002,
      message: expect.stringContaining('insufficient funds for rent'),
    })
    await expect(request('solana_signTransaction', { transaction: 'not base64!' })).rejects.toMatchObject({ code: -32602 })
  })

  it('in manual mode, shows a Solana request on its page and answers it from there', async () => {
    wallet.setMode('manual', 'requests')
    try {
      const text = 'Approve me on the page'
      const answer = request<{ signature: string }>('solana_signMessage', {
        message: base58.encode(new TextEncoder().encode(text)),
        pubkey: me,
      })
      const pending = await wallet.nextRequest()
      expect(pending).toMatchObject({ method: 'solana_signMessage', chainId: devnet.caipNetworkId })
      const status = await (await fetch(`${page.url}/status`)).text()
      expect(status).toContain(`<b>solana_signMessage</b> on <code>${devnet.caipNetworkId}</code>`)
      expect(status).toContain(`message: ${text}`)
      await wallet.rejectRequest(pending)
      await expect(answer).rejects.toMatchObject({ code: 4001 })
    } finally {
      wallet.setMode('approve', 'requests')
    }
  })

  it('approves a Solana-only proposal, and leaves out a solana namespace on clusters it does not know', async () => {
    const solanaOnly = await dapp.connect({
      requiredNamespaces: { solana: { chains: [devnet.caipNetworkId], methods: ['solana_signMessage'], events: [] } },
    })
    await wallet.pair(solanaOnly.uri!)
    const session = await solanaOnly.approval()
    expect(Object.keys(session.namespaces)).toEqual(['solana'])
    expect(wallet.sessions().find((s) => s.topic === session.topic)?.chainId).toBeUndefined()

    const unknownCluster = await dapp.connect({
      optionalNamespaces: { eip155: EIP155, solana: { chains: [ELSEWHERE], methods: ['solana_signMessage'], events: [] } },
    })
    await wallet.pair(unknownCluster.uri!)
    expect(Object.keys((await unknownCluster.approval()).namespaces)).toEqual(['eip155'])
  })
})
