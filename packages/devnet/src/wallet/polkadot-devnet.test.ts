import { SignerPayloadJSON as SignerPayloadSchema } from '@airlock/protocol'
import { ApiPromise, HttpProvider } from '@polkadot/api'
import type { SignerPayloadJSON } from '@polkadot/types/types'
import { encodeAddress } from '@polkadot/util-crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { POLKADOT_DEVNET_SS58_PREFIX, polkadotDevnetAccounts } from '../polkadot/accounts'
import { startPolkadotDevnet, type PolkadotDevnet } from '../polkadot/server'
import { createDevnetPolkadotWallet } from './polkadot'

// One chopsticks for the file (~270 MB, ready in 4-12 s).
describe('the devnet Polkadot extension on the devnet chain', () => {
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

  it("signs what @polkadot/api asks (a payload protocol's SignerPayloadJSON accepts) into a transfer the chain takes", async () => {
    const wallet = createDevnetPolkadotWallet()
    const injected = await wallet.extension.enable('Airlock test')
    const [account] = await injected.accounts.get()
    const payloads: SignerPayloadJSON[] = []
    const signer = {
      signPayload: (payload: SignerPayloadJSON) => (payloads.push(payload), injected.signer.signPayload(payload)),
    }
    const to = encodeAddress(`0x${'42'.repeat(32)}`, POLKADOT_DEVNET_SS58_PREFIX)
    const amount = 10n ** 12n
    const transfer = api.tx['balances']!['transferKeepAlive']!(to, amount)
    await transfer.signAsync(account!.address, { signer, nonce: -1 })
    expect(SignerPayloadSchema.safeParse(payloads[0]).success).toBe(true)
    expect(encodeAddress(payloads[0]!.address, POLKADOT_DEVNET_SS58_PREFIX)).toBe(polkadotDevnetAccounts[0]!.address)

    await api.rpc.author.submitExtrinsic(transfer)
    const free = async () =>
      BigInt(((await api.query['system']!['account']!(to)).toJSON() as { data: { free: number | string } }).data.free)
    const deadline = Date.now() + 20_000
    while ((await free()) !== amount && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 250))
    expect(await free()).toBe(amount)
  }, 60_000)
})
