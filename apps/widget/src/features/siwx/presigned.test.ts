// @vitest-environment happy-dom
import { createSiwxMessage, SiwxNonceResponse, siwxMessageData } from '@airlock/protocol'
import { hexToString, type Hex } from 'viem'
import { mnemonicToAccount } from 'viem/accounts'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { connect } from '../../connectors/connect'
import type * as Registry from '../../connectors/registry'
import type { PresignedSignIn } from '../../core/session/atoms'
import { presignedSignInAtom } from '../../core/session/atoms'
import { openAtom } from '../../core/modal/atoms'
import { createMemoryStorage } from '../../core/storage/safeStorage'
import { createWidgetMethods } from '../../host/widgetMethods'
import { onHostConnected } from '../../host/connection'
import { fakeSiwxApi } from '../../testing/siwxApi'
import { createFakeHost, createTestContext, devnetWallet, flush, TEST_ADDRESS, TEST_ADDRESS_2, type FakeHost } from '../../testing/fakeHost'

/** What the connector under test hands over with its connection (WalletConnect's one-click auth does). */
let handedOver: PresignedSignIn | undefined

vi.mock('../../connectors/registry', async (importOriginal) => {
  const original = await importOriginal<typeof Registry>()
  return {
    ...original,
    connectorFor: (...args: Parameters<typeof original.connectorFor>) => {
      const connector = original.connectorFor(...args)
      return {
        ...connector,
        connect: async (...connectArgs: Parameters<typeof connector.connect>) => ({
          ...(await connector.connect(...connectArgs)),
          ...(handedOver ? { signIn: handedOver } : {}),
        }),
      }
    },
  }
})

const ANVIL_MNEMONIC = 'test test test test test test test test test test test junk'
const KEY = mnemonicToAccount(ANVIL_MNEMONIC, { addressIndex: 0 })

function signingHost(): FakeHost {
  return createFakeHost({
    wallet: async (method, params) => {
      if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [TEST_ADDRESS]
      if (method === 'eth_chainId') return '0x7a69'
      if (method === 'personal_sign') {
        return KEY.signMessage({ message: hexToString((params as [Hex])[0]) })
      }
      return null
    },
  })
}

async function boot() {
  const host = signingHost()
  const api = fakeSiwxApi()
  const ctx = createTestContext(host, { storage: createMemoryStorage(), fetch: api.fetch })
  onHostConnected(ctx, host.api)
  await createWidgetMethods(ctx).setOptions({ projectId: 'demo', networks: ['eip155:31337'], siwx: true })
  await flush()
  return { host, api, ctx }
}

/** A message signed as the wallet connected, with a nonce the API issued (or `nonce`). */
async function presigned(ctx: Awaited<ReturnType<typeof boot>>['ctx'], options: { nonce?: string; address?: string } = {}) {
  const nonce = options.nonce ?? (await ctx.dataApi.post('/v1/siwx/nonce', {}, SiwxNonceResponse, 'test')).nonce
  const address = options.address ?? TEST_ADDRESS
  const message = createSiwxMessage(
    siwxMessageData({
      origin: ctx.config.parentOrigin,
      accountAddress: address,
      caipNetworkId: 'eip155:31337',
      nonce,
      nowMs: Date.now(),
      settings: {},
    }),
  )
  return { account: `eip155:31337:${address}`, message, signature: await KEY.signMessage({ message }) }
}

const personalSigns = (host: FakeHost) => host.walletCalls().filter((call) => call.method === 'personal_sign')

describe('a sign-in signed with the connection (WalletConnect one-click auth)', () => {
  beforeEach(() => {
    handedOver = undefined
  })

  it('is sent to the API as it is: the session without asking the wallet again', async () => {
    const { host, ctx, api } = await boot()
    handedOver = await presigned(ctx)
    await connect(ctx, devnetWallet.id)
    await vi.waitFor(() => expect(host.lastState()?.session?.token).toBeDefined(), { timeout: 3000 })
    expect(host.lastState()!.session!.message).toBe(handedOver.message)
    expect(personalSigns(host)).toHaveLength(0)
    // One nonce (the connector's), no second one.
    expect(api.fetch.mock.calls.filter(([input]) => String(input).includes('/v1/siwx/nonce'))).toHaveLength(1)
    expect(ctx.store.get(presignedSignInAtom)).toBeUndefined()
    expect(ctx.store.get(openAtom)).toBe(false)
    expect(host.tracked()).toContain('SIWX_AUTH_SUCCESS')
  })

  it('refused by the API (a nonce it no longer knows): the wallet is asked as usual, once', async () => {
    const { host, ctx } = await boot()
    handedOver = await presigned(ctx, { nonce: 'expired000000000' })
    await connect(ctx, devnetWallet.id)
    await vi.waitFor(() => expect(host.lastState()?.session?.token).toBeDefined(), { timeout: 3000 })
    expect(host.lastState()!.session!.message).not.toBe(handedOver.message)
    expect(personalSigns(host)).toHaveLength(1)
  })

  it("for another account than the connection's: not used, the wallet is asked", async () => {
    const { host, ctx } = await boot()
    handedOver = await presigned(ctx, { address: TEST_ADDRESS_2 })
    await connect(ctx, devnetWallet.id)
    await vi.waitFor(() => expect(host.lastState()?.session?.token).toBeDefined(), { timeout: 3000 })
    expect(host.lastState()!.session!.data.accountAddress).toBe(TEST_ADDRESS)
    expect(personalSigns(host)).toHaveLength(1)
    expect(ctx.store.get(presignedSignInAtom)).toBeUndefined()
  })
})
