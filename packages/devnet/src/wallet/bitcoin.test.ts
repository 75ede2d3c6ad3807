import { bitcoinRegtest } from '@airlock/chains'
import { decodePsbt, planBitcoinTransfer, transferPsbt } from '@airlock/chains/bip122'
import { Verifier } from 'bip322-js'
import { crypto, payments, Psbt } from 'bitcoinjs-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bitcoinDevnetAccounts, bitcoinDevnetTaprootAccounts } from '../bitcoin/accounts'
import { fetchUtxos } from '../bitcoin/client'
import { REGTEST } from '../bitcoin/ecc'
import { startBitcoinDevnet, type BitcoinDevnet } from '../bitcoin/server'
import { createDevnetBitcoinWallet } from './bitcoin'

let devnet: BitcoinDevnet
beforeAll(async () => {
  devnet = await startBitcoinDevnet({ port: 0 })
})
afterAll(() => devnet.stop())

const PAYMENT = bitcoinDevnetAccounts[3]!
const ORDINALS = bitcoinDevnetTaprootAccounts[3]!
const NETWORK = bitcoinRegtest.caipNetworkId
const fresh = (name: string) => payments.p2wpkh({ hash: crypto.hash160(new TextEncoder().encode(name)), network: REGTEST }).address!
const balance = async (address: string) => (await fetchUtxos(devnet.url, address)).reduce((sum, utxo) => sum + BigInt(utxo.value), 0n)
const wallet = () => createDevnetBitcoinWallet({ payment: PAYMENT, ordinals: ORDINALS, esplora: devnet.url, icon: 'data:,' })

describe('the devnet Bitcoin wallet as a Wallet Standard wallet', () => {
  it('connects with the purposes asked, payment first, and tells its listeners', async () => {
    const { wallet: standard } = wallet()
    const changes: number[] = []
    standard.features['standard:events'].on('change', ({ accounts }) => changes.push(accounts.length))
    expect(standard.accounts).toEqual([])
    const { accounts } = await standard.features['bitcoin:connect'].connect({ purposes: ['payment', 'ordinals'] })
    expect(accounts.map((account) => [account.address, account.publicKey.length])).toEqual([
      [PAYMENT.address, 33],
      [ORDINALS.address, 32],
    ])
    expect(changes).toEqual([2])
    await standard.features['standard:disconnect'].disconnect()
    expect(standard.accounts).toEqual([])
  })

  it('signs messages that an independent BIP-322 verifier accepts, for segwit and taproot', async () => {
    const { wallet: standard } = wallet()
    const [payment, ordinals] = (await standard.features['bitcoin:connect'].connect({ purposes: ['payment', 'ordinals'] })).accounts
    const message = 'Sign in to dapp.localhost'
    const [bySegwit, byTaproot] = await standard.features['bitcoin:signMessage'].signMessage(
      { account: payment!, message: new TextEncoder().encode(message) },
      { account: ordinals!, message: new TextEncoder().encode(message) },
    )
    const base64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))
    expect(Verifier.verifySignature(PAYMENT.address, message, base64(bySegwit!.signature))).toBe(true)
    expect(Verifier.verifySignature(ORDINALS.address, message, base64(byTaproot!.signature))).toBe(true)
    expect(Verifier.verifySignature(PAYMENT.address, `${message}!`, base64(bySegwit!.signature))).toBe(false)
  })

  it('signs the inputs it is asked to of a PSBT the devnet then accepts, and refuses an input of another key', async () => {
    const { wallet: standard } = wallet()
    const [payment] = (await standard.features['bitcoin:connect'].connect({ purposes: ['payment'] })).accounts
    const to = fresh('standard receiver')
    const utxos = (await fetchUtxos(devnet.url, PAYMENT.address)).map((utxo) => ({ ...utxo, value: BigInt(utxo.value) }))
    const request = { caipNetworkId: NETWORK, from: PAYMENT.address, to, amount: 25_000n, feeRate: 2, utxos }
    const plan = planBitcoinTransfer(request)
    const psbt = Psbt.fromBase64(transferPsbt(request, plan), { network: REGTEST }).toBuffer()
    const [sent] = await standard.features['bitcoin:signAndSendTransaction'].signAndSendTransaction({
      psbt,
      inputsToSign: [{ account: payment!, signingIndexes: plan.inputs.map((_, index) => index) }],
    })
    expect(sent?.txId).toMatch(/^[0-9a-f]{64}$/)
    expect(await balance(to)).toBe(25_000n)

    const [ordinals] = (await standard.features['bitcoin:connect'].connect({ purposes: ['ordinals'] })).accounts
    await expect(
      standard.features['bitcoin:signTransaction'].signTransaction({ psbt, inputsToSign: [{ account: ordinals!, signingIndexes: [0] }] }),
    ).rejects.toThrow("Input 0 is not this account's to sign")
  })

  it('answers 4001 when the user says no, and 4100 for an account it does not hold', async () => {
    const { wallet: standard, devnet: controls } = wallet()
    controls.setMode('reject')
    await expect(standard.features['bitcoin:connect'].connect({ purposes: ['payment'] })).rejects.toMatchObject({ code: 4001 })
    const stranger = { address: fresh('stranger'), publicKey: new Uint8Array(33), chains: [], features: [], label: '' }
    await expect(
      standard.features['bitcoin:signMessage'].signMessage({ account: stranger, message: new Uint8Array(1) }),
    ).rejects.toMatchObject({
      code: 4100,
    })
  })
})

