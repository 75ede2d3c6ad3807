import { polkadotAssetHub } from '@airlock/chains'
import { decodeFreeBalance, signedExtrinsic, systemAccountKey } from '@airlock/chains/polkadot'
import { startMailSink, type MailSink } from '@airlock/devnet/mail'
import { startPolkadotDevnet, type PolkadotDevnet } from '@airlock/devnet/polkadot'
import { polkadotMethodResults, RpcErrorCode, SignerPayloadJSON } from '@airlock/protocol'
import { ApiPromise, HttpProvider } from '@polkadot/api'
import { stringToU8a, u8aWrapBytes } from '@polkadot/util'
import { decodeAddress, encodeAddress, signatureVerify } from '@polkadot/util-crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { smtpMailer } from '../../../api/src/platform/mail/mailer'
import { decodeRequest, loadView } from '../families/views'
import { frameDevice, openCustody, signInByEmail, type Custody } from '../testing/frameDevice'

/**
 * The embedded wallet's Polkadot account end to end: the frame (real custody servers) signs the
 * transfer @polkadot/api built for it, after showing it; the extrinsic @airlock/chains builds from
 * the payload and that signature lands on the devnet (chopsticks) and moves the balance.
 */
let devnet: PolkadotDevnet
let sink: MailSink
let custody: Custody

async function rpc<T>(method: string, params: unknown[]): Promise<T> {
  const response = await fetch(devnet.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result: T; error?: { message: string } }
  if (body.error) throw new Error(body.error.message)
  return body.result
}
const freeBalance = async (address: string) =>
  decodeFreeBalance(await rpc<string | null>('state_getStorage', [systemAccountKey(decodeAddress(address))]))!

/** The balance once a block has moved it (chopsticks builds the block after it answers the submit, ~0.5 s), at most 10 s. */
async function balanceMoved(address: string, from: bigint): Promise<bigint> {
  for (const until = Date.now() + 10_000; Date.now() < until; await new Promise((resolve) => setTimeout(resolve, 100))) {
    const balance = await freeBalance(address)
    if (balance !== from) return balance
  }
  return from
}

beforeAll(async () => {
  ;[devnet, sink] = await Promise.all([startPolkadotDevnet({ port: 0 }), startMailSink({ smtpPort: 0, httpPort: 0 })])
  custody = await openCustody({ mailer: smtpMailer(sink.smtpUrl), now: Date.now })
}, 90_000)
afterAll(async () => {
  await Promise.all([custody?.close(), sink?.stop(), devnet?.stop()])
})

describe('the embedded wallet on Polkadot', () => {
  it('tells the widget its address per network, signs a transfer it showed, which lands on the devnet, and a <Bytes> message', async () => {
    const device = frameDevice(custody, { storage: 'indexeddb' })
    const frame = device.load()
    expect(await signInByEmail(sink, frame, `polkadot.${Date.now()}@example.com`)).toEqual({ action: 'CONNECT' })
    const user = await frame.getUser({ chainId: devnet.caipNetworkId })
    const me = user.addresses!.polkadot![devnet.caipNetworkId]!
    const publicKey = decodeAddress(me)
    expect(me).toBe(encodeAddress(publicKey, 2))
    expect(user.addresses!.polkadot![polkadotAssetHub.caipNetworkId]).toBe(encodeAddress(publicKey, 0))

    await rpc('dev_setStorage', [{ System: { Account: [[[me], { providers: 1, data: { free: (10n ** 15n).toString() } }]] } }])
    const to = devnet.accounts[1]!.address
    const before = await freeBalance(to)
    const amount = 1_500_000_000_000n

    // @polkadot/api builds the payload over HTTP (metadata, nonce, era) and hands it to a signer, as a dapp does.
    const api = await ApiPromise.create({ provider: new HttpProvider(devnet.url), noInitWarn: true })
    let payload: SignerPayloadJSON | undefined
    let signature: string | undefined
    try {
      const tx = api.tx['balances']!['transferKeepAlive']!(to, amount)
      await tx.signAsync(me, {
        signer: {
          signPayload: async (asked) => {
            payload = SignerPayloadJSON.parse(asked)
            const answer = await frame.rpcRequest({
              id: 'p1',
              method: 'polkadot_signTransaction',
              params: { address: me, transactionPayload: payload },
              chainId: devnet.caipNetworkId,
            })
            signature = polkadotMethodResults.polkadot_signTransaction.parse(answer).signature
            return { id: 1, signature: signature as `0x${string}` }
          },
        },
      })
      // The extrinsic @airlock/chains builds is the one @polkadot/api builds with the same signature.
      expect(signedExtrinsic(payload!, signature!)).toBe(tx.toHex())
    } finally {
      await api.disconnect()
    }
    expect(signature).toMatch(/^0x00[0-9a-f]{128}$/)

    // The user was shown this transfer: to whom, how much in ROC, on the devnet.
    const asked = device.asked.at(-1)!
    expect(asked).toMatchObject({ method: 'polkadot_signTransaction', chainId: devnet.caipNetworkId, from: me })
    await loadView(asked.chainId)
    expect(decodeRequest(asked)).toMatchObject({
      kind: 'polkadotTransaction',
      network: { name: 'Airlock Polkadot Devnet' },
      transaction: { call: { name: 'Transfer (keep alive)', receiver: to, amountText: '1.5 ROC' }, tipText: '0 ROC' },
    })

    await rpc('author_submitExtrinsic', [signedExtrinsic(payload!, signature!)])
    expect(await balanceMoved(to, before)).toBe(before + amount)

    const signed = polkadotMethodResults.polkadot_signMessage.parse(
      await frame.rpcRequest({
        id: 'p2',
        method: 'polkadot_signMessage',
        params: { address: me, message: 'Hello from Airlock' },
        chainId: devnet.caipNetworkId,
      }),
    )
    expect(signatureVerify(u8aWrapBytes(stringToU8a('Hello from Airlock')), signed.signature, me)).toMatchObject({ isValid: true })
    expect(decodeRequest(device.asked.at(-1)!)).toMatchObject({ kind: 'message', message: { display: 'Hello from Airlock' } })

    // On an eip155 chain there is no Polkadot network to sign for: refused before the user is asked.
    const count = device.asked.length
    await expect(
      frame.rpcRequest({ id: 'p3', method: 'polkadot_signMessage', params: { address: me, message: 'x' }, chainId: 1 }),
    ).rejects.toMatchObject({ code: RpcErrorCode.InvalidParams })
    expect(device.asked).toHaveLength(count)
  }, 60_000)
})
