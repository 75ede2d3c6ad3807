import { bitcoinParams, parseBitcoinAddress } from '@airlock/chains/bip122'
import { bitcoinMethodResults, ProviderRpcError, RpcErrorCode, type FrameRpcRequest } from '@airlock/protocol'
import { Verifier } from 'bip322-js'
import { Psbt, Transaction } from 'bitcoinjs-lib'
import { describe, expect, it } from 'vitest'
import { BitcoinRpcMessage, prepareBitcoinRequest } from './prepare'
import { OTHER, REGTEST, regtestAccount, transfer, utxo } from './testing'

const regtest = bitcoinParams(REGTEST.id)!
const account = await regtestAccount()
const key = account.keyOn(REGTEST)
const signPsbt = (psbt: string, signInputs: Record<string, number[]>, broadcast?: boolean): FrameRpcRequest => ({
  method: 'signPsbt',
  params: { psbt, signInputs, ...(broadcast !== undefined ? { broadcast } : {}) },
  chainId: REGTEST.id,
})
/** As index.ts prepares: on the request's network, else the frame's. */
const prepare = (request: FrameRpcRequest) => prepareBitcoinRequest(account, request, request.chainId)
const refusal = (request: FrameRpcRequest) => {
  try {
    prepare(request)
  } catch (error) {
    expect(error).toBeInstanceOf(ProviderRpcError)
    return { code: (error as ProviderRpcError).code, message: (error as Error).message }
  }
  throw new Error('not refused')
}
/** Two of this account's outputs spent, one more input of someone else's. */
function mixedPsbt(change?: (psbt: Psbt) => void): string {
  const psbt = Psbt.fromBase64(transfer(key.address, 120_000_000n, [utxo(1, 100_000_000n), utxo(2, 50_000_000n)]).psbt, {
    network: regtest,
  })
  const other = parseBitcoinAddress(OTHER, REGTEST.id)
  psbt.addInput({ hash: utxo(9, 0n).txid, index: 9, witnessUtxo: { script: other.ok ? other.script : new Uint8Array(), value: 5_000n } })
  change?.(psbt)
  return psbt.toBase64()
}

describe('signPsbt', () => {
  it('shows the params it signs, on the network asked, from the address there; signs the inputs named only', async () => {
    const psbt = mixedPsbt()
    const prepared = prepare(signPsbt(psbt, { [key.address]: [1, 0, 1] }))
    expect(prepared).toMatchObject({ method: 'signPsbt', chainId: REGTEST.id, from: key.address })
    expect(prepared.params).toEqual({ psbt, signInputs: { [key.address]: [1, 0, 1] } })
    const answer = bitcoinMethodResults.signPsbt.parse(await prepared.sign())
    expect(answer.txid).toBeUndefined()
    const signed = Psbt.fromBase64(answer.psbt, { network: regtest })
    expect(signed.data.inputs.map((input) => input.finalScriptWitness !== undefined)).toEqual([true, true, false])
    // The signed PSBT is the one asked for, with witnesses added: same transaction.
    expect(signed.txInputs.length).toBe(3)
    expect(signed.data.getTransaction()).toEqual(Psbt.fromBase64(psbt, { network: regtest }).data.getTransaction())
  })

  it('with broadcast, answers the txid of the complete transaction (the widget broadcasts it)', async () => {
    const { psbt } = transfer(key.address, 1_000_000n, [utxo(1, 100_000_000n)])
    const answer = bitcoinMethodResults.signPsbt.parse(await prepare(signPsbt(psbt, { [key.address]: [0] }, true)).sign())
    expect(answer.txid).toBe(Psbt.fromBase64(answer.psbt, { network: regtest }).extractTransaction().getId())
  })

  it('refuses, before the user is asked, what it would not sign as shown', () => {
    const psbt = mixedPsbt()
    expect(refusal(signPsbt(psbt, { [key.address]: [2] }))).toEqual({
      code: RpcErrorCode.Unauthorized,
      message: BitcoinRpcMessage.notOwn(2),
    })
    expect(refusal(signPsbt(psbt, { [OTHER]: [2] }))).toEqual({ code: RpcErrorCode.Unauthorized, message: BitcoinRpcMessage.otherAccount })
    expect(refusal(signPsbt(psbt, { [key.address]: [3] })).message).toBe(BitcoinRpcMessage.noInput(3))
    expect(refusal(signPsbt(psbt, {})).message).toBe(BitcoinRpcMessage.nothingToSign)
    expect(refusal(signPsbt(psbt, { [key.address]: [0] }, true)).message).toBe(BitcoinRpcMessage.incomplete)
    const none = mixedPsbt((p) => p.updateInput(0, { sighashType: Transaction.SIGHASH_NONE }))
    expect(refusal(signPsbt(none, { [key.address]: [0] })).message).toBe(BitcoinRpcMessage.sighash(0, Transaction.SIGHASH_NONE))
    const anyoneCanPay = mixedPsbt((p) => p.updateInput(1, { sighashType: Transaction.SIGHASH_ALL | Transaction.SIGHASH_ANYONECANPAY }))
    expect(refusal(signPsbt(anyoneCanPay, { [key.address]: [1] })).code).toBe(RpcErrorCode.InvalidParams)
    expect(refusal(signPsbt('cHNidP8BAAAAAA==', { [key.address]: [0] })).message).toBe(BitcoinRpcMessage.unreadable)
    expect(refusal({ ...signPsbt(psbt, { [key.address]: [0] }), chainId: 1 }).message).toMatch(/needs a Bitcoin network/)
    expect(refusal({ ...signPsbt(psbt, { [key.address]: [0] }), chainId: 'bip122:000000000019d6689c085ae165831e93' }).code).toBe(
      RpcErrorCode.Unauthorized,
    )
  })

  it('refuses an input without its witnessUtxo, or one already final', () => {
    const bare = new Psbt({ network: regtest })
    bare.addInput({ hash: utxo(1, 0n).txid, index: 1 })
    bare.addOutput({ script: key.script, value: 1_000n })
    expect(refusal(signPsbt(bare.toBase64(), { [key.address]: [0] })).message).toBe(BitcoinRpcMessage.noWitnessUtxo(0))
    const { psbt } = transfer(key.address, 1_000_000n, [utxo(1, 100_000_000n)])
    const signed = Psbt.fromBase64(psbt, { network: regtest })
      .signInput(0, { publicKey: key.publicKey, sign: key.sign })
      .finalizeAllInputs()
    expect(refusal(signPsbt(signed.toBase64(), { [key.address]: [0] })).message).toBe(BitcoinRpcMessage.finalized(0))
  })
})

