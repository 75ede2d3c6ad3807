import { kusamaAssetHub, polkadotAssetHub } from '@airlock/chains'
import { PolkadotPayloadErrorText } from '@airlock/chains/polkadot'
import { polkadotMethodResults, ProviderRpcError, RpcErrorCode, type FrameRpcRequest } from '@airlock/protocol'
import { payloadBytes } from '@airlock/devnet/wallet/polkadot-payload'
import { compactToU8a, stringToU8a, u8aToHex, u8aWrapBytes } from '@polkadot/util'
import { decodeAddress, ed25519Verify, encodeAddress, signatureVerify } from '@polkadot/util-crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { decodeRequest, loadView } from '../views'
import { PolkadotNetworkMessage } from './network'
import { preparePolkadotRequest, PolkadotRpcMessage } from './prepare'
import { ASSET_HUB, DEVNET, devnetAccount, OTHER, RECEIVER, transferPayload } from './testing'

beforeAll(() => loadView(DEVNET.id))

const account = await devnetAccount()
const ME = account.addresses[DEVNET.id]!
const request = (method: string, params: unknown): FrameRpcRequest => ({ method, params }) as FrameRpcRequest
const prepare = (method: string, params: unknown, chainId: string | number = DEVNET.id) =>
  preparePolkadotRequest(account, request(method, params), chainId)

/** The refusal a call to `run` throws: its RPC code and message. */
function refusal(run: () => unknown): { code: number; message: string } {
  try {
    run()
  } catch (error) {
    if (error instanceof ProviderRpcError) return { code: error.code, message: error.message }
    throw error
  }
  throw new Error('not refused')
}

describe('polkadot_signMessage', () => {
  it('signs <Bytes>message</Bytes> as extensions do: a text and a hex message verify with @polkadot/util-crypto', async () => {
    for (const [message, bytes] of [
      ['Sign in to Example\nNonce: 7', stringToU8a('Sign in to Example\nNonce: 7')],
      ['0x00ff10', Uint8Array.of(0x00, 0xff, 0x10)],
    ] as const) {
      const prepared = prepare('polkadot_signMessage', { address: ME, message })
      expect(prepared).toMatchObject({ chainId: DEVNET.id, from: ME, params: { address: ME, message } })
      const answer = polkadotMethodResults.polkadot_signMessage.parse(await prepared.sign())
      expect(answer.signature).toMatch(/^0x[0-9a-f]{128}$/)
      expect(signatureVerify(u8aWrapBytes(bytes), answer.signature, ME)).toMatchObject({ isValid: true, crypto: 'ed25519' })
      // Over the wrapped bytes, not the bare message (signatureVerify tries both): a dapp cannot have a payload signed as a "message".
      expect(ed25519Verify(u8aWrapBytes(bytes), answer.signature, account.publicKey)).toBe(true)
      expect(ed25519Verify(bytes, answer.signature, account.publicKey)).toBe(false)
    }
  })

  it('takes this account written in another network’s SS58 format (the prefix only writes the same key)', async () => {
    const generic = encodeAddress(account.publicKey, 42)
    const answer = await prepare('polkadot_signMessage', { address: generic, message: 'hi' }).sign()
    expect(signatureVerify(u8aWrapBytes(stringToU8a('hi')), (answer as { signature: string }).signature, ME).isValid).toBe(true)
  })

  it('refuses another account, a network this wallet does not serve, odd hex and malformed params', () => {
    expect(refusal(() => prepare('polkadot_signMessage', { address: OTHER, message: 'hi' }))).toEqual({
      code: RpcErrorCode.Unauthorized,
      message: PolkadotRpcMessage.otherAccount,
    })
    expect(
      refusal(() => prepare('polkadot_signMessage', { address: ME, message: 'hi' }, 'polkadot:00000000000000000000000000000000')),
    ).toEqual({
      code: RpcErrorCode.InvalidParams,
      message: PolkadotNetworkMessage.noNetwork('polkadot_signMessage'),
    })
    expect(refusal(() => prepare('polkadot_signMessage', { address: ME, message: 'hi' }, 1))).toMatchObject({
      code: RpcErrorCode.InvalidParams,
    })
    expect(refusal(() => prepare('polkadot_signMessage', { address: ME, message: '0x123' }))).toEqual({
      code: RpcErrorCode.InvalidParams,
      message: PolkadotRpcMessage.oddHex,
    })
    expect(refusal(() => prepare('polkadot_signMessage', { address: ME }))).toEqual({
      code: RpcErrorCode.InvalidParams,
      message: 'Invalid params for polkadot_signMessage',
    })
    expect(refusal(() => prepare('polkadot_signRaw', { address: ME, message: 'hi' }))).toMatchObject({
      code: RpcErrorCode.UnsupportedMethod,
    })
  })

  it('names the account on the network asked for', () => {
    for (const network of [polkadotAssetHub, kusamaAssetHub]) {
      const prepared = prepare('polkadot_signMessage', { address: ME, message: 'hi' }, network.caipNetworkId)
      expect(prepared.from).toBe(encodeAddress(account.publicKey, network === polkadotAssetHub ? 0 : 2))
    }
  })
})

