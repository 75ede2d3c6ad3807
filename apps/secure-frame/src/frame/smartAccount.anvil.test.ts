import { isDelegatedTo } from '@airlock/chains/eip155'
import { DEVNET_CONTRACTS } from '@airlock/devnet'
import { startMailSink, type MailSink } from '@airlock/devnet/mail'
import { encodeFunctionData, erc20Abi, type Address } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { smtpMailer } from '../../../api/src/platform/mail/mailer'
import { CHAIN } from '../../../api/src/testing/devnet'
import { frameDevice, openCustody, signInByEmail, type Custody } from '../testing/frameDevice'
import { startRelayApi, type RelayApi } from '../testing/relayApi'
import { FrameMessage } from './methods'

/**
 * The frame's smart-account messages against the real custody servers, the devnet and the data
 * API as RPC proxy and relay: the networks come from the frame's config, the preference is the
 * user's, and the first batch the user confirms in the frame upgrades the account (same address).
 */

const PORTS: [number, number] = [19602, 19603]
const { usdc, uniswapV2Router, eip7702Delegator } = DEVNET_CONTRACTS
let net: RelayApi
let custody: Custody
let sink: MailSink

beforeAll(async () => {
  ;[net, sink] = await Promise.all([startRelayApi(PORTS), startMailSink({ smtpPort: 0, httpPort: 0 })])
  custody = await openCustody({ mailer: smtpMailer(sink.smtpUrl), now: Date.now })
}, 120_000)

afterAll(async () => {
  await Promise.all([custody?.close(), sink?.stop(), net?.stop()])
})

describe('the embedded wallet as a smart account, through the frame messages', () => {
  it('networks from the config, the preference per network, and the first confirmed batch upgrades the same address', async () => {
    const device = frameDevice(custody, { storage: 'indexeddb', smartAccounts: net.smartAccounts })
    const frame = device.load()
    await signInByEmail(sink, frame, `smart-${Date.now()}@example.com`)
    await frame.syncDappData({ origin: 'http://dapp.localhost:4400', sdkType: 'appkit', sdkVersion: '2.16.7', projectId: 'demo' })

    expect(await frame.getSmartAccountEnabledNetworks(undefined)).toEqual({ smartAccountEnabledNetworks: [31337] })
    const before = await frame.getUser({ chainId: 31337 })
    expect(before).toMatchObject({
      preferredAccountType: 'eoa',
      smartAccountDeployed: false,
      accounts: [{ address: before.address, type: 'eoa' }],
    })
    const address = before.address as Address

    expect(await frame.setPreferredAccount({ type: 'smartAccount' })).toEqual({ type: 'smartAccount', address })
    await frame.initSmartAccount(undefined)
    expect(await frame.getUser({ chainId: 31337 })).toMatchObject({
      address,
      preferredAccountType: 'smartAccount',
      smartAccountDeployed: false,
    })
    // Not on a network without smart accounts: the widget falls back to the EOA (SPEC's toast).
    await frame.switchNetwork({ chainId: 31338 })
    await expect(frame.setPreferredAccount({ type: 'smartAccount' })).rejects.toThrow(FrameMessage.smartAccountsUnavailable)
    await expect(frame.initSmartAccount(undefined)).rejects.toThrow(FrameMessage.smartAccountsUnavailable)
    expect(await frame.getUser({ chainId: 31338 })).toMatchObject({ preferredAccountType: 'eoa', smartAccountDeployed: false })

    await frame.switchNetwork({ chainId: 31337 })
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [uniswapV2Router, 1_000_000n] })
    const answer = (await frame.rpcRequest({
      id: 'batch-1',
      method: 'wallet_sendCalls',
      params: [{ version: '2.0.0', chainId: '0x7a69', from: address, atomicRequired: true, calls: [{ to: usdc, data }] }],
    })) as { id: string }
    expect(answer.id).toMatch(/^0x[0-9a-f]{64}$/)
    // One confirmation, of the operation and the upgrade together.
    expect(device.asked).toHaveLength(1)
    expect(device.asked[0]).toMatchObject({ method: 'wallet_sendCalls', chainId: 31337, from: address })
    expect(device.asked[0]!.params).toMatchObject([{ upgrade: { contract: eip7702Delegator } }])

    const code = await net.devnet.client(CHAIN).getCode({ address })
    expect(isDelegatedTo(code, eip7702Delegator)).toBe(true)
    expect(await frame.getUser({ chainId: 31337 })).toMatchObject({
      address,
      preferredAccountType: 'smartAccount',
      smartAccountDeployed: true,
    })
    // The widget names the preference again at connect: the EOA it names is the EOA, the address unchanged.
    expect(await frame.getUser({ chainId: 31337, preferredAccountType: 'eoa' })).toMatchObject({
      address,
      preferredAccountType: 'eoa',
      smartAccountDeployed: true,
    })
  }, 60_000)

  it('without smart-account networks in the config, the frame is the EOA it was', async () => {
    const frame = frameDevice(custody, { storage: 'indexeddb' }).load()
    await signInByEmail(sink, frame, `eoa-${Date.now()}@example.com`)
    expect(await frame.getSmartAccountEnabledNetworks(undefined)).toEqual({ smartAccountEnabledNetworks: [] })
    await expect(frame.setPreferredAccount({ type: 'smartAccount' })).rejects.toThrow(FrameMessage.smartAccountsUnavailable)
    expect(await frame.getUser({ chainId: 31337, preferredAccountType: 'smartAccount' })).toMatchObject({
      preferredAccountType: 'eoa',
      smartAccountDeployed: false,
    })
    await expect(
      frame.rpcRequest({
        id: 'batch-2',
        method: 'wallet_sendCalls',
        params: [{ version: '2.0.0', chainId: '0x7a69', atomicRequired: true, calls: [{ to: usdc }] }],
      }),
    ).rejects.toMatchObject({ code: 4200, message: 'Smart accounts are not available on chain 31337: wallet_sendCalls needs one' })
  }, 60_000)
})