describe('signMessage', () => {
  const signMessage = (params: unknown): FrameRpcRequest => ({ method: 'signMessage', params, chainId: REGTEST.id })

  it('answers a BIP-322 signature of the address, protocol BIP322, the protocol named in the params it shows', async () => {
    const prepared = prepare(signMessage({ address: key.address, message: 'Hello World' }))
    expect(prepared.params).toEqual({ address: key.address, message: 'Hello World', protocol: 'BIP322' })
    const answer = bitcoinMethodResults.signMessage.parse(await prepared.sign())
    expect(answer).toMatchObject({ address: key.address, protocol: 'BIP322' })
    expect(Verifier.verifySignature(key.address, 'Hello World', answer.signature)).toBe(true)
  })

  it('answers the legacy signature (65 bytes, P2WPKH header) when asked for ECDSA, protocol ECDSA', async () => {
    const prepared = prepare(signMessage({ address: key.address, message: 'Hello World', protocol: 'ECDSA' }))
    expect(prepared.params).toEqual({ address: key.address, message: 'Hello World', protocol: 'ECDSA' })
    const answer = bitcoinMethodResults.signMessage.parse(await prepared.sign())
    expect(answer).toMatchObject({ address: key.address, protocol: 'ECDSA' })
    const bytes = Uint8Array.from(atob(answer.signature), (char) => char.charCodeAt(0))
    expect(bytes).toHaveLength(65)
    expect(bytes[0]).toBeGreaterThanOrEqual(39)
    expect(bytes[0]).toBeLessThanOrEqual(42)
    expect(Verifier.verifySignature(key.address, 'Hello World', answer.signature)).toBe(true)
    expect(Verifier.verifySignature(key.address, 'Hello World', answer.signature, true)).toBe(true)
  })

  it("refuses another address, another network's address, an unknown protocol and malformed params", () => {
    expect(refusal(signMessage({ address: OTHER, message: 'x' })).code).toBe(RpcErrorCode.Unauthorized)
    expect(refusal(signMessage({ address: account.address, message: 'x' })).code).toBe(RpcErrorCode.Unauthorized)
    expect(refusal(signMessage({ address: key.address, message: 'x', protocol: 'ecdsa' })).code).toBe(RpcErrorCode.InvalidParams)
    expect(refusal(signMessage({ address: key.address })).code).toBe(RpcErrorCode.InvalidParams)
    expect(refusal({ method: 'sendTransfer', params: {}, chainId: REGTEST.id }).code).toBe(RpcErrorCode.UnsupportedMethod)
  })
})
