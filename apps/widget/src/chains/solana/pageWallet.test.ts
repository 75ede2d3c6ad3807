import { solana, solanaDevnet, solanaLocalnet } from '@airlock/chains'
import { solanaDevnetAccounts, solanaDevnetSigner, startSolanaDevnet, type SolanaDevnet } from '@airlock/devnet/solana'
import { RpcErrorCode, type ConnectorDescription } from '@airlock/protocol'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  address,
  createNoopSigner,
  getBase64EncodedWireTransaction,
  getPublicKeyFromAddress,
  verifySignature,
  type KeyPairSigner,
  type SignatureBytes,
} from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { NetworkContext, PageCall } from '../types'
import { base58ToBytes, base64ToBytes, bytesToBase58 } from './bytes'
import { solanaAdapter } from './index'
import { latestBlockhash } from './node'
import { devnetRpc, standardWallet } from './testing'
import { compileTransfer } from './transfer'

/**
 * The Wallet Standard dialect: the widget's solana_* JSON-RPC through a page wallet the host
 * relays (the test's wallet, checking params as the host does, holding a devnet key), down to the
 * devnet for what is sent.
 */

const { pageWallet } = solanaAdapter
let devnet: SolanaDevnet
let rpc: ReturnType<typeof devnetRpc>
let signer: KeyPairSigner
const LOCALNET = solanaLocalnet.caipNetworkId

beforeAll(async () => {
  devnet = await startSolanaDevnet({ port: 0 })
  rpc = devnetRpc(devnet.url, devnet.caipNetworkId)
  signer = await solanaDevnetSigner(6)
})
afterAll(() => devnet?.stop())

const description = (chains?: string[]): ConnectorDescription => ({
  id: 'app.phantom',
  type: 'ANNOUNCED',
  namespace: 'solana',
  name: 'Phantom',
  ...(chains ? { chains } : {}),
})
const networks = (...requested: string[]): NetworkContext => ({ requested, rpcUrl: (id) => `https://api/rpc?chainId=${id}` })
const wallet = (options?: Parameters<typeof standardWallet>[3]) => standardWallet(signer, rpc, LOCALNET, options)
const connectedWallet = () => wallet({ connected: true })
const plainAccount = (addr: string, chains: string[]) => ({ address: addr, publicKey: base58ToBytes(addr), chains, features: [] })

/** An unsigned SOL transfer from the wallet's account on the devnet's latest blockhash, base64. */
async function unsignedTransfer(lamports: bigint) {
  const instruction = getTransferSolInstruction({
    source: createNoopSigner(address(signer.address)),
    destination: address(solanaDevnetAccounts[0]!.address),
    amount: lamports,
  })
  const transaction = compileTransfer([instruction], signer.address, await latestBlockhash(rpc, LOCALNET))
  return { transaction: getBase64EncodedWireTransaction(transaction), messageBytes: new Uint8Array(transaction.messageBytes) }
}

