import { POLKADOT_CALLS, decodePayload, payloadBytes, signedExtrinsic, signingBytes } from '@airlock/chains/polkadot'
import { SignerPayloadJSON } from '@airlock/protocol'
import { ApiPromise, HttpProvider } from '@polkadot/api'
import type { SubmittableExtrinsic } from '@polkadot/api/types'
import { u8aToHex } from '@polkadot/util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { POLKADOT_DEVNET_CAIP_NETWORK_ID, polkadotDevnetAccounts } from './accounts'
import { polkadotDevnetPair } from './keys'
import { startPolkadotDevnet, type PolkadotDevnet } from './server'

/**
 * @airlock/chains/polkadot against the real thing: its call table against the devnet runtime's
 * metadata, its signing bytes and signed extrinsic against @polkadot/api 16.5.6's for the same
 * payload, and a transfer it assembled (signed over its bytes) landing on chopsticks.
 */

describe('@airlock/chains/polkadot on the devnet (chopsticks)', () => {
  let devnet: PolkadotDevnet
  let api: ApiPromise

  beforeAll(async () => {
    devnet = await startPolkadotDevnet({ port: 0 })
    api = await ApiPromise.create({ provider: new HttpProvider(devnet.url), noInitWarn: true })
  }, 90_000)
  afterAll(async () => {
    await api?.disconnect()
    await devnet?.stop()
  })

  const balanceOf = async (address: string) => {
    const account = (await api.query['system']!['account']!(address)).toJSON() as { data: { free: number | string } }
    return BigInt(account.data.free)
  }
  /** Submitted as raw hex, so that what reaches the chain is the bytes @airlock/chains built. */
  const submit = (hex: string) => api.rpc.author.submitExtrinsic(hex)

  /**
   * Has @polkadot/api sign `tx` through a signer that answers with a signature over our
   * signingBytes: the payload it asked for, that signature, and the extrinsic @polkadot/api built.
   */
  async function signThroughApi(tx: SubmittableExtrinsic<'promise'>, from: number) {
    const pair = await polkadotDevnetPair(from)
    let captured: SignerPayloadJSON | undefined
    let signature: `0x${string}` | undefined
    await tx.signAsync(pair.address, {
      signer: {
        signPayload: async (raw) => {
          captured = SignerPayloadJSON.parse(raw)
          signature = u8aToHex(Uint8Array.of(1, ...pair.sign(signingBytes(captured))))
          return { id: 1, signature }
        },
      },
    })
    return { payload: captured!, signature: signature!, apiHex: tx.toHex() }
  }

  it("reads the devnet's pallet and call indices as its metadata has them", () => {
    const calls = POLKADOT_CALLS[POLKADOT_DEVNET_CAIP_NETWORK_ID]!
    const index = (section: string, method: string) => [...api.tx[section]![method]!.callIndex]
    // statemine 900 still calls transfer_allow_death `transfer` (renamed, same index, in 2023).
    const allowDeath = api.tx['balances']!['transferAllowDeath'] ? 'transferAllowDeath' : 'transfer'
    expect(index('balances', allowDeath)).toEqual(calls.transfer_allow_death)
    expect(index('balances', 'transferKeepAlive')).toEqual(calls.transfer_keep_alive)
    expect(index('balances', 'transferAll')).toEqual(calls.transfer_all)
    expect(index('system', 'remark')).toEqual(calls.remark)
    expect(index('utility', 'batchAll')).toEqual(calls.batch_all)
  })

  it('builds the bytes @polkadot/api signs and the extrinsic it sends; the transfer lands', async () => {
    const to = polkadotDevnetAccounts[7]!
    const amount = 1_234_567_890_000n
    const before = await balanceOf(to.address)
    const { payload, signature, apiHex } = await signThroughApi(api.tx['balances']!['transferKeepAlive']!(to.address, amount), 6)

    const reference = api.registry.createType('ExtrinsicPayload', payload, { version: payload.version })
    expect(u8aToHex(payloadBytes(payload))).toBe(u8aToHex(reference.toU8a({ method: true })))
    expect(signedExtrinsic(payload, signature)).toBe(apiHex)

    const decoded = decodePayload(payload, POLKADOT_DEVNET_CAIP_NETWORK_ID)
    expect(decoded.call).toEqual({ kind: 'transfer', call: 'transfer_keep_alive', receiver: { kind: 'id', address: to.address }, amount })
    expect(decoded.tip).toBe(0n)
    expect(decoded.era).toMatchObject({ kind: 'mortal', birth: Number(BigInt(payload.blockNumber)) })

    await submit(signedExtrinsic(payload, signature))
    await expect.poll(() => balanceOf(to.address), { timeout: 15_000 }).toBe(before + amount)
  }, 60_000)

  it('hashes a payload longer than 256 bytes before signing: a batch_all with a long remark lands', async () => {
    const to = polkadotDevnetAccounts[8]!
    const amount = 5_000_000_000n
    const before = await balanceOf(to.address)
    const remark = `0x${'61'.repeat(300)}`
    const tx = api.tx['utility']!['batchAll']!([
      api.tx['balances']!['transferKeepAlive']!(to.address, amount),
      api.tx['system']!['remark']!(remark),
    ])
    const { payload, signature, apiHex } = await signThroughApi(tx, 5)

    expect(payloadBytes(payload).length).toBeGreaterThan(256)
    expect(signingBytes(payload)).toHaveLength(32)
    expect(signedExtrinsic(payload, signature)).toBe(apiHex)
    expect(decodePayload(payload, POLKADOT_DEVNET_CAIP_NETWORK_ID).call).toMatchObject({
      kind: 'batchAll',
      calls: [{ kind: 'transfer', amount }, { kind: 'remark' }],
    })

    await submit(signedExtrinsic(payload, signature))
    await expect.poll(() => balanceOf(to.address), { timeout: 15_000 }).toBe(before + amount)
  }, 60_000)
})
