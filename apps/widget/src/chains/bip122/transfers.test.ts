import { bitcoin } from '@airlock/chains'
import { scriptToBitcoinAddress } from '@airlock/chains/bip122'
import {
  bitcoinDevnetAccounts,
  bitcoinDevnetSigner,
  bitcoinDevnetTaprootAccounts,
  startBitcoinDevnet,
  type BitcoinDevnet,
} from '@airlock/devnet/bitcoin'
import { RpcErrorCode, type ConnectorDescription } from '@airlock/protocol'
import { networks as networks_, Psbt } from 'bitcoinjs-lib'
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { EmbeddedWallet, PageCall, Transfer, WalletSend } from '../types'
import { bip122Adapter as adapter } from './index'
import { devnetBitcoinPage, devnetRest } from './testing'
import { noSmartAccounts } from '../../testing/fakeFrame'

/**
 * Send on Bitcoin against the devnet's esplora (real UTXOs, fee estimates, POST /tx with a node's
 * checks), signed by the devnet's browser wallet in each of its shapes through the host's relay.
 */

let devnet: BitcoinDevnet
let rpc: ReturnType<typeof devnetRest>
let REGTEST: string
const networks = () => ({ requested: [REGTEST], rpcUrl: (id: string) => id })
const payment = bitcoinDevnetAccounts[0]!.address

beforeAll(async () => {
  devnet = await startBitcoinDevnet({ port: 0 })
  REGTEST = devnet.caipNetworkId
  rpc = devnetRest(devnet.url, REGTEST)
})
afterAll(() => devnet?.stop())

const description = (id: string): ConnectorDescription => ({ id, type: 'ANNOUNCED', namespace: 'bip122', name: 'Devnet' })
const SHAPES = { standard: description('ws:bip122:Devnet Wallet'), satsConnect: description('sats-connect:AirlockDevnet.BitcoinProvider') }

/** The wallet as the Send form reaches it: connected, then every request through the page wallet. */
async function connectedSend(shape: keyof typeof SHAPES): Promise<{ send: WalletSend; calls: { method: string }[] }> {
  const page = devnetBitcoinPage(devnet.url)
  const call: PageCall = page[shape]
  const { addresses } = await adapter.pageWallet.connect(call, SHAPES[shape], networks())
  expect(addresses[0]).toBe(payment)
  const send: WalletSend = (method, params) =>
    adapter.pageWallet.request(call, { caipNetworkId: REGTEST, address: payment, method, params, description: SHAPES[shape] })
  return { send, calls: page.calls }
}

const transfer = (to: string, amount: bigint): Transfer => ({ caipNetworkId: REGTEST, from: payment, to, amount })