describe('connecting a Wallet Standard wallet', () => {
  it('gives its Solana account on the first requested network it lists', async () => {
    const call = wallet({ chains: ['solana:mainnet', 'solana:localnet'] })
    const accounts = await pageWallet.connect(call, description(), networks('eip155:1', LOCALNET, solana.caipNetworkId))
    expect(accounts).toEqual({ namespace: 'solana', addresses: [signer.address], caipNetworkId: LOCALNET })
    expect(call.calls).toEqual([{ method: 'standard:connect', params: undefined }])
  })

  it('reads the wallet’s chains from its description too, and falls back to its first known cluster', async () => {
    const call = wallet({ chains: ['solana:mainnet'] })
    expect(
      (await pageWallet.connect(call, description(['solana:devnet']), networks(LOCALNET, solanaDevnet.caipNetworkId))).caipNetworkId,
    ).toBe(solanaDevnet.caipNetworkId)
    const unrequested = wallet({ chains: ['solana:unknown', 'solana:testnet', 'solana:mainnet'] })
    expect((await pageWallet.connect(unrequested, description(), networks(LOCALNET))).caipNetworkId).toBe(
      'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
    )
  })

  it('keeps only accounts with a Solana chain and an address that is their public key', async () => {
    const other = solanaDevnetAccounts[1]!.address
    const call: PageCall = async () => ({
      accounts: [
        plainAccount(other, ['bip122:000000000019d6689c085ae165831e93']),
        { ...plainAccount(other, ['solana:mainnet']), publicKey: base58ToBytes(signer.address) },
        plainAccount(signer.address, ['solana:mainnet']),
      ],
    })
    expect(await pageWallet.connect(call, description(), networks(solana.caipNetworkId))).toEqual({
      namespace: 'solana',
      addresses: [signer.address],
      caipNetworkId: solana.caipNetworkId,
    })
  })

  it('refuses a wallet without a Solana account, and a malformed answer', async () => {
    const bitcoinOnly: PageCall = async () => ({ accounts: [plainAccount(signer.address, ['bip122:000000000019d6689c085ae165831e93'])] })
    await expect(pageWallet.connect(bitcoinOnly, description(), networks(LOCALNET))).rejects.toMatchObject({
      code: RpcErrorCode.Unauthorized,
      message: 'The wallet returned no Solana account',
    })
    const malformed: PageCall = async () => ({ accounts: [{ address: signer.address, publicKey: 'not bytes', chains: [], features: [] }] })
    await expect(pageWallet.connect(malformed, description(), networks(LOCALNET))).rejects.toMatchObject({
      code: RpcErrorCode.InternalError,
      message: 'The wallet answered standard:connect with a malformed result',
    })
  })

  it('reconnects silently: the account of a site still connected, undefined otherwise', async () => {
    const stillConnected = connectedWallet()
    expect(await pageWallet.reconnect(stillConnected, description(), networks(LOCALNET))).toMatchObject({ addresses: [signer.address] })
    expect(stillConnected.calls).toEqual([{ method: 'standard:connect', params: { silent: true } }])
    const notConnected = wallet()
    expect(await pageWallet.reconnect(notConnected, description(), networks(LOCALNET))).toBeUndefined()
    expect(notConnected.calls).toEqual([{ method: 'standard:connect', params: { silent: true } }])
  })

  it('disconnects with standard:disconnect, and does not wait for a hung wallet', async () => {
    const call = connectedWallet()
    await pageWallet.disconnect(call, description())
    expect(call.calls).toEqual([{ method: 'standard:disconnect', params: undefined }])
    await expect(pageWallet.disconnect(() => new Promise(() => {}), description())).resolves.toBeUndefined()
  })
})

