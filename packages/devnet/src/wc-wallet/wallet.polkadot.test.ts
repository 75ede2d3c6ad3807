import { polkadotAssetHub } from '@airlock/chains'
import { WALLETCONNECT_POLKADOT_EVENTS, WALLETCONNECT_POLKADOT_METHODS } from '@airlock/protocol'
import { ApiPromise, HttpProvider } from '@polkadot/api'
import type { SignerPayloadJSON } from '@polkadot/types/types'
import { u8aWrapBytes } from '@polkadot/util'
import { cryptoWaitReady, encodeAddress, sr25519Verify } from '@polkadot/util-crypto'
import { SignClient } from '@walletconnect/sign-client'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { polkadotDevnetAccounts } from '../polkadot/accounts'
import { startPolkadotDevnet, type PolkadotDevnet } from '../polkadot/server'
import { startRelay, type Relay } from '../relay/server'
import { createOfflineCore, stopWalletConnectCore } from './core'
import type { ReferenceWallet } from './types'
import { createReferenceWallet } from './wallet'

const PROJECT = 'wallet-polkadot-test'
/** A chain the wallet has no node for. */
const ASSET_HUB = polkadotAssetHub.caipNetworkId

// One chopsticks for the file (ready in 4-12 s).
describe('reference wallet on the Polkadot devnet (WalletConnect polkadot)', () => {
  let devnet: PolkadotDevnet
  let relay: Relay
  let api: ApiPromise
  let dapp: Awaited<ReturnType<typeof SignClient.init>>
  let wallet: ReferenceWallet
  let topic: string
  const me = polkadotDevnetAccounts[1]!

  beforeAll(async () => {
    ;[relay, devnet] = await Promise.all([startRelay({ port: 0 }), startPolkadotDevnet({ port: 0 }), cryptoWaitReady()])
    api = await ApiPromise.create({ provider: new HttpProvider(devnet.url), noInitWarn: true })
    dapp = await SignClient.init({
      core: createOfflineCore({ relayUrl: relay.url, projectId: PROJECT, name: 'wallet-polkadot-test-dapp' }),
      metadata: { name: 'Polkadot test dapp', description: 'vitest', url: 'http://dapp.localhost', icons: [] },
      logger: 'silent',
    })
    wallet = await createReferenceWallet({
      relayUrl: relay.url,
      projectId: PROJECT,
      rpcUrls: { 31337: 'http://127.0.0.1:9' },
      polkadotRpcUrls: { [devnet.caipNetworkId]: devnet.url },
    })
    const polkadot = {
      chains: [devnet.caipNetworkId, ASSET_HUB],
      methods: [...WALLETCONNECT_POLKADOT_METHODS],
      events: [...WALLETCONNECT_POLKADOT_EVENTS],
    }
    const { uri, approval } = await dapp.connect({ optionalNamespaces: { polkadot } })
    await wallet.pair(uri!)
    topic = (await approval()).topic
  }, 90_000)

  afterAll(async () => {
    await wallet?.stop()
    if (dapp) await stopWalletConnectCore(dapp.core)
    await api?.disconnect()
    await Promise.all([relay?.stop(), devnet?.stop()])
  })

  const request = <T = unknown>(method: string, params: unknown) =>
    dapp.request<T>({ topic, chainId: devnet.caipNetworkId, request: { method, params } })
  const free = async (address: string) =>
    BigInt(((await api.query['system']!['account']!(address)).toJSON() as { data: { free: number | string } }).data.free)

  it('approves polkadot on the chains it has a node for, its account in each chain’s SS58 format', () => {
    expect(dapp.session.get(topic).namespaces.polkadot).toEqual({
      chains: [devnet.caipNetworkId],
      accounts: [`${devnet.caipNetworkId}:${me.address}`],
      methods: [...WALLETCONNECT_POLKADOT_METHODS],
      events: [],
    })
    expect(wallet.polkadotAddress).toBe(me.address)
  })

  it('signs a message wrapped in <Bytes> as extensions do, for its account in any SS58 format; another account is 4100', async () => {
    const message = 'Sign in to dapp.localhost'
    const { signature } = await request<{ signature: string }>('polkadot_signMessage', {
      address: encodeAddress(me.publicKey, 42),
      message,
    })
    // sr25519Verify, not signatureVerify, which would accept the bare message's signature too.
    expect(sr25519Verify(u8aWrapBytes(message), signature, me.publicKey)).toBe(true)
    expect(sr25519Verify(message, signature, me.publicKey)).toBe(false)
    await expect(request('polkadot_signMessage', { address: polkadotDevnetAccounts[2]!.address, message })).rejects.toMatchObject({
      code: 4100,
    })
  })

  it('signs a transfer payload that the devnet accepts: the receiver gets the amount', async () => {
    const to = encodeAddress(new Uint8Array(32).fill(7), devnet.ss58Prefix)
    const signer = {
      signPayload: async (payload: SignerPayloadJSON) => ({
        id: 1,
        signature: (
          await request<{ signature: `0x${string}` }>('polkadot_signTransaction', { address: me.address, transactionPayload: payload })
        ).signature,
      }),
    }
    const amount = 3n * 10n ** 12n
    const transfer = await api.tx.balances!.transferKeepAlive!(to, amount).signAsync(me.address, { signer })
    await transfer.send()
    await expect.poll(() => free(to), { timeout: 15_000 }).toBe(amount)
  })

  it('answers bad params with -32602', async () => {
    await expect(
      request('polkadot_signTransaction', { address: me.address, transactionPayload: { method: '0x00' } }),
    ).rejects.toMatchObject({
      code: -32602,
    })
  })
})
