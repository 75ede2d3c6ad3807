import {
  createCaller,
  exposeMethods,
  FRAME_PROTOCOL_VERSION,
  frameEventResults,
  frameRpcAbortedError,
  frameMethodParams,
  frameMethodResults,
  type FrameEventApi,
  type frameEventParams,
  type FrameLoginStep,
  type FrameMethod,
  type FrameMethods,
  type FrameRecovery,
  type FrameRpcRequest,
  type FrameUser,
  ProviderRpcError,
  RpcErrorCode,
} from '@airlock/protocol'
import type { RemoteProxy } from 'penpal'
import { hexToBigInt, keccak256, toHex, type Hex, type TransactionSerializable } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type * as z from 'zod/mini'
import { setFrameTransportFactory } from '../connectors/embedded/frame'
import type { FrameTransportFactory } from '../connectors/embedded/transport'
import type { WidgetContext } from '../core/context'
import type { EmbeddedSmartAccounts } from '../chains/types'

/** Anvil's first devnet key: the fake frame's embedded account (TEST_ADDRESS). */
export const FRAME_PRIVATE_KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
export const frameAccount = privateKeyToAccount(FRAME_PRIVATE_KEY)
export const FRAME_EMAIL = 'ada@example.com'
export const LOGIN_CODE = '123456'
export const DEVICE_CODE = '654321'
export const SESSION_TOKEN = 'session-token-abc'

/** The smart accounts of an embedded wallet that has none: a family's rules tested alone (bip122). */
export const noSmartAccounts: EmbeddedSmartAccounts = {
  state: () => ({ networks: [], preferred: 'eoa' }),
  deployed: async () => false,
  batches: { get: () => undefined, add: () => {} },
  relay: () => Promise.reject(new Error('no relay here')),
  showActivity: () => {},
  permissions: {
    enabled: () => false,
    dataApi: { get: () => Promise.reject(new Error('no API here')), post: () => Promise.reject(new Error('no API here')) },
  },
}

export interface FakeFrame {
  /** The frame's methods; a test replaces any of them. Params arrive checked by the real schemas. */
  methods: FrameMethods
  /** Every call the widget made, in order (after the schema check). */
  calls: { method: FrameMethod; params: unknown }[]
  /** What the ready signal announces; null: the frame never says ready. */
  readyVersion: number | null
  /** The frame's handle on the widget (ready, sessionUpdate), through the real schemas. */
  widget: FrameEventApi | undefined
  /** Calls the frame made with params its schema refused, and malformed results the widget refused. */
  invalid: string[]
  signedIn: boolean
  /** The next login is on a device new to the wallet: VERIFY_DEVICE until the device code or a passkey. */
  newDevice: boolean
  /** The account's passkeys. */
  passkeys: number
  /** The account's email recoveries under way, as the key service would list them. */
  recoveries: FrameRecovery[]
  /**
   * The confirmations waiting in the frame, oldest first: as the real frame does, rpcRequest for a
   * signing method waits until the test answers (the user clicking Approve or Reject in the frame)
   * or the widget aborts it (abortRpcRequest).
   */
  confirmations: FakeConfirmation[]
  destroyed: number
  connects: number
  factory: FrameTransportFactory
  install(ctx: WidgetContext): void
  callsOf(method: FrameMethod): unknown[]
}

export interface FakeConfirmation {
  request: FrameRpcRequest
  /** The user's click in the frame: Approve signs, Reject answers 4001. */
  answer(approved: boolean): void
}

export function frameUser(overrides: Partial<z.input<typeof FrameUser>> = {}): FrameUser {
  return {
    email: FRAME_EMAIL,
    address: frameAccount.address,
    chainId: 31337,
    accounts: [{ address: frameAccount.address, type: 'eoa' }],
    smartAccountDeployed: false,
    preferredAccountType: 'eoa',
    ...overrides,
  } as FrameUser
}

/**
 * An in-memory secure frame behind the real exposeMethods / createCaller (both ways), so that
 * every message the widget sends or receives passes the protocol's schemas. Its defaults behave
 * like the frame's contract: codes, device verification, session token, signing with a real key.
 */
