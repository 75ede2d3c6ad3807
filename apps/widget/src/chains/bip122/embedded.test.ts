import { planBitcoinTransfer, transferPsbt } from '@airlock/chains/bip122'
import { bitcoinDevnetAccounts, BITCOIN_REGTEST_CAIP_NETWORK_ID as REGTEST, bitcoinDevnetSigner } from '@airlock/devnet/bitcoin'
import { frameRpcNotAllowedError, ProviderRpcError, RpcErrorCode } from '@airlock/protocol'
import { networks, Psbt, Transaction } from 'bitcoinjs-lib'
import { describe, expect, it } from 'vitest'
import type { EmbeddedWallet, FrameSign } from '../types'
import { bitcoinEmbedded } from './embedded'
import { noSmartAccounts } from '../../testing/fakeFrame'

/**
 * The embedded wallet's Bitcoin requests as the widget's embedded connector hands them over
 * (connectors/embedded/request.ts): a fake EmbeddedWallet that does what the real one does with
 * `confirm` (4200 for a method the frame does not sign, the check before anything is shown, then
 * the frame's turn), and a frame that answers what the test says.
 */

const ME_ACCOUNT = bitcoinDevnetAccounts[3]!
const ME = ME_ACCOUNT.address
const OTHER = bitcoinDevnetAccounts[4]!.address

/** The API's esplora pass-through: POST tx answers the transaction's id; `posted` lists what was broadcast. */
function fakeNode() {
  const posted: string[] = []
  const rpc = () => Promise.reject(new Error('bip122 reads no JSON-RPC'))
  const rest = async (caipNetworkId: string, path: string, body?: string) => {
    if (caipNetworkId !== REGTEST || path !== 'tx' || body === undefined) throw new Error(`unexpected ${caipNetworkId} ${path}`)
    posted.push(body)
    return Transaction.fromHex(body).getId()
  }
  return Object.assign(rpc, { rest, posted })
}

function fakeWallet(frameAnswer: (params: unknown) => unknown = () => undefined) {
  const shown: { params: unknown; chainId: unknown }[] = []
  const checked: string[] = []
  const node = fakeNode()
  const wallet: EmbeddedWallet = {
    rpc: () => Promise.reject(new Error('bip122 reads no JSON-RPC')),
    node,
    networks: { requested: [REGTEST], rpcUrl: (id) => id },
    switchNetwork: () => Promise.reject(new Error('not here')),
    notAllowed: () => frameRpcNotAllowedError(),
    smartAccounts: noSmartAccounts,
    async confirm(check, sign) {
      const value = check()
      checked.push('checked')
      const frame: FrameSign = async (params, chainId) => {
        shown.push({ params, chainId })
        return frameAnswer(params)
      }
      return sign(value, frame)
    },
  }
  return { wallet, shown, checked, posted: node.posted }
}

const ask = (wallet: EmbeddedWallet, method: string, params?: unknown, address = ME, caipNetworkId: string = REGTEST) =>
  bitcoinEmbedded.request(wallet, { caipNetworkId, address, method, params })

/** A PSBT spending one UTXO of ME's to OTHER, change back, as the Send form builds it. */
function transferOf(from = ME) {
  const request = {
    caipNetworkId: REGTEST,
    from,
    to: OTHER,
    amount: 100_000n,
    feeRate: 2,
    utxos: [{ txid: 'ab'.repeat(32), vout: 1, value: 1_000_000n }],
  }
  return transferPsbt(request, planBitcoinTransfer(request))
}