describe('polkadot_signTransaction', () => {
  const me = ME
  const sign = (payload: object, address = me) => prepare('polkadot_signTransaction', { address, transactionPayload: payload })

  it('answers a MultiSignature (0x00, ed25519) over the payload’s signing bytes, as polkadot-js computes them', async () => {
    const payload = transferPayload(me)
    const prepared = sign(payload)
    expect(prepared).toMatchObject({ chainId: DEVNET.id, from: me })
    const { signature } = polkadotMethodResults.polkadot_signTransaction.parse(await prepared.sign())
    expect(signature).toMatch(/^0x00[0-9a-f]{128}$/)
    expect(signatureVerify(payloadBytes(payload), signature, me)).toMatchObject({ isValid: true, crypto: 'ed25519' })
  })

  it('signs the blake2-256 hash of a payload longer than 256 bytes', async () => {
    const remark = `0x0000${u8aToHex(compactToU8a(300)).slice(2)}${'61'.repeat(300)}`
    const payload = { ...transferPayload(me), method: remark }
    const { signature } = polkadotMethodResults.polkadot_signTransaction.parse(await sign(payload).sign())
    expect(signatureVerify(payloadBytes(payload), signature, me).isValid).toBe(true)
  })

  it('refuses another account, another chain, an unknown signed extension and a payload that does not decode, each with its reason', () => {
    const payload = transferPayload(me)
    expect(refusal(() => sign(payload, encodeAddress(decodeAddress(OTHER), 0)))).toEqual({
      code: RpcErrorCode.Unauthorized,
      message: PolkadotRpcMessage.otherAccount,
    })
    expect(refusal(() => sign({ ...payload, address: OTHER }))).toEqual({
      code: RpcErrorCode.Unauthorized,
      message: PolkadotRpcMessage.otherAccount,
    })
    const invalid = (message: string) => ({ code: RpcErrorCode.InvalidParams, message })
    const assetHubGenesis = '0x68d56f15f85d3136970ec16946040bc1752654e906147f7e43e9d539d7c3de2f'
    expect(refusal(() => sign({ ...payload, genesisHash: assetHubGenesis }))).toEqual(
      invalid(PolkadotPayloadErrorText.otherNetwork(ASSET_HUB.id)),
    )
    expect(refusal(() => sign({ ...payload, signedExtensions: [...payload.signedExtensions, 'CheckSomethingNew'] }))).toEqual(
      invalid(PolkadotPayloadErrorText.unknownExtension('CheckSomethingNew')),
    )
    // A period of 2 blocks is no era the runtime decodes; a metadata hash the runtime is told not to check.
    expect(refusal(() => sign({ ...payload, era: '0x3000' }))).toEqual(invalid('era: period 2 and phase 3 are no mortal era'))
    expect(refusal(() => sign({ ...payload, mode: 0 }))).toEqual(invalid(PolkadotPayloadErrorText.metadataHashWithoutMode))
    expect(refusal(() => sign({ ...payload, version: 5 }))).toEqual(invalid('Invalid params for polkadot_signTransaction'))
  })

  it('signs what it showed: a field changed after prepare reaches neither the prompt nor the signature', async () => {
    const payload = transferPayload(me)
    const params = { address: me, transactionPayload: structuredClone(payload) }
    const prepared = preparePolkadotRequest(account, request('polkadot_signTransaction', params), DEVNET.id)
    const shown = decodeRequest({ method: prepared.method, params: prepared.params, chainId: DEVNET.id, from: me })
    // The dapp's object changes after the check: a bigger amount, another receiver, a tip.
    params.transactionPayload.method = `0x0a0300${'11'.repeat(32)}0b0098f73e5d01`
    params.transactionPayload.tip = '0x000000000000000000000000000f4240'
    // The params the prompt shows cannot change either.
    expect(() => {
      ;(prepared.params as { transactionPayload: { tip: string } }).transactionPayload.tip = '0x01'
    }).toThrow(TypeError)
    const { signature } = polkadotMethodResults.polkadot_signTransaction.parse(await prepared.sign())
    expect(signatureVerify(payloadBytes(payload), signature, me).isValid).toBe(true)
    expect(signatureVerify(payloadBytes(params.transactionPayload), signature, me).isValid).toBe(false)
    expect(decodeRequest({ method: prepared.method, params: prepared.params, chainId: DEVNET.id, from: me })).toEqual(shown)
    expect(shown).toMatchObject({
      kind: 'polkadotTransaction',
      transaction: { call: { amountText: '1 ROC', receiver: RECEIVER }, tipText: '0 ROC' },
    })
  })
})