describe('the devnet Bitcoin wallet as a sats-connect provider', () => {
  it('connects, sends a transfer the devnet mines, and signs both message forms', async () => {
    const { provider } = wallet()
    const connected = await provider.request('wallet_connect', { addresses: ['payment', 'ordinals'] })
    expect(connected).toMatchObject({
      jsonrpc: '2.0',
      result: {
        addresses: [
          { address: PAYMENT.address, purpose: 'payment', addressType: 'p2wpkh' },
          { address: ORDINALS.address, purpose: 'ordinals', addressType: 'p2tr' },
        ],
      },
    })
    const to = fresh('sats receiver')
    const sent = (await provider.request('bitcoin_sendTransferV2', { recipients: [{ address: to, amount: 40_000 }] })) as {
      result: { txid: string }
    }
    expect(sent.result.txid).toMatch(/^[0-9a-f]{64}$/)
    expect(await balance(to)).toBe(40_000n)

    for (const protocol of ['BIP322', 'ECDSA']) {
      const signed = (await provider.request('signMessage', { address: PAYMENT.address, message: 'hello', protocol })) as {
        result: { signature: string }
      }
      expect(Verifier.verifySignature(PAYMENT.address, 'hello', signed.result.signature), protocol).toBe(true)
    }
  })

  it('signs a PSBT by address and indexes, as signPsbt takes them, without broadcasting unless asked', async () => {
    const { provider } = wallet()
    await provider.request('wallet_connect', {})
    const utxos = (await fetchUtxos(devnet.url, PAYMENT.address)).map((utxo) => ({ ...utxo, value: BigInt(utxo.value) }))
    const request = { caipNetworkId: NETWORK, from: PAYMENT.address, to: fresh('psbt receiver'), amount: 10_000n, feeRate: 1, utxos }
    const unsigned = transferPsbt(request, planBitcoinTransfer(request))
    const answer = (await provider.request('bitcoin_signPsbtV2', { psbt: unsigned, signInputs: { [PAYMENT.address]: [0] } })) as {
      result: { psbt: string; txid?: string }
    }
    expect(answer.result.txid).toBeUndefined()
    const signed = Psbt.fromBase64(answer.result.psbt, { network: REGTEST })
    expect(signed.data.inputs[0]!.finalScriptWitness).toBeDefined()
    // What was signed is what was asked: the same outputs and fee.
    expect(decodePsbt(answer.result.psbt, NETWORK, [PAYMENT.address]).outputs).toEqual(
      decodePsbt(unsigned, NETWORK, [PAYMENT.address]).outputs,
    )
  })

  it('answers JSON-RPC errors in sats-connect codes and never throws', async () => {
    const { provider, devnet: controls } = wallet()
    expect(await provider.request('bitcoin_signPsbtV2', { psbt: 'x', signInputs: {} })).toMatchObject({
      error: { code: expect.any(Number) },
    })
    expect(await provider.request('signMessage', { address: PAYMENT.address, message: 'x' })).toMatchObject({ error: { code: -32002 } })
    expect(await provider.request('eth_sendTransaction', {})).toMatchObject({ error: { code: -32001 } })
    controls.setMode('reject')
    expect(await provider.request('wallet_connect', {})).toMatchObject({ error: { code: -32000, message: 'User rejected the request.' } })
  })
})

describe('the devnet Bitcoin wallet’s account switch (devnet.switchAccount)', () => {
  it('moves both shapes to the devnet’s other accounts, and a connected site hears it in each shape', async () => {
    const { wallet: standard, provider, devnet: controls } = wallet()
    const changes: string[][] = []
    standard.features['standard:events'].on('change', ({ accounts }) => changes.push(accounts.map((account) => account.address)))
    const events: unknown[] = []
    const off = provider.addListener({ eventName: 'accountChange', cb: (event) => events.push(event) })
    provider.addListener({ eventName: 'networkChange', cb: (event) => events.push(event) })
    // Not connected: nothing to tell.
    controls.switchAccount(4)
    expect([changes, events]).toEqual([[], []])
    await provider.request('wallet_connect', { addresses: ['payment', 'ordinals'] })
    controls.switchAccount(5)
    const [payment, ordinals] = [bitcoinDevnetAccounts[5]!, bitcoinDevnetTaprootAccounts[5]!]
    expect(changes.at(-1)).toEqual([payment.address, ordinals.address])
    expect(events).toEqual([
      {
        type: 'accountChange',
        addresses: [
          expect.objectContaining({ address: payment.address, publicKey: payment.publicKey, purpose: 'payment' }),
          expect.objectContaining({ address: ordinals.address, purpose: 'ordinals' }),
        ],
      },
    ])
    // The new account signs; the same account again is no change.
    const signed = (await provider.request('signMessage', { address: payment.address, message: 'hi' })) as { result: { signature: string } }
    expect(Verifier.verifySignature(payment.address, 'hi', signed.result.signature)).toBe(true)
    controls.switchAccount(5)
    off()
    controls.switchAccount(6)
    expect(events).toHaveLength(1)
    expect(controls.state().payment).toBe(bitcoinDevnetAccounts[6]!.address)
    expect(() => controls.switchAccount(99)).toThrow(RangeError)
  })
})
