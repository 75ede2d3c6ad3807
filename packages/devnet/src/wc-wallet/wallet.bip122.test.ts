import { bitcoinRegtest } from '@airlock/chains'
import { decodePsbt, planBitcoinTransfer, transferPsbt } from '@airlock/chains/bip122'
import { WALLETCONNECT_BIP122_EVENTS, WALLETCONNECT_BIP122_METHODS } from '@airlock/protocol'
import { SignClient } from '@walletconnect/sign-client'
import { Verifier } from 'bip322-js'
import { crypto, payments } from 'bitcoinjs-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bitcoinDevnetAccounts, bitcoinDevnetTaprootAccounts } from '../bitcoin/accounts'
import { fetchUtxos } from '../bitcoin/client'
import { REGTEST } from '../bitcoin/ecc'
import { startBitcoinDevnet, type BitcoinDevnet } from '../bitcoin/server'
import { startRelay, type Relay } from '../relay/server'
import { createOfflineCore, stopWalletConnectCore } from './core'
import type { ReferenceWallet } from './types'
import { createReferenceWallet } from './wallet'

const PROJECT = 'wallet-bip122-test'
const CHAIN = bitcoinRegtest.caipNetworkId
/** Bitcoin mainnet, which the wallet has no esplora API for. */
const MAINNET = 'bip122:000000000019d6689c085ae165831e93'
const BIP122 = { chains: [CHAIN, MAINNET], methods: [...WALLETCONNECT_BIP122_METHODS], events: [...WALLETCONNECT_BIP122_EVENTS] }
const fresh = (name: string) => payments.p2wpkh({ hash: crypto.hash160(new TextEncoder().encode(name)), network: REGTEST }).address!

describe('reference wallet on the Bitcoin devnet (WalletConnect bip122)', () => {
  let devnet: BitcoinDevnet
  let relay: Relay
  let dapp: Awaited<ReturnType<typeof SignClient.init>>
  let wallet: ReferenceWallet
  let topic: string
  const me = bitcoinDevnetAccounts[1]!.address

  beforeAll(async () => {
    relay = await startRelay({ port: 0 })
    devnet = await startBitcoinDevnet({ port: 0 })
    dapp = await SignClient.init({
      core: createOfflineCore({ relayUrl: relay.url, projectId: PROJECT, name: 'wallet-bip122-test-dapp' }),
      metadata: { name: 'Bitcoin test dapp', description: 'vitest', url: 'http://dapp.localhost', icons: [] },
      logger: 'silent',
    })
    wallet = await createReferenceWallet({
      relayUrl: relay.url,
      projectId: PROJECT,
      rpcUrls: { 31337: 'http://127.0.0.1:9' },
      bitcoinEsploraUrls: { [CHAIN]: devnet.url },
    })
    const { uri, approval } = await dapp.connect({ optionalNamespaces: { bip122: BIP122 } })
    await wallet.pair(uri!)
    topic = (await approval()).topic
  })

  afterAll(async () => {
    await wallet?.stop()
    if (dapp) await stopWalletConnectCore(dapp.core)
    await Promise.all([relay?.stop(), devnet?.stop()])
  })

  const request = <T = unknown>(method: string, params: unknown) => dapp.request<T>({ topic, chainId: CHAIN, request: { method, params } })
  const balance = async (address: string) => (await fetchUtxos(devnet.url, address)).reduce((sum, utxo) => sum + BigInt(utxo.value), 0n)

  it('approves bip122 on the chains it has an esplora API for, its payment address as the account', async () => {
    const { namespaces } = dapp.session.get(topic)
    expect(namespaces.bip122).toEqual({
      chains: [CHAIN],
      accounts: [`${CHAIN}:${me}`],
      methods: [...WALLETCONNECT_BIP122_METHODS],
      events: ['bip122_addressesChanged'],
    })
    expect(wallet.bitcoinAddress).toBe(me)
    expect(await request('getAccountAddresses', { account: me, intentions: ['ordinal'] })).toEqual([
      expect.objectContaining({ address: bitcoinDevnetTaprootAccounts[1]!.address, intention: 'ordinal' }),
    ])
  })

  it('signs messages that bip322-js verifies (BIP-322 by default, ECDSA when asked), and refuses another account (4100)', async () => {
    const message = 'Sign in to dapp.localhost'
    const bip322 = await request<{ address: string; signature: string }>('signMessage', { account: me, message })
    expect(bip322.address).toBe(me)
    expect(Verifier.verifySignature(me, message, bip322.signature)).toBe(true)
    const ecdsa = await request<{ signature: string }>('signMessage', { account: me, message, protocol: 'ecdsa' })
    expect(Verifier.verifySignature(me, message, ecdsa.signature)).toBe(true)
    await expect(request('signMessage', { account: bitcoinDevnetAccounts[2]!.address, message })).rejects.toMatchObject({ code: 4100 })
  })

  it('sends a transfer the devnet mines, and signs a PSBT by input as asked, broadcasting only on request', async () => {
    const to = fresh('walletconnect receiver')
    const { txid } = await request<{ txid: string }>('sendTransfer', { account: me, recipientAddress: to, amount: '30000' })
    expect(txid).toMatch(/^[0-9a-f]{64}$/)
    expect(await balance(to)).toBe(30_000n)

    const utxos = (await fetchUtxos(devnet.url, me)).map((utxo) => ({ ...utxo, value: BigInt(utxo.value) }))
    const transfer = { caipNetworkId: CHAIN, from: me, to, amount: 5_000n, feeRate: 1, utxos }
    const plan = planBitcoinTransfer(transfer)
    const unsigned = transferPsbt(transfer, plan)
    const signInputs = plan.inputs.map((_, index) => ({ address: me, index }))
    const signed = await request<{ psbt: string; txid?: string }>('signPsbt', { account: me, psbt: unsigned, signInputs })
    expect(signed.txid).toBeUndefined()
    expect(decodePsbt(signed.psbt, CHAIN, [me]).outputs).toEqual(decodePsbt(unsigned, CHAIN, [me]).outputs)
    const sent = await request<{ txid?: string }>('signPsbt', { account: me, psbt: unsigned, signInputs, broadcast: true })
    expect(sent.txid).toMatch(/^[0-9a-f]{64}$/)
    expect(await balance(to)).toBe(35_000n)
  })

  it('answers bad params with -32602', async () => {
    await expect(request('sendTransfer', { account: me, recipientAddress: fresh('x'), amount: '-1' })).rejects.toMatchObject({
      code: -32602,
    })
  })
})