describe('checking and quoting a Bitcoin transfer', () => {
  it('says in plain words what the network would refuse: dust, more than the account holds, another network', async () => {
    const to = bitcoinDevnetAccounts[8]!.address
    expect(await adapter.checkTransfer(rpc, transfer(to, 100n))).toBe(
      'The amount is below the smallest this address can receive (0.00000294 BTC)',
    )
    expect(await adapter.checkTransfer(rpc, transfer(to, 200_000_000n))).toMatch(
      /^Not enough BTC: sending 2 BTC with its network fee needs 2\.\d+ BTC, and the account holds 1\.6 BTC$/,
    )
    expect(await adapter.checkTransfer(rpc, transfer('1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 10_000n))).toBe(
      'This address belongs to another Bitcoin network',
    )
    expect(await adapter.checkTransfer(rpc, transfer(to, 10_000n))).toBeUndefined()
  })

  it('quotes the planned vsize at the estimate for 3 blocks, and a fee before any amount is typed', async () => {
    const to = bitcoinDevnetAccounts[8]!.address
    // The devnet estimates 2 sat/vB for 3 blocks; one P2WPKH input, two P2WPKH outputs: 141 vB.
    expect(await adapter.quoteTransferFee(rpc, transfer(to, 10_000n))).toEqual({ amount: 282n, detail: { feeRate: 2, vsize: 141 } })
    expect((await adapter.quoteTransferFee(rpc, transfer(to, 0n)))?.amount).toBe(282n)
  })

  it('reads the balance, confirmed and pending', async () => {
    expect(await adapter.nativeBalance(rpc, REGTEST, bitcoinDevnetAccounts[9]!.address)).toBe(160_000_000n)
  })
})

describe.each(['satsConnect', 'standard'] as const)('sending BTC through the %s shape', (shape) => {
  it('plans from the UTXOs, has the wallet sign the PSBT, broadcasts it through the node; the receiver is paid', async () => {
    const to = shape === 'standard' ? bitcoinDevnetAccounts[6]!.address : bitcoinDevnetAccounts[7]!.address
    const before = await adapter.nativeBalance(rpc, REGTEST, to)
    const { send, calls } = await connectedSend(shape)
    const fee = await adapter.quoteTransferFee(rpc, transfer(to, 123_456n))
    const txid = await adapter.sendTransfer(rpc, send, transfer(to, 123_456n), fee)
    expect(txid).toMatch(/^[0-9a-f]{64}$/)
    expect(calls.map((c) => c.method).at(-1)).toBe(shape === 'standard' ? 'bitcoin:signTransaction' : 'signPsbt')
    expect(rpc.paths.at(-1)).toBe('POST tx')
    expect(await adapter.waitForTransaction(rpc, REGTEST, txid, { timeoutMs: 5000 })).toBe('success')
    expect(await adapter.nativeBalance(rpc, REGTEST, to)).toBe(before + 123_456n)
  })

  it('tells a rejection in the wallet as 4001, and nothing is broadcast', async () => {
    const page = devnetBitcoinPage(devnet.url)
    const call: PageCall = page[shape]
    await adapter.pageWallet.connect(call, SHAPES[shape], networks())
    page.bitcoin.devnet.setMode('reject')
    const send: WalletSend = (method, params) =>
      adapter.pageWallet.request(call, { caipNetworkId: REGTEST, address: payment, method, params, description: SHAPES[shape] })
    const broadcasts = rpc.paths.filter((path) => path === 'POST tx').length
    const error = await adapter
      .sendTransfer(rpc, send, transfer(bitcoinDevnetAccounts[8]!.address, 50_000n), undefined)
      .catch((e: unknown) => e)
    // sats-connect's -32000 for a user's no is read as 4001, what the Send form tells as a rejection.
    expect((error as { code?: number }).code).toBe(RpcErrorCode.UserRejected)
    expect(rpc.paths.filter((path) => path === 'POST tx').length).toBe(broadcasts)
  })
})

describe('sending BTC from a taproot account', () => {
  it('plans with taproot input sizes, the Standard wallet signs the key path, and it lands at the quoted fee', async () => {
    const taproot = bitcoinDevnetTaprootAccounts[0]!.address
    const page = devnetBitcoinPage(devnet.url)
    const { addresses } = await adapter.pageWallet.connect(page.standard, SHAPES.standard, networks())
    expect(addresses).toContain(taproot)
    const send: WalletSend = (method, params) =>
      adapter.pageWallet.request(page.standard, { caipNetworkId: REGTEST, address: taproot, method, params, description: SHAPES.standard })
    const to = scriptToBitcoinAddress(Uint8Array.of(0x00, 0x14, ...randomBytes(20)), REGTEST)!
    const fromTaproot: Transfer = { caipNetworkId: REGTEST, from: taproot, to, amount: 75_000n }
    const fee = await adapter.quoteTransferFee(rpc, fromTaproot)
    // 11 vB of overhead, one key-path input (58 vB, a P2WPKH one is 68), the P2WPKH receiver (31) and taproot change (43).
    expect(fee).toEqual({ amount: 286n, detail: { feeRate: 2, vsize: 143 } })
    const txid = await adapter.sendTransfer(rpc, send, fromTaproot, fee)
    expect(await adapter.waitForTransaction(rpc, REGTEST, txid, { timeoutMs: 5000 })).toBe('success')
    expect(await adapter.nativeBalance(rpc, REGTEST, to)).toBe(75_000n)
    const sent = (await (await fetch(`${devnet.url}/tx/${txid}`)).json()) as { fee: number }
    expect(sent.fee).toBe(286)
  })
})

describe('what a Bitcoin wallet is not asked', () => {
  it('refuses calls built elsewhere, and switching to a network it does not know', async () => {
    await expect(adapter.sendCall(async () => undefined, { from: payment, to: payment })).rejects.toMatchObject({
      code: RpcErrorCode.UnsupportedMethod,
    })
    await expect(adapter.switchNetwork(async () => null, 'bip122:ffffffffffffffffffffffffffffffff', networks())).rejects.toThrow(
      'Chain is not supported',
    )
    // The connector hands switchNetwork the page call itself: sats-connect's wallet_changeNetwork, refused by the regtest-only wallet.
    const page = devnetBitcoinPage(devnet.url)
    await expect(adapter.switchNetwork(page.satsConnect, bitcoin.caipNetworkId, networks())).rejects.toThrow('Chain is not supported')
    expect(page.calls).toEqual([{ method: 'wallet_changeNetwork', params: { name: 'Mainnet' } }])
    await expect(adapter.switchNetwork(page.satsConnect, REGTEST, networks())).resolves.toBeUndefined()
    // A Standard wallet has no such method (the host answers 4200): each call names its chain, the connection moves.
    await expect(adapter.switchNetwork(page.standard, bitcoin.caipNetworkId, networks())).resolves.toBeUndefined()
  })
})

describe('sending BTC through the embedded wallet', () => {
  it('has the embedded wallet sign the Send form’s PSBT in its frame (no broadcast there); the widget broadcasts it and it lands', async () => {
    // The embedded wallet's account stands in as a devnet key; the frame's part (show, approve, sign) as bitcoinjs signing.
    const me = bitcoinDevnetAccounts[5]!
    const to = scriptToBitcoinAddress(Uint8Array.of(0x00, 0x14, ...randomBytes(20)), REGTEST)!
    const asked: { params: unknown; chainId: unknown }[] = []
    const wallet: EmbeddedWallet = {
      rpc: () => Promise.reject(new Error('bip122 reads no JSON-RPC')),
      node: rpc,
      networks: networks(),
      switchNetwork: () => Promise.reject(new Error('no switch here')),
      notAllowed: () => new Error('not allowed'),
      smartAccounts: noSmartAccounts,
      confirm: (check, sign) =>
        sign(check(), async (params, chainId) => {
          asked.push({ params, chainId })
          const psbt = Psbt.fromBase64((params as { psbt: string }).psbt, { network: networks_.regtest })
          psbt.signAllInputs(bitcoinDevnetSigner(me)).finalizeAllInputs()
          return { psbt: psbt.toBase64() }
        }),
    }
    const embedded = await adapter.embedded()
    const send: WalletSend = (method, params) => embedded.request(wallet, { caipNetworkId: REGTEST, address: me.address, method, params })
    const txid = await adapter.sendTransfer(rpc, send, { caipNetworkId: REGTEST, from: me.address, to, amount: 54_321n }, undefined)
    expect(asked).toEqual([
      { params: expect.objectContaining({ signInputs: { [me.address]: [0] }, broadcast: false }), chainId: undefined },
    ])
    expect(await adapter.waitForTransaction(rpc, REGTEST, txid, { timeoutMs: 5000 })).toBe('success')
    expect(await adapter.nativeBalance(rpc, REGTEST, to)).toBe(54_321n)
  })
})