export function createFakeFrame(): FakeFrame {
  const fake: FakeFrame = {
    calls: [],
    readyVersion: FRAME_PROTOCOL_VERSION,
    widget: undefined,
    invalid: [],
    signedIn: false,
    newDevice: false,
    passkeys: 0,
    recoveries: [],
    confirmations: [],
    destroyed: 0,
    connects: 0,
    methods: undefined as unknown as FrameMethods,
    factory: async (_ctx, events) => {
      fake.connects++
      const widget = createCaller<typeof frameEventParams, typeof frameEventResults>(
        frameEventResults,
        events as unknown as RemoteProxy,
        (m) => fake.invalid.push(`event result ${m}`),
      )
      fake.widget = widget
      const recording = Object.fromEntries(
        (Object.keys(frameMethodParams) as FrameMethod[]).map((method) => [
          method,
          (params: unknown) => {
            fake.calls.push({ method, params })
            return (fake.methods[method] as (p: unknown) => unknown)(params)
          },
        ]),
      ) as unknown as FrameMethods
      const exposed = exposeMethods<typeof frameMethodParams, typeof frameMethodResults>(frameMethodParams, recording, (m) =>
        fake.invalid.push(`params ${m}`),
      )
      const api = createCaller<typeof frameMethodParams, typeof frameMethodResults>(
        frameMethodResults,
        exposed as unknown as RemoteProxy,
        (m) => fake.invalid.push(`result ${m}`),
      )
      const version = fake.readyVersion
      if (version !== null) setTimeout(() => void widget.ready({ version }), 0)
      return { api, destroy: () => void fake.destroyed++ }
    },
    install: (ctx) => setFrameTransportFactory(ctx, fake.factory),
    callsOf: (method) => fake.calls.filter((c) => c.method === method).map((c) => c.params),
  }
  fake.methods = defaultMethods(fake)
  return fake
}

const wrongCode = () => new Error('Wrong code: 4 tries left')
/** Where the fake key service "mailed" the device code. */
export const SENT_TO = 'a***@example.com'
export const DEVICE_MATCH = '47'
export const RECOVERY_WAIT_MS = 48 * 60 * 60_000

