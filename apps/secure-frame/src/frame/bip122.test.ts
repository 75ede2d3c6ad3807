import { planBitcoinTransfer, transferPsbt } from '@airlock/chains/bip122'
import { broadcastTransaction, fetchUtxos, sendBitcoin, startBitcoinDevnet, type BitcoinDevnet } from '@airlock/devnet/bitcoin'
import { startMailSink, type MailSink } from '@airlock/devnet/mail'
import { RpcErrorCode } from '@airlock/protocol'
import { Verifier } from 'bip322-js'
import { Psbt, networks } from 'bitcoinjs-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { smtpMailer } from '../../../api/src/platform/mail/mailer'
import { MESSAGE_SIGNATURES } from '../families/bip122/decode'
import { decodeRequest, loadView } from '../families/views'
import { frameDevice, openCustody, signInByEmail, type Custody } from '../testing/frameDevice'

/**
 * The embedded wallet's Bitcoin account end to end: the frame (real custody servers) signs what the
 * user approved, and the devnet's esplora server (which checks every signature) takes the
 * transaction the widget would broadcast.
 */
let devnet: BitcoinDevnet
let sink: MailSink
let custody: Custody

beforeAll(async () => {
  ;[devnet, sink] = await Promise.all([startBitcoinDevnet({ port: 0 }), startMailSink({ smtpPort: 0, httpPort: 0 })])
  custody = await openCustody({ mailer: smtpMailer(sink.smtpUrl), now: Date.now })
}, 30_000)
afterAll(async () => {
  await Promise.all([custody?.close(), sink?.stop(), devnet?.stop()])
})

describe('the embedded wallet on Bitcoin', () => {
  it('tells the widget its address per network, signs a transfer it showed, which the devnet takes, and a BIP-322 and a legacy (ECDSA) message', async () => {
    const device = frameDevice(custody, { storage: 'indexeddb' })
    const frame = device.load()
    expect(await signInByEmail(sink, frame, `bitcoin.${Date.now()}@example.com`)).toEqual({ action: 'CONNECT' })
    const user = await frame.getUser({ chainId: devnet.caipNetworkId })
    const me = user.addresses!.bip122![devnet.caipNetworkId]!
    expect(me).toMatch(/^bcrt1q/)
    expect(user.addresses!.bip122!['bip122:000000000019d6689c085ae165831e93']).toMatch(/^bc1q/)

    await sendBitcoin(devnet.url, devnet.accounts[0]!, me, 10_000_000n)
    const utxos = (await fetchUtxos(devnet.url, me)).map(({ txid, vout, value }) => ({ txid, vout, value: BigInt(value) }))
    const to = devnet.accounts[1]!.address
    const transfer = { caipNetworkId: devnet.caipNetworkId, from: me, to, amount: 2_000_000n, feeRate: 2, utxos }
    const plan = planBitcoinTransfer(transfer)
    const psbt = transferPsbt(transfer, plan)
    const answer = (await frame.rpcRequest({
      id: 'b1',
      method: 'signPsbt',
      params: { psbt, signInputs: { [me]: [0] }, broadcast: true },
    })) as { psbt: string; txid: string }

    // The user was shown this PSBT, on regtest, from this account: the recipient, the change, the fee.
    const asked = device.asked.at(-1)!
    expect(asked).toMatchObject({ method: 'signPsbt', chainId: devnet.caipNetworkId, from: me, params: { psbt } })
    await loadView('bip122:')
    const shown = decodeRequest(asked)
    expect(shown.kind === 'bitcoinPsbt' && shown.psbt.outputs.map((output) => [output.address, output.change])).toEqual([
      [to, false],
      [me, true],
    ])
    const transaction = Psbt.fromBase64(answer.psbt, { network: networks.regtest }).extractTransaction()
    expect(await broadcastTransaction(devnet.url, transaction.toHex())).toBe(answer.txid)
    expect((await fetchUtxos(devnet.url, to)).some((utxo) => utxo.txid === answer.txid && BigInt(utxo.value) === 2_000_000n)).toBe(true)

    const signed = (await frame.rpcRequest({
      id: 'b2',
      method: 'signMessage',
      params: { address: me, message: 'Hello from Airlock' },
      chainId: devnet.caipNetworkId,
    })) as { signature: string }
    expect(Verifier.verifySignature(me, 'Hello from Airlock', signed.signature)).toBe(true)
    expect(decodeRequest(device.asked.at(-1)!)).toMatchObject({ kind: 'message', signature: MESSAGE_SIGNATURES.BIP322 })

    // The legacy form (sats-connect's protocol ECDSA): shown as such, the message shown is the one signed.
    const legacy = (await frame.rpcRequest({
      id: 'b4',
      method: 'signMessage',
      params: { address: me, message: 'Legacy hello', protocol: 'ECDSA' },
      chainId: devnet.caipNetworkId,
    })) as { signature: string; address: string; protocol: string }
    const legacyAsked = device.asked.at(-1)!
    expect(legacyAsked).toMatchObject({
      method: 'signMessage',
      from: me,
      params: { address: me, message: 'Legacy hello', protocol: 'ECDSA' },
    })
    expect(decodeRequest(legacyAsked)).toMatchObject({
      kind: 'message',
      message: { display: 'Legacy hello' },
      signature: MESSAGE_SIGNATURES.ECDSA,
    })
    expect(legacy).toMatchObject({ address: me, protocol: 'ECDSA' })
    expect(atob(legacy.signature)).toHaveLength(65)
    expect(Verifier.verifySignature(me, 'Legacy hello', legacy.signature)).toBe(true)
    expect(Verifier.verifySignature(me, 'Legacy hello', legacy.signature, true)).toBe(true)
    expect(Verifier.verifySignature(me, 'Hello from Airlock', legacy.signature)).toBe(false)

    // On an eip155 chain there is no Bitcoin account to sign with: refused before the user is asked.
    const count = device.asked.length
    await expect(
      frame.rpcRequest({ id: 'b3', method: 'signMessage', params: { address: me, message: 'x' }, chainId: 1 }),
    ).rejects.toMatchObject({ code: RpcErrorCode.InvalidParams })
    expect(device.asked).toHaveLength(count)
  })
})