describe('the solana_* methods through Wallet Standard features', () => {
  const request = (call: PageCall, method: string, params?: unknown) =>
    pageWallet.request(call, { caipNetworkId: LOCALNET, address: signer.address, method, params, description: description() })

  it('solana_signMessage: base58 in, the feature signs the bytes, base58 signature out', async () => {
    const call = connectedWallet()
    const message = new TextEncoder().encode('hello airlock')
    const { signature } = (await request(call, 'solana_signMessage', { message: bytesToBase58(message), pubkey: signer.address })) as {
      signature: string
    }
    expect(call.calls[0]).toEqual({ method: 'solana:signMessage', params: { account: signer.address, message } })
    const key = await getPublicKeyFromAddress(address(signer.address))
    expect(await verifySignature(key, base58ToBytes(signature) as SignatureBytes, message)).toBe(true)
  })

  it('solana_signTransaction: base64 in, the cluster named, the fee payer’s signature and the signed transaction out, which lands', async () => {
    const call = connectedWallet()
    const { transaction, messageBytes } = await unsignedTransfer(1_000_000n)
    const answer = (await request(call, 'solana_signTransaction', { transaction })) as { signature: string; transaction: string }
    expect(call.calls[0]).toEqual({
      method: 'solana:signTransaction',
      params: { account: signer.address, transaction: base64ToBytes(transaction), chain: 'solana:localnet' },
    })
    const key = await getPublicKeyFromAddress(address(signer.address))
    expect(await verifySignature(key, base58ToBytes(answer.signature) as SignatureBytes, messageBytes)).toBe(true)
    expect(answer.transaction).not.toBe(transaction)
    const sent = await rpc(LOCALNET, 'sendTransaction', [answer.transaction, { encoding: 'base64' }])
    expect(sent).toBe(answer.signature)
  })

  it('solana_signAndSendTransaction: the send options go along, the base58 signature comes back and is the landed one', async () => {
    const call = connectedWallet()
    const before = BigInt(((await rpc(LOCALNET, 'getBalance', [solanaDevnetAccounts[0]!.address])) as { value: number }).value)
    const { transaction } = await unsignedTransfer(2_000_000n)
    const { signature } = (await request(call, 'solana_signAndSendTransaction', {
      transaction,
      sendOptions: { skipPreflight: false },
    })) as {
      signature: string
    }
    expect(call.calls[0]!.params).toMatchObject({ chain: 'solana:localnet', options: { skipPreflight: false } })
    expect(await solanaAdapter.waitForTransaction(rpc, LOCALNET, signature)).toBe('success')
    const after = BigInt(((await rpc(LOCALNET, 'getBalance', [solanaDevnetAccounts[0]!.address])) as { value: number }).value)
    expect(after - before).toBe(2_000_000n)
  })

  it('the adapter’s own transfer goes through the dialect', async () => {
    const call = connectedWallet()
    const send = (method: string, params?: unknown) => request(call, method, params)
    const to = solanaDevnetAccounts[2]!.address
    const signature = await solanaAdapter.sendTransfer(
      rpc,
      send,
      { caipNetworkId: LOCALNET, from: signer.address, to, amount: 1234n },
      undefined,
    )
    expect(await solanaAdapter.waitForTransaction(rpc, LOCALNET, signature)).toBe('success')
  })

  it('refuses an unknown method with 4200 and bad params with -32602, before the wallet is called', async () => {
    const call = connectedWallet()
    for (const method of ['eth_sendTransaction', 'solana_getAccounts', 'constructor', 'standard:connect'])
      await expect(request(call, method)).rejects.toMatchObject({ code: RpcErrorCode.UnsupportedMethod })
    await expect(request(call, 'solana_signMessage', { message: '0OIl', pubkey: signer.address })).rejects.toMatchObject({
      code: RpcErrorCode.InvalidParams,
    })
    await expect(request(call, 'solana_signTransaction', { transaction: 'A'.repeat(2000) })).rejects.toMatchObject({
      code: RpcErrorCode.InvalidParams,
    })
    expect(call.calls).toEqual([])
  })

  it('refuses a network the wallet cannot be told, and a malformed or unsigned answer', async () => {
    const call = connectedWallet()
    const { transaction } = await unsignedTransfer(1n)
    await expect(
      pageWallet.request(call, {
        caipNetworkId: 'solana:unknown',
        address: signer.address,
        method: 'solana_signTransaction',
        params: { transaction },
        description: description(),
      }),
    ).rejects.toMatchObject({ code: RpcErrorCode.ChainDisconnected })
    const unsigned: PageCall = async () => ({ signedTransaction: base64ToBytes(transaction) })
    await expect(request(unsigned, 'solana_signTransaction', { transaction })).rejects.toThrow(
      'The wallet returned an unsigned transaction',
    )
    const shortSignature: PageCall = async () => ({ signature: new Uint8Array(63).fill(1) })
    await expect(request(shortSignature, 'solana_signAndSendTransaction', { transaction })).rejects.toMatchObject({
      code: RpcErrorCode.InternalError,
    })
    const truncated: PageCall = async () => ({ signedTransaction: new Uint8Array([1, 2, 3]) })
    await expect(request(truncated, 'solana_signTransaction', { transaction })).rejects.toThrow(
      'The wallet returned a malformed transaction',
    )
  })
})

describe('accountsChanged of a Wallet Standard wallet', () => {
  const read = (data: unknown) => pageWallet.readEvent('accountsChanged', data, { caipNetworkId: LOCALNET })
  it('gives the Solana addresses, disconnects on none, and ignores malformed data and other events', () => {
    const other = solanaDevnetAccounts[1]!.address
    expect(read([plainAccount(other, ['solana:mainnet']), plainAccount(signer.address, ['solana:devnet'])])).toEqual({
      addresses: [other, signer.address],
    })
    expect(read([])).toEqual({ disconnected: true })
    expect(read([plainAccount(other, ['bip122:000000000019d6689c085ae165831e93'])])).toEqual({ disconnected: true })
    expect(read([{ address: other }])).toBeUndefined()
    expect(read({ accounts: [] })).toBeUndefined()
    expect(pageWallet.readEvent('chainChanged', 'solana:devnet', { caipNetworkId: LOCALNET })).toBeUndefined()
  })
})