function defaultMethods(fake: FakeFrame): FrameMethods {
  let chainId = 31337
  const openWallet = async () => {
    fake.signedIn = true
    fake.newDevice = false
    await fake.widget?.sessionUpdate({ token: SESSION_TOKEN })
    return { action: 'CONNECT' as const }
  }
  /** A first factor: the wallet opens, unless this device is new to it. */
  const signIn = async (): Promise<FrameLoginStep> =>
    // As the frame: with a passkey, no code goes out until the user asks to recover by email.
    !fake.newDevice
      ? openWallet()
      : fake.passkeys > 0
        ? { action: 'VERIFY_DEVICE', passkeys: fake.passkeys }
        : { action: 'VERIFY_DEVICE', sentTo: SENT_TO, match: DEVICE_MATCH, passkeys: fake.passkeys }
  const aborts = new Map<string, () => void>()
  return {
    switchNetwork: ({ chainId: next }) => {
      chainId = Number(next)
      return { chainId }
    },
    connectEmail: () => ({ action: 'VERIFY_OTP' }),
    connectOtp: async ({ otp }) => {
      if (otp !== LOGIN_CODE) throw wrongCode()
      return signIn()
    },
    connectDevice: async ({ otp }) => {
      if (otp !== DEVICE_CODE) throw wrongCode()
      return openWallet()
    },
    sendDeviceCode: () =>
      fake.passkeys > 0
        ? { sentTo: SENT_TO, match: DEVICE_MATCH, opensAt: Date.now() + RECOVERY_WAIT_MS }
        : { sentTo: SENT_TO, match: DEVICE_MATCH },
    unlockWithPasskey: () => {
      if (fake.passkeys === 0) throw new Error('This account has no passkey')
      return openWallet()
    },
    // A browser that refuses to share its storage with this site: the step stays, saying why.
    unlockWithStorageAccess: () => ({ action: 'VERIFY_DEVICE' as const, passkeys: fake.passkeys, partitioned: 'refused' as const }),
    addPasskey: () => ({ passkeys: ++fake.passkeys }),
    getRecoveries: () => ({ recoveries: fake.recoveries }),
    cancelRecovery: ({ id }) => {
      if (!fake.recoveries.some((recovery) => recovery.id === id)) throw new Error('No such email recovery is under way')
      fake.recoveries = fake.recoveries.filter((recovery) => recovery.id !== id)
      return { recoveries: fake.recoveries }
    },
    connectSocial: async () => {
      const step = await signIn()
      return step.action === 'CONNECT'
        ? { action: 'CONNECT', user: frameUser({ email: undefined, userName: 'ada', socialProvider: 'github', chainId }) }
        : step
    },
    getSocialRedirectUri: ({ provider }) => ({
      uri: `http://secure.localhost:4402/oauth/${provider}/start?flow=abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG`,
    }),
    getFarcasterUri: () => ({ url: 'https://farcaster.example/login' }),
    connectFarcaster: async () => {
      const step = await signIn()
      return step.action === 'CONNECT' ? { action: 'CONNECT', user: frameUser() } : step
    },
    getUser: ({ chainId: wanted }) => {
      chainId = Number(wanted)
      return frameUser({ chainId, passkeys: fake.passkeys })
    },
    signOut: () => {
      fake.signedIn = false
    },
    isConnected: (params) => ({ isConnected: fake.signedIn || params?.token === SESSION_TOKEN }),
    getChainId: () => ({ chainId }),
    getSmartAccountEnabledNetworks: () => ({ smartAccountEnabledNetworks: [] }),
    initSmartAccount: () => undefined,
    setPreferredAccount: ({ type }) => {
      if (type !== 'eoa') throw new Error('Smart accounts are not available')
      return { type, address: frameAccount.address }
    },
    rpcRequest: async (request) => {
      await new Promise<void>((resolve, reject) => {
        const confirmation: FakeConfirmation = {
          request,
          answer: (approved) => {
            fake.confirmations = fake.confirmations.filter((c) => c !== confirmation)
            if (approved) resolve()
            else reject(new ProviderRpcError(RpcErrorCode.UserRejected, 'User rejected the request.'))
          },
        }
        aborts.set(request.id ?? '', () => {
          fake.confirmations = fake.confirmations.filter((c) => c !== confirmation)
          reject(frameRpcAbortedError())
        })
        fake.confirmations.push(confirmation)
      })
      const { method, params } = request
      const list = params as unknown[]
      if (method === 'personal_sign') {
        const data = list[0] as string
        return frameAccount.signMessage({ message: /^0x[0-9a-fA-F]*$/.test(data) ? { raw: data as Hex } : data })
      }
      if (method === 'eth_signTypedData_v4') {
        const typed = list[1]
        return frameAccount.signTypedData(
          (typeof typed === 'string' ? JSON.parse(typed) : typed) as Parameters<typeof frameAccount.signTypedData>[0],
        )
      }
      if (method === 'eth_sendTransaction') return frameAccount.signTransaction(toSerializable(list[0] as Record<string, Hex>))
      // As the frame: the batch becomes one user operation sent to the relay; its hash is the id.
      if (method === 'wallet_sendCalls') return { id: keccak256(toHex(JSON.stringify(params))) }
      throw new Error(`the fake frame does not sign ${method}`)
    },
    abortRpcRequest: ({ id }) => {
      aborts.get(id)?.()
      aborts.delete(id)
    },
    updateEmail: () => ({ action: 'VERIFY_PRIMARY_OTP' }),
    updateEmailPrimaryOtp: ({ otp }) => {
      if (otp !== LOGIN_CODE) throw wrongCode()
    },
    updateEmailSecondaryOtp: ({ otp }) => {
      if (otp !== LOGIN_CODE) throw wrongCode()
      return { newEmail: 'new@example.com' }
    },
    syncTheme: () => undefined,
    syncDappData: () => undefined,
    reload: () => undefined,
  }
}

/** The JSON-RPC transaction the widget fills, as viem signs it (what the real frame does too). */
function toSerializable(tx: Record<string, Hex>): TransactionSerializable {
  const base = {
    chainId: Number(hexToBigInt(tx.chainId!)),
    nonce: Number(hexToBigInt(tx.nonce!)),
    gas: hexToBigInt(tx.gas!),
    to: tx.to,
    value: hexToBigInt(tx.value ?? '0x0'),
    ...(tx.data ? { data: tx.data } : {}),
  }
  return tx.type === '0x0'
    ? { ...base, type: 'legacy', gasPrice: hexToBigInt(tx.gasPrice!) }
    : { ...base, type: 'eip1559', maxFeePerGas: hexToBigInt(tx.maxFeePerGas!), maxPriorityFeePerGas: hexToBigInt(tx.maxPriorityFeePerGas!) }
}