describe('the embedded wallet on Bitcoin (chains/bip122/embedded.ts)', () => {
  it('signs what its frame signs: messages (BIP-322 or ECDSA) and PSBTs', () => {
    expect([...bitcoinEmbedded.signingMethods].sort()).toEqual(['signMessage', 'signPsbt'])
  })

  it('getAddresses: the connection’s payment address, without the frame; no ordinals account', async () => {
    const { wallet, shown, checked } = fakeWallet()
    const entry = { address: ME, purpose: 'payment', addressType: 'p2wpkh' }
    await expect(ask(wallet, 'getAddresses')).resolves.toEqual({ addresses: [entry] })
    await expect(ask(wallet, 'getAddresses', { purposes: ['payment', 'ordinals'] })).resolves.toEqual({ addresses: [entry] })
    await expect(ask(wallet, 'getAddresses', { purposes: ['ordinals'] })).resolves.toEqual({ addresses: [] })
    await expect(ask(wallet, 'getAddresses', { purposes: ['stacks'] })).rejects.toMatchObject({ code: RpcErrorCode.InvalidParams })
    expect([shown, checked]).toEqual([[], []])
  })

  it('signMessage: checked, shown and signed by the frame (BIP-322), the answer checked', async () => {
    const signature =
      'AkcwRAIgZRfIY3p7/DoVTty6YZbWS71bc5Vct9p9Fia83eRmw2QCICK/ENGfwLtptFluMGs2KsqoNSk89pO7F29zJLUx9a/sASECx/EgAxlkQpQ9hYjgGu6EBCPMVPwVIVJqO4XCsMvViHI='
    const { wallet, shown } = fakeWallet(() => ({ signature, address: ME, protocol: 'BIP322' }))
    await expect(ask(wallet, 'signMessage', { address: ME, message: 'Hello' })).resolves.toEqual({
      signature,
      address: ME,
      protocol: 'BIP322',
    })
    // The frame gets the checked params and the connection's network (askFrame's default chainId).
    expect(shown).toEqual([{ params: { address: ME, message: 'Hello', protocol: 'BIP322' }, chainId: undefined }])
  })

  it('signMessage in the legacy form (ECDSA): no longer refused, it reaches the frame with protocol ECDSA and its answer is checked', async () => {
    // The devnet key's (account 3) legacy signature of "Hello": header 40 (39 + recovery id, P2WPKH), r ‖ s.
    const signature = 'KG8bMa3FLOouJcgZKumopJX889rTW5f6dNUpkZIFR9YzCZoECTj4vQ0Ars4OSwKaIl7IB+ufjwq+FtL+alqjtsU='
    const { wallet, shown } = fakeWallet(() => ({ signature, address: ME, protocol: 'ECDSA' }))
    await expect(ask(wallet, 'signMessage', { address: ME, message: 'Hello', protocol: 'ECDSA' })).resolves.toEqual({
      signature,
      address: ME,
      protocol: 'ECDSA',
    })
    expect(shown).toEqual([{ params: { address: ME, message: 'Hello', protocol: 'ECDSA' }, chainId: undefined }])
    // A frame that answers another form than the one asked (and shown) is an error, not a result.
    const { wallet: bip322 } = fakeWallet(() => ({ signature, address: ME, protocol: 'BIP322' }))
    await expect(ask(bip322, 'signMessage', { address: ME, message: 'Hello', protocol: 'ECDSA' })).rejects.toMatchObject({
      code: RpcErrorCode.InternalError,
      message: 'The secure frame signed the message in another form than asked',
    })
  })

  it('signMessage refused before the user is asked: another address (4100), an unknown protocol, bad params', async () => {
    const { wallet, shown } = fakeWallet()
    await expect(ask(wallet, 'signMessage', { address: OTHER, message: 'x' })).rejects.toMatchObject({ code: RpcErrorCode.Unauthorized })
    await expect(ask(wallet, 'signMessage', { address: ME, message: 'x', protocol: 'ecdsa' })).rejects.toMatchObject({
      code: RpcErrorCode.InvalidParams,
    })
    await expect(ask(wallet, 'signMessage', { message: 'x' })).rejects.toMatchObject({
      code: RpcErrorCode.InvalidParams,
      message: 'Invalid params for signMessage',
    })
    expect(shown).toEqual([])
  })

  it('a malformed or foreign answer of the frame is an error, not a result', async () => {
    const { wallet } = fakeWallet(() => ({ signature: 'not base64 !', address: ME }))
    await expect(ask(wallet, 'signMessage', { address: ME, message: 'x' })).rejects.toMatchObject({ code: RpcErrorCode.InternalError })
    const { wallet: other } = fakeWallet(() => ({ signature: 'AAAA', address: OTHER }))
    await expect(ask(other, 'signMessage', { address: ME, message: 'x' })).rejects.toMatchObject({
      code: RpcErrorCode.InternalError,
      message: 'The secure frame signed with another address',
    })
    const { wallet: psbtless } = fakeWallet(() => ({}))
    await expect(ask(psbtless, 'signPsbt', { psbt: transferOf(), signInputs: { [ME]: [0] } })).rejects.toMatchObject({
      code: RpcErrorCode.InternalError,
    })
  })

  it('signPsbt without broadcast: the PSBT the Send form builds goes to the frame as it is; its signed PSBT comes back', async () => {
    const psbt = transferOf()
    const { wallet, shown } = fakeWallet(() => ({ psbt: `${psbt}` }))
    const params = { psbt, signInputs: { [ME]: [0] }, broadcast: false }
    await expect(ask(wallet, 'signPsbt', params)).resolves.toEqual({ psbt })
    expect(shown).toEqual([{ params, chainId: undefined }])
  })

  it('signPsbt with broadcast: the frame signs it whole (and names its txid); its transaction is broadcast through the API', async () => {
    const frameSigns = (params: unknown) => {
      const psbt = Psbt.fromBase64((params as { psbt: string }).psbt, { network: networks.regtest })
      psbt.signAllInputs(bitcoinDevnetSigner(ME_ACCOUNT)).finalizeAllInputs()
      return { psbt: psbt.toBase64(), txid: psbt.extractTransaction().getId() }
    }
    const { wallet, shown, posted } = fakeWallet(frameSigns)
    const params = { psbt: transferOf(), signInputs: { [ME]: [0] }, broadcast: true }
    const answer = (await ask(wallet, 'signPsbt', params)) as { psbt: string; txid: string }
    expect(shown).toEqual([{ params, chainId: undefined }])
    expect(posted).toHaveLength(1)
    const sent = Transaction.fromHex(posted[0]!)
    expect(answer.txid).toBe(sent.getId())
    expect(Psbt.fromBase64(answer.psbt, { network: networks.regtest }).extractTransaction().toHex()).toBe(posted[0])

    // A txid of another transaction, or a PSBT that is not whole: an error, not a result (the latter never broadcast).
    const { wallet: lying } = fakeWallet((p) => ({ ...frameSigns(p), txid: 'ab'.repeat(32) }))
    await expect(ask(lying, 'signPsbt', params)).rejects.toMatchObject({ code: RpcErrorCode.InternalError })
    const { wallet: unsigned, posted: none } = fakeWallet((p) => ({ psbt: (p as { psbt: string }).psbt }))
    await expect(ask(unsigned, 'signPsbt', params)).rejects.toMatchObject({
      code: RpcErrorCode.InternalError,
      message: expect.stringMatching(/^The secure frame returned a PSBT that cannot be sent/),
    })
    expect(none).toEqual([])
  })

  it('signPsbt refused before the user is asked: inputs of another address (4100), bad params', async () => {
    const { wallet, shown } = fakeWallet()
    const psbt = transferOf()
    await expect(ask(wallet, 'signPsbt', { psbt, signInputs: { [ME]: [0], [OTHER]: [1] } })).rejects.toMatchObject({
      code: RpcErrorCode.Unauthorized,
    })
    await expect(ask(wallet, 'signPsbt', { psbt: 'not a psbt', signInputs: { [ME]: [0] } })).rejects.toMatchObject({
      code: RpcErrorCode.InvalidParams,
    })
    expect(shown).toEqual([])
  })

  it('sendTransfer and any other method: 4200 (the Send form then signs a PSBT); nothing asked of the frame', async () => {
    const { wallet, shown, checked } = fakeWallet()
    for (const [method, params] of [
      ['sendTransfer', { recipients: [{ address: OTHER, amount: 1000 }] }],
      ['eth_sendTransaction', [{}]],
      ['personal_sign', ['0x00', ME]],
      ['wallet_connect', {}],
    ] as const)
      await expect(ask(wallet, method, params), method).rejects.toMatchObject({ code: RpcErrorCode.UnsupportedMethod })
    expect([shown, checked]).toEqual([[], []])
  })

  it('a connection that is no Bitcoin account on a Bitcoin network is not one (4900)', async () => {
    const { wallet } = fakeWallet()
    const disconnected = { code: RpcErrorCode.Disconnected }
    await expect(ask(wallet, 'getAddresses', undefined, '0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).rejects.toMatchObject(disconnected)
    await expect(ask(wallet, 'getAddresses', undefined, ME, 'eip155:1')).rejects.toMatchObject(disconnected)
    // A regtest address on mainnet.
    await expect(ask(wallet, 'getAddresses', undefined, ME, 'bip122:000000000019d6689c085ae165831e93')).rejects.toMatchObject(disconnected)
  })

  it('errors of the frame (the user’s no) reach the dapp as they are', async () => {
    const { wallet } = fakeWallet(() => {
      throw new ProviderRpcError(RpcErrorCode.UserRejected, 'User rejected the request.')
    })
    await expect(ask(wallet, 'signPsbt', { psbt: transferOf(), signInputs: { [ME]: [0] } })).rejects.toMatchObject({
      code: RpcErrorCode.UserRejected,
    })
  })
})
