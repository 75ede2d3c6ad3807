import type { RemoteProxy } from 'penpal'
import { describe, expect, it } from 'vitest'
import type * as z from 'zod/mini'
import { RpcErrorCode } from './errors'
import { createCaller, exposeMethods } from './rpc'
import { WalletSendCallsParams } from './eip5792'
import {
  APP_EVENT_PREFIX,
  EMAIL_LOGIN_COOLDOWN_MS,
  FRAME_CONFIRM_RPC_METHODS,
  FRAME_EVENT_ID,
  FRAME_EVENT_ID_LENGTH,
  FRAME_EVENT_PREFIX,
  FRAME_PROTOCOL_VERSION,
  FRAME_REQUEST_TIMEOUT_MS,
  FRAME_RPC_PARAMS,
  frameRpcParamsProblem,
  FRAME_RPC_PARAMS_MAX_SIZE,
  FRAME_SAFE_RPC_METHODS,
  FRAME_TIMEOUT_METHODS,
  FrameChainId,
  FrameEmail,
  FrameErrorMessage,
  FrameOtp,
  FrameRpcRequest,
  FrameUser,
  appEventType,
  classifyFrameRpc,
  emailCooldownMessage,
  emailLoginCooldownRemaining,
  frameErrorMessage,
  frameEventId,
  frameEventParams,
  frameEventType,
  frameMethodParams,
  frameMethodResults,
  frameRequestTimeout,
  frameRpcAbortedError,
  frameRpcNotAllowedError,
  isAppEvent,
  isBoundedJson,
  isFrameEvent,
  type FrameApi,
  type FrameMethod,
  type FrameMethods,
} from './secure-frame'

const evm = '0x1234567890abcdef1234567890ABCDEF12345678'
const sol = '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const user = {
  email: 'ada@example.com',
  address: evm,
  chainId: 1,
  accounts: [
    { address: evm, type: 'eoa' },
    { address: '0xabcdefabcdefabcdefabcdefabcdefabcdefabcd', type: 'smartAccount' },
  ],
  smartAccountDeployed: false,
  preferredAccountType: 'smartAccount',
}
const polluted = (json: string): unknown => JSON.parse(json)
const describeValue = (value: unknown) =>
  String(JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v))).slice(0, 80)

/** Good and bad params for every frame method: the hostile corpus. */
const corpus: { [K in FrameMethod]: { good: unknown[]; bad: unknown[] } } = {
  switchNetwork: {
    good: [{ chainId: 1 }, { chainId: '0x1' }, { chainId: 'eip155:8453' }, { chainId: sol }, { chainId: `solana:${sol}` }],
    bad: [undefined, {}, { chainId: 0 }, { chainId: -1 }, { chainId: 1.5 }, { chainId: 2 ** 60 }, { chainId: '' }, { chainId: 'a b' }],
  },
  connectEmail: {
    good: [{ email: 'ada@example.com' }, { email: "o'brien+tag@mail.example.co.uk" }, { email: 'x@xn--bcher-kva.de' }],
    bad: [
      { email: 'ada' },
      { email: 'ada@localhost' },
      { email: '@example.com' },
      { email: 'ada@example.com ' },
      { email: 'ada@-example.com' },
      { email: '<script>@example.com' },
      { email: `${'a'.repeat(65)}@example.com` },
      { email: `a@${Array.from({ length: 5 }, () => 'b'.repeat(60)).join('.')}.com` },
      { email: 5 },
      { email: ['ada@example.com'] },
      {},
    ],
  },
  connectDevice: { good: [{ otp: '123456' }], bad: [undefined, {}, { otp: '12345' }] },
  sendDeviceCode: { good: [undefined], bad: [{ email: 'ada@example.com' }] },
  unlockWithPasskey: { good: [undefined], bad: [{ credentialId: 'x' }] },
  unlockWithStorageAccess: { good: [undefined], bad: [{ indexedDB: true }] },
  addPasskey: { good: [undefined], bad: [{ credentialId: 'x' }] },
  getRecoveries: { good: [undefined], bad: [{ userId: 'someone-else' }] },
  cancelRecovery: {
    good: [{ id: '0b6c1f2e-9a4d-4c3b-8e2f-1a2b3c4d5e6f' }],
    bad: [undefined, {}, { id: 'all' }, { id: "' OR 1=1 --" }, { id: 42 }],
  },
  connectOtp: {
    good: [{ otp: '123456' }, { otp: '000000' }],
    bad: [{ otp: 123456 }, { otp: '12345' }, { otp: '1234567' }, { otp: '12345a' }, { otp: ' 123456' }, { otp: '١٢٣٤٥٦' }, {}],
  },
  connectSocial: {
    good: [{ uri: 'https://secure.example.com/oauth/callback?code=abc&state=xyz' }, { uri: 'http://secure.localhost:4402/cb' }],
    bad: [
      { uri: 'javascript:alert(1)' },
      { uri: 'data:text/html,x' },
      { uri: 'https://a b' },
      { uri: `https://x/${'a'.repeat(5000)}` },
      {},
    ],
  },
  getSocialRedirectUri: {
    good: ['google', 'github', 'apple', 'facebook', 'x', 'discord'].map((provider) => ({ provider })),
    bad: [{ provider: 'farcaster' }, { provider: 'Google' }, { provider: 'twitter' }, { provider: '__proto__' }, {}],
  },
  getFarcasterUri: { good: [undefined], bad: [{}] },
  connectFarcaster: { good: [undefined], bad: [{}] },
  getUser: {
    good: [{ chainId: 1 }, { chainId: '1', preferredAccountType: 'eoa' }, { chainId: 8453, preferredAccountType: 'smartAccount' }],
    bad: [undefined, {}, { chainId: 1, preferredAccountType: 'admin' }, { chainId: null }],
  },
  signOut: { good: [undefined], bad: [{ all: true }] },
  isConnected: {
    good: [undefined, {}, { token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abc-_=' }],
    bad: [{ token: '' }, { token: 'a b' }, { token: '<script>' }, { token: 'a'.repeat(4097) }, { token: 1 }],
  },
  getChainId: { good: [undefined], bad: [1] },
  getSmartAccountEnabledNetworks: { good: [undefined], bad: [[]] },
  initSmartAccount: { good: [undefined], bad: [{}] },
  setPreferredAccount: {
    good: [{ type: 'eoa' }, { type: 'smartAccount' }],
    bad: [{ type: 'payment' }, { type: 'EOA' }, {}, { type: ['eoa'] }],
  },
  rpcRequest: {
    good: [
      { method: 'eth_chainId' },
      { method: 'personal_sign', params: ['0x68656c6c6f', evm] },
      { method: 'eth_getBalance', params: [evm, 'latest'], chainId: 1 },
      { method: 'eth_signTypedData_v4', params: [evm, JSON.stringify({ types: {}, message: {} })] },
      {
        method: 'wallet_sendCalls',
        params: [
          { version: '2.0.0', chainId: '0x1', atomicRequired: true, calls: [{ to: evm }, { to: evm, data: '0xabcdef', value: '0x1' }] },
        ],
      },
      { method: 'personal_sign', params: ['0x00', evm], id: '0b8d4c43-6f7e-4a3c-9a55-0d8a2b7c1e11' },
    ],
    bad: [
      {},
      { method: 'personal_sign', params: ['0x00', evm], id: '' },
      { method: 'personal_sign', params: ['0x00', evm], id: 'a b' },
      { method: 'personal_sign', params: ['0x00', evm], id: 'x'.repeat(65) },
      { method: '' },
      { method: 'eth chainId' },
      { method: 'a'.repeat(101) },
      { method: 'eth_call', params: 'x'.repeat(FRAME_RPC_PARAMS_MAX_SIZE) },
      { method: 'eth_call', params: [1n] },
      { method: 'eth_call', params: [new Date()] },
      { method: 'eth_call', params: polluted('[{"__proto__":{"isAdmin":true}}]') },
      { method: 'eth_call', params: [{ constructor: { prototype: { x: 1 } } }] },
    ],
  },
  abortRpcRequest: {
    good: [{ id: '0b8d4c43-6f7e-4a3c-9a55-0d8a2b7c1e11' }],
    bad: [undefined, {}, { id: '' }, { id: '<x>' }, { id: 7 }],
  },
  updateEmail: { good: [{ newEmail: 'new@example.org' }], bad: [{ newEmail: 'nope' }, { email: 'new@example.org' }] },
  updateEmailPrimaryOtp: { good: [{ otp: '654321' }], bad: [{ otp: '' }, { otp: null }] },
  updateEmailSecondaryOtp: { good: [{ otp: '654321' }], bad: [{ otp: '6543210' }] },
  syncTheme: {
    good: [{}, { themeMode: 'light' }, { themeMode: 'dark', themeVariables: { '--airlock-accent': '#47a1ff' } }],
    bad: [
      { themeMode: 'sepia' },
      { themeVariables: { '--airlock-accent': 'red;}body{display:none' } },
      { themeVariables: polluted('{"__proto__":{"polluted":1}}') },
      { themeVariables: { '--unknown': 1 } },
    ],
  },
  syncDappData: {
    good: [
      { sdkVersion: '2.16.7', sdkType: 'appkit', projectId: 'demo' },
      {
        metadata: { name: 'Demo', description: 'A dapp', url: 'https://dapp.example', icons: ['https://dapp.example/i.png'] },
        sdkVersion: '2.16.7',
        sdkType: 'appkit',
        projectId: 'demo',
      },
      { origin: 'http://dapp.localhost:4400', sdkVersion: '2.16.7', sdkType: 'appkit', projectId: 'demo' },
    ],
    bad: [
      { origin: 'http://dapp.localhost:4400/path', sdkVersion: '1', sdkType: 'appkit', projectId: 'demo' },
      { origin: 'javascript:alert(1)', sdkVersion: '1', sdkType: 'appkit', projectId: 'demo' },
      { sdkVersion: '1', sdkType: 'appkit' },
      { sdkVersion: '1', sdkType: 'appkit', projectId: '' },
      { metadata: { name: 'x', url: 'javascript:alert(1)' }, sdkVersion: '1', sdkType: 'appkit', projectId: 'demo' },
      { sdkVersion: 'x'.repeat(41), sdkType: 'appkit', projectId: 'demo' },
    ],
  },
  reload: { good: [undefined], bad: [{ hard: true }] },
}

describe('frame method params', () => {
  it('covers every method with a result schema', () => {
    expect(Object.keys(frameMethodResults).sort()).toEqual(Object.keys(frameMethodParams).sort())
    expect(Object.keys(corpus).sort()).toEqual(Object.keys(frameMethodParams).sort())
  })

  for (const [method, { good, bad }] of Object.entries(corpus)) {
    const schema = frameMethodParams[method as FrameMethod]
    it(`${method} accepts good params`, () => {
      for (const params of good) expect(schema.safeParse(params).success, JSON.stringify(params)).toBe(true)
    })
    it(`${method} rejects bad params`, () => {
      for (const params of bad) expect(schema.safeParse(params).success, describeValue(params)).toBe(false)
    })
  }

  it('rejects the wrong type for every object-taking method', () => {
    for (const [method, schema] of Object.entries(frameMethodParams)) {
      for (const value of [null, 'x', 42, [], true]) expect(schema.safeParse(value).success, `${method} ${String(value)}`).toBe(false)
    }
  })

  it('drops unknown keys (a polluting __proto__ never reaches the output)', () => {
    const parsed = frameMethodParams.connectEmail.safeParse(polluted('{"email":"ada@example.com","__proto__":{"admin":true}}'))
    expect(parsed.success).toBe(true)
    expect(parsed.data).toEqual({ email: 'ada@example.com' })
    expect(Object.getPrototypeOf(parsed.data)).toBe(Object.prototype)
    expect(({} as { admin?: unknown }).admin).toBeUndefined()
  })

  it('bounds email length at 254 characters', () => {
    const label = 'b'.repeat(60)
    const at254 = `${'a'.repeat(64)}@${label}.${label}.${label}.${'c'.repeat(254 - 65 - 183 - 3)}.io`
    expect(at254.length).toBe(254)
    expect(FrameEmail.safeParse(at254).success).toBe(true)
    expect(FrameEmail.safeParse(`${at254.slice(0, -3)}x.io`).success).toBe(false)
  })

  it('OTP and chain id schemas', () => {
    expect(FrameOtp.safeParse('123456').success).toBe(true)
    expect(FrameOtp.safeParse(123456).success).toBe(false)
    expect(FrameChainId.safeParse(Number.MAX_SAFE_INTEGER).success).toBe(true)
    expect(FrameChainId.safeParse(Number.NaN).success).toBe(false)
    expect(FrameChainId.safeParse(Infinity).success).toBe(false)
    expect(FrameChainId.safeParse('x'.repeat(81)).success).toBe(false)
  })
})

describe('frame results', () => {
  it('a frame user, with and without the social fields', () => {
    expect(FrameUser.safeParse(user).success).toBe(true)
    expect(FrameUser.safeParse({ ...user, email: undefined, userName: 'ada', socialProvider: 'farcaster' }).success).toBe(true)
    expect(FrameUser.safeParse({ ...user, address: sol, chainId: sol, accounts: [{ address: sol, type: 'eoa' }] }).success).toBe(true)
    const bip122 = { 'bip122:000000000019d6689c085ae165831e93': 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu' }
    expect(FrameUser.safeParse({ ...user, addresses: { eip155: evm, solana: sol, bip122 } }).success).toBe(true)
    const polkadot = { 'polkadot:68d56f15f85d3136970ec16946040bc1': '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5' }
    expect(FrameUser.safeParse({ ...user, addresses: { eip155: evm, polkadot } }).success).toBe(true)
  })

  it('refuses a malformed frame user', () => {
    const bad = [
      { ...user, address: '0x123' },
      { ...user, address: undefined },
      { ...user, accounts: [{ address: evm, type: 'admin' }] },
      { ...user, accounts: Array.from({ length: 21 }, () => ({ address: evm, type: 'eoa' })) },
      { ...user, smartAccountDeployed: 'yes' },
      { ...user, preferredAccountType: undefined },
      { ...user, userName: 'x'.repeat(101) },
      { ...user, socialProvider: 'myspace' },
      { ...user, email: 'not an email' },
      { ...user, addresses: { bip122: { 'bitcoin:mainnet': 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu' } } },
      { ...user, addresses: { bip122: { 'bip122:000000000019d6689c085ae165831e93': 'bc1q<script>' } } },
      { ...user, addresses: { polkadot: { polkadot: '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5' } } },
      { ...user, addresses: { polkadot: { 'polkadot:68d56f15f85d3136970ec16946040bc1': '0x1234' } } },
    ]
    for (const value of bad) expect(FrameUser.safeParse(value).success).toBe(false)
  })

  it('checks the other replies', () => {
    const ok: [FrameMethod, unknown][] = [
      ['connectEmail', { action: 'VERIFY_DEVICE' }],
      ['connectEmail', { action: 'VERIFY_OTP' }],
      ['connectEmail', { action: 'CONNECT' }],
      ['connectOtp', { action: 'CONNECT' }],
      ['connectOtp', { action: 'VERIFY_DEVICE', sentTo: 'a***@example.com', passkeys: 0 }],
      ['connectOtp', { action: 'VERIFY_DEVICE', passkeys: 2 }],
      ['connectSocial', { action: 'VERIFY_DEVICE', sentTo: 'a***@example.com', passkeys: 1 }],
      ['connectDevice', { action: 'CONNECT' }],
      ['sendDeviceCode', { sentTo: 'a***@example.com' }],
      ['sendDeviceCode', { sentTo: 'a***@example.com', match: '47', opensAt: Date.UTC(2026, 10, 30) }],
      ['connectOtp', { action: 'VERIFY_DEVICE', sentTo: 'a***@example.com', match: '10', passkeys: 0 }],
      ['getRecoveries', { recoveries: [] }],
      [
        'cancelRecovery',
        {
          recoveries: [
            {
              id: '0b6c1f2e-9a4d-4c3b-8e2f-1a2b3c4d5e6f',
              requestedAt: 1,
              opensAt: 2,
              device: 'Chrome 142 on Linux',
              place: 'DE (IP 203.0.113.7)',
              match: '99',
            },
          ],
        },
      ],
      ['unlockWithPasskey', { action: 'CONNECT' }],
      ['unlockWithStorageAccess', { action: 'VERIFY_DEVICE', passkeys: 0, partitioned: 'ask' }],
      ['addPasskey', { passkeys: 1 }],
      ['updateEmail', { action: 'VERIFY_PRIMARY_OTP' }],
      ['updateEmail', { action: 'VERIFY_SECONDARY_OTP' }],
      ['updateEmailSecondaryOtp', { newEmail: 'new@example.org' }],
      ['getSocialRedirectUri', { uri: 'https://accounts.google.com/o/oauth2/auth?x=1' }],
      ['getFarcasterUri', { url: 'https://farcaster.xyz/~/siwf?channelToken=abc' }],
      ['isConnected', { isConnected: false }],
      ['getChainId', { chainId: 137 }],
      ['getSmartAccountEnabledNetworks', { smartAccountEnabledNetworks: [1, 8453, 11155111] }],
      ['setPreferredAccount', { type: 'smartAccount', address: evm }],
      ['rpcRequest', '0xdeadbeef'],
      ['signOut', undefined],
    ]
    for (const [method, value] of ok) expect(frameMethodResults[method].safeParse(value).success, method).toBe(true)
    const bad: [FrameMethod, unknown][] = [
      ['connectEmail', { action: 'VERIFY_PRIMARY_OTP' }],
      ['connectOtp', undefined],
      ['connectOtp', { action: 'VERIFY_DEVICE' }],
      ['connectOtp', { action: 'VERIFY_DEVICE', sentTo: 'ada@example.com', passkeys: 0 }],
      ['connectSocial', { action: 'CONNECT' }],
      ['connectDevice', { action: 'VERIFY_OTP' }],
      ['addPasskey', { passkeys: 0 }],
      ['sendDeviceCode', { sentTo: 'a***@example.com', match: '7' }],
      ['sendDeviceCode', { sentTo: 'a***@example.com', match: '<b>47</b>' }],
      ['connectOtp', { action: 'VERIFY_DEVICE', passkeys: 1, opensAt: 'tomorrow' }],
      ['getRecoveries', { recoveries: [{ id: 'x', requestedAt: 1, opensAt: 2, device: 'd', place: 'p', match: '10' }] }],
      [
        'getRecoveries',
        {
          recoveries: [
            { id: '0b6c1f2e-9a4d-4c3b-8e2f-1a2b3c4d5e6f', requestedAt: 1, opensAt: 2, device: 'x'.repeat(121), place: 'p', match: '10' },
          ],
        },
      ],
      ['updateEmail', { action: 'CONNECT' }],
      ['getSocialRedirectUri', { uri: 'javascript:alert(1)' }],
      ['getFarcasterUri', { uri: 'https://farcaster.xyz' }],
      ['isConnected', { isConnected: 'true' }],
      ['getSmartAccountEnabledNetworks', { smartAccountEnabledNetworks: ['1'] }],
      ['getSmartAccountEnabledNetworks', { smartAccountEnabledNetworks: [0] }],
      ['setPreferredAccount', { type: 'smartAccount' }],
      ['signOut', { ok: true }],
    ]
    for (const [method, value] of bad) expect(frameMethodResults[method].safeParse(value).success, method).toBe(false)
  })

  it('frame -> widget: ready carries the version, session updates a token', () => {
    expect(frameEventParams.ready.safeParse({ version: FRAME_PROTOCOL_VERSION }).success).toBe(true)
    expect(frameEventParams.ready.safeParse({ version: '4' }).success).toBe(false)
    expect(frameEventParams.ready.safeParse({}).success).toBe(false)
    expect(frameEventParams.sessionUpdate.safeParse({ token: 'abc.def.ghi' }).success).toBe(true)
    expect(frameEventParams.sessionUpdate.safeParse({ token: '' }).success).toBe(false)
    expect(frameEventParams.sessionUpdate.safeParse({ token: null }).success).toBe(false)
  })

  it('frame -> widget: the surface height is a bounded whole number of pixels', () => {
    for (const height of [0, 412]) expect(frameEventParams.surfaceHeight.safeParse({ height }).success).toBe(true)
    for (const height of [-1, 1.5, 100_001, '412', undefined])
      expect(frameEventParams.surfaceHeight.safeParse({ height }).success).toBe(false)
  })
})

describe('the method maps over the shared rpc helpers', () => {
  it('a frame implementation behind exposeMethods, called through createCaller', async () => {
    const impl = {
      connectEmail: ({ email }) => ({ action: email.startsWith('new') ? 'VERIFY_OTP' : 'CONNECT' }),
      getUser: () => user as z.input<typeof FrameUser>,
    } as Partial<FrameMethods> as FrameMethods
    const invalid: string[] = []
    const exposed = exposeMethods<typeof frameMethodParams, typeof frameMethodResults>(frameMethodParams, impl, (m) => invalid.push(m))
    const frame: FrameApi = createCaller<typeof frameMethodParams, typeof frameMethodResults>(
      frameMethodResults,
      exposed as unknown as RemoteProxy,
      (m) => invalid.push(m),
    )
    await expect(frame.connectEmail({ email: 'new@example.com' })).resolves.toEqual({ action: 'VERIFY_OTP' })
    await expect(frame.getUser({ chainId: 1 })).resolves.toMatchObject({ address: evm })
    await expect(frame.connectEmail({ email: 'bad' })).rejects.toMatchObject({ code: RpcErrorCode.InvalidParams })
    expect(invalid).toEqual(['connectEmail'])
  })
})

describe('classifyFrameRpc', () => {
  it('every safe method is safe', () => {
    for (const method of FRAME_SAFE_RPC_METHODS) expect(classifyFrameRpc(method), method).toBe('safe')
  })

  it('every confirmation method needs confirmation', () => {
    for (const method of FRAME_CONFIRM_RPC_METHODS) expect(classifyFrameRpc(method), method).toBe('confirm')
  })

  it('lists what SPEC.md section 6 names', () => {
    const safe: readonly string[] = FRAME_SAFE_RPC_METHODS
    for (const method of ['wallet_getCapabilities', 'wallet_getCallsStatus', 'wallet_getAssets', 'eth_sendRawTransaction']) {
      expect(safe).toContain(method)
    }
    expect(safe.filter((m) => m.includes('UserOperation')).length).toBeGreaterThan(0)
    expect(safe.every((m) => !/sign|sendTransaction$|sendUserOperation$|sendCalls$/.test(m))).toBe(true)
    expect([...FRAME_CONFIRM_RPC_METHODS].sort()).toEqual(
      [
        'personal_sign',
        'eth_signTypedData_v4',
        'eth_sendTransaction',
        'solana_signMessage',
        'solana_signTransaction',
        'solana_signAllTransactions',
        'solana_signAndSendTransaction',
        'signMessage',
        'signPsbt',
        'polkadot_signMessage',
        'polkadot_signTransaction',
        'wallet_sendCalls',
        'wallet_requestExecutionPermissions',
        'wallet_revokeExecutionPermission',
        'wallet_grantPermissions',
        'wallet_revokePermissions',
        'eth_sendUserOperation',
      ].sort(),
    )
    expect(new Set([...safe, ...FRAME_CONFIRM_RPC_METHODS]).size).toBe(safe.length + FRAME_CONFIRM_RPC_METHODS.length)
  })

  it('anything else is disallowed', () => {
    const others = [
      'eth_sign',
      'eth_signTransaction',
      'eth_signTypedData',
      'eth_signTypedData_v3',
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
      'eth_subscribe',
      'PERSONAL_SIGN',
      ' personal_sign',
      'eth_chainId ',
      '',
      '__proto__',
      'constructor',
      'toString',
      'hasOwnProperty',
      'a'.repeat(10_000),
    ]
    for (const method of others) expect(classifyFrameRpc(method), method).toBe('disallowed')
    for (const method of [undefined, null, 1, {}, ['eth_chainId'], { toString: () => 'eth_chainId' }]) {
      expect(classifyFrameRpc(method)).toBe('disallowed')
    }
  })

  it('errors for disallowed and aborted calls', () => {
    expect(frameRpcNotAllowedError().toJSON()).toEqual({ code: 4200, message: 'Requested RPC call is not allowed' })
    expect(frameRpcAbortedError().toJSON()).toEqual({ code: 4001, message: 'Request was aborted' })
    expect(FrameErrorMessage.RpcNotAllowedUi).toBe('Action not allowed')
  })
})

describe('wallet_sendCalls', () => {
  const ok = (calls: unknown) =>
    WalletSendCallsParams.safeParse([{ version: '2.0.0', chainId: '0x1', atomicRequired: false, from: evm, calls }]).success
  it('each call needs a 0x `to`; data, when given, is 0x hex', () => {
    expect(ok([{ to: evm }])).toBe(true)
    expect(ok([{ to: evm, data: '0x' }])).toBe(true)
    expect(ok([{ to: evm, data: '0xa9059cbb', value: '0x0' }])).toBe(true)
    expect(ok([{ to: evm }, { data: '0x' }])).toBe(false)
    expect(ok([{ to: evm.slice(2) }])).toBe(false)
    expect(ok([{ to: `0x${'g'.repeat(40)}` }])).toBe(false)
    expect(ok([{ to: evm, data: 'a9059cbb' }])).toBe(false)
    expect(ok([{ to: evm, data: '0xzz' }])).toBe(false)
    expect(ok([{ to: evm, data: 12 }])).toBe(false)
    expect(ok([{ to: evm, value: '100' }])).toBe(false)
    expect(ok(Array.from({ length: 101 }, () => ({ to: evm })))).toBe(false)
    expect(ok('calls')).toBe(false)
  })

  it('keeps the params as they were (capabilities included) when it checks an rpcRequest', () => {
    const request = {
      method: 'wallet_sendCalls',
      params: [
        {
          version: '2.0.0',
          chainId: '0x1',
          atomicRequired: true,
          calls: [{ to: evm }],
          capabilities: { paymasterService: { url: 'https://pm.example' } },
        },
      ],
    }
    expect(FrameRpcRequest.safeParse(request).data).toEqual(request)
  })
})

describe('EIP-5792 and ERC-7715 methods in the frame', () => {
  const session = '0x3c44cdddb6a900fa2b585dd299e03d12fa4293bc'
  const permission = {
    chainId: '0x1',
    to: session,
    permission: { type: 'native-token-periodic', isAdjustmentAllowed: false, data: { periodAmount: '0x1', periodDuration: 60 } },
  }
  const good: Record<string, unknown> = {
    wallet_sendCalls: [{ version: '2.0.0', chainId: '0x1', atomicRequired: true, calls: [{ to: evm }] }],
    wallet_getCallsStatus: ['0xabc'],
    wallet_showCallsStatus: ['0xabc'],
    wallet_getCapabilities: [evm, ['0x1']],
    wallet_requestExecutionPermissions: [permission],
    wallet_revokeExecutionPermission: { permissionContext: '0xabcd' },
    wallet_getGrantedExecutionPermissions: [],
    wallet_getSupportedExecutionPermissions: [],
    wallet_grantPermissions: [
      { chainId: '0x1', expiry: 1, signer: { type: 'account', data: { address: session } }, permissions: [permission.permission] },
    ],
    wallet_revokePermissions: [{ permissionContext: '0xabcd' }],
  }
  const bad: Record<string, unknown> = {
    wallet_sendCalls: [{ version: '2.0.0', chainId: '0x0', atomicRequired: true, calls: [{ to: evm }] }],
    wallet_getCallsStatus: ['x'.repeat(4097)],
    wallet_showCallsStatus: [],
    wallet_getCapabilities: ['0x12'],
    wallet_requestExecutionPermissions: [{ ...permission, permission: { ...permission.permission, type: 'native-token-stream' } }],
    wallet_revokeExecutionPermission: { permissionContext: 'abcd' },
    wallet_getGrantedExecutionPermissions: [evm],
    wallet_getSupportedExecutionPermissions: [1],
    wallet_grantPermissions: [{ expiry: -1, permissions: [] }],
    wallet_revokePermissions: [{ eth_accounts: {} }],
  }

  it('classes the ERC-7715 user actions as confirmations and the reads as safe', () => {
    for (const method of [
      'wallet_requestExecutionPermissions',
      'wallet_revokeExecutionPermission',
      'wallet_grantPermissions',
      'wallet_revokePermissions',
    ]) {
      expect(classifyFrameRpc(method), method).toBe('confirm')
    }
    for (const method of [
      'wallet_getGrantedExecutionPermissions',
      'wallet_getSupportedExecutionPermissions',
      'wallet_showCallsStatus',
      'wallet_getCallsStatus',
      'wallet_getCapabilities',
    ]) {
      expect(classifyFrameRpc(method), method).toBe('safe')
    }
  })

  it('checks every listed method’s params, and names the method and the fault when they are wrong', () => {
    expect(Object.keys(FRAME_RPC_PARAMS).sort()).toEqual(Object.keys(good).sort())
    for (const [method, params] of Object.entries(good)) {
      expect(frameRpcParamsProblem(method, params), method).toBeUndefined()
    }
    for (const [method, params] of Object.entries(bad)) {
      expect(frameRpcParamsProblem(method, params), method).toMatch(new RegExp(`^Invalid ${method} params`))
    }
    expect(frameRpcParamsProblem('wallet_requestExecutionPermissions', bad.wallet_requestExecutionPermissions)).toBe(
      'Invalid wallet_requestExecutionPermissions params at 0.permission.type: Unsupported permission type "native-token-stream": this wallet grants erc20-token-periodic, native-token-periodic',
    )
  })

  it('leaves methods without a params schema alone, and never reads the prototype for one', () => {
    expect(frameRpcParamsProblem('eth_call', [{ to: evm }])).toBeUndefined()
    for (const method of ['constructor', 'toString', 'hasOwnProperty']) {
      expect(frameRpcParamsProblem(method, []), method).toBeUndefined()
    }
  })
})

describe('isBoundedJson', () => {
  it('accepts JSON data, undefined inside included', () => {
    expect(isBoundedJson([1, 'a', null, true, { a: [{ b: undefined }] }, undefined])).toBe(true)
    expect(isBoundedJson(Object.create(null) as object)).toBe(true)
  })

  it('refuses non-JSON values, cycles, depth and size overruns', () => {
    const cycle: unknown[] = []
    cycle.push(cycle)
    let deep: unknown = 1
    for (let i = 0; i < 40; i++) deep = [deep]
    const wide = Array.from({ length: 10 }, () => 'x'.repeat(200_000))
    for (const value of [cycle, deep, wide, [Number.NaN], [() => 1], [Symbol('s')], [new Map()], [new Uint8Array(2)], [10n]]) {
      expect(isBoundedJson(value)).toBe(false)
    }
    expect(isBoundedJson('x'.repeat(20), 21)).toBe(false)
    expect(isBoundedJson('x'.repeat(19), 21)).toBe(true)
  })

  it('stops early on a shared graph that would be huge when walked', () => {
    let node: unknown = 'leaf'
    for (let i = 0; i < 30; i++) node = [node, node]
    const start = performance.now()
    expect(isBoundedJson(node)).toBe(false)
    expect(performance.now() - start).toBeLessThan(1000)
  })
})

describe('time-outs', () => {
  it('applies 30 s to the login calls only', () => {
    expect(FRAME_REQUEST_TIMEOUT_MS).toBe(30_000)
    expect([...FRAME_TIMEOUT_METHODS].sort()).toEqual([
      'connectDevice',
      'connectEmail',
      'connectOtp',
      'connectSocial',
      'getSocialRedirectUri',
      'sendDeviceCode',
    ])
    for (const method of Object.keys(frameMethodParams) as FrameMethod[]) {
      expect(frameRequestTimeout(method), method).toBe(FRAME_TIMEOUT_METHODS.has(method) ? 30_000 : undefined)
    }
  })
})

describe('event types and ids', () => {
  it('prefix guards', () => {
    expect(isAppEvent(appEventType('CONNECT_EMAIL'))).toBe(true)
    expect(isFrameEvent(frameEventType('READY'))).toBe(true)
    expect(isAppEvent(frameEventType('READY'))).toBe(false)
    expect(isFrameEvent(appEventType('CONNECT_EMAIL'))).toBe(false)
    for (const type of [
      APP_EVENT_PREFIX,
      FRAME_EVENT_PREFIX,
      `x${FRAME_EVENT_PREFIX}READY`,
      `${FRAME_EVENT_PREFIX}READY `,
      42,
      null,
      undefined,
    ]) {
      expect(isFrameEvent(type) || isAppEvent(type), String(type)).toBe(false)
    }
    expect(isFrameEvent(`${FRAME_EVENT_PREFIX}${'A'.repeat(65)}`)).toBe(false)
    expect(isFrameEvent(`${FRAME_EVENT_PREFIX}../READY`)).toBe(false)
  })

  it('ids are 7 characters of [A-Za-z0-9], unique over 10 000', () => {
    expect(FRAME_EVENT_ID_LENGTH).toBe(7)
    const ids = Array.from({ length: 10_000 }, frameEventId)
    for (const id of ids) expect(id).toMatch(FRAME_EVENT_ID)
    expect(new Set(ids).size).toBe(ids.length)
    // Every character of the alphabet shows up: nothing is stuck or left out.
    expect(new Set(ids.join('')).size).toBe(62)
  })
})

describe('error texts', () => {
  it('an error reply shows its message, or the fallback', () => {
    expect(frameErrorMessage({ code: -32603, message: 'Invalid OTP' })).toBe('Invalid OTP')
    expect(frameErrorMessage(new Error('Email is not allowed'))).toBe('Email is not allowed')
    expect(frameErrorMessage('  Plain text  ')).toBe('Plain text')
    for (const reply of [undefined, null, {}, { message: '' }, { message: '   ' }, { message: 5 }, 42, [], new Error()]) {
      expect(frameErrorMessage(reply)).toBe('An error occurred')
    }
  })

  it('time-outs, aborts and lost frames read Something went wrong', () => {
    expect(frameErrorMessage(new DOMException('The operation was aborted', 'AbortError'))).toBe('Something went wrong')
    expect(frameErrorMessage(new DOMException('timed out', 'TimeoutError'))).toBe('Something went wrong')
    expect(frameErrorMessage(Object.assign(new Error('Method call x() timed out'), { code: 'METHOD_CALL_TIMEOUT' }))).toBe(
      'Something went wrong',
    )
    expect(frameErrorMessage({ code: 4900, message: 'Airlock is not connected: destroyed' })).toBe('Something went wrong')
  })

  it('cuts an over-long message', () => {
    const message = frameErrorMessage({ message: 'x'.repeat(10_000) })
    expect(message).toHaveLength(300)
    expect(message.endsWith('…')).toBe(true)
  })

  it('names the frame when it or its parent is missing', () => {
    expect(FrameErrorMessage.FrameMissing).toMatch(/secure frame/)
    expect(FrameErrorMessage.ParentMissing).toMatch(/secure frame/)
    expect(FrameErrorMessage.LoadFailed).toBe('Unable to load email login dependency')
  })
})

describe('email login cooldown', () => {
  it('rounds the remaining seconds up', () => {
    expect(emailCooldownMessage(29_100)).toBe('Please try again after 30 seconds')
    expect(emailCooldownMessage(200)).toBe('Please try again after 1 seconds')
    expect(emailCooldownMessage(30_000)).toBe('Please try again after 30 seconds')
    expect(emailCooldownMessage(1000)).toBe('Please try again after 1 seconds')
    expect(emailCooldownMessage(1001)).toBe('Please try again after 2 seconds')
  })

  it('counts 30 s from the last login', () => {
    expect(EMAIL_LOGIN_COOLDOWN_MS).toBe(30_000)
    expect(emailLoginCooldownRemaining(undefined, 1_000)).toBe(0)
    expect(emailLoginCooldownRemaining(1_000, 1_000)).toBe(30_000)
    expect(emailLoginCooldownRemaining(1_000, 1_900)).toBe(29_100)
    expect(emailLoginCooldownRemaining(1_000, 31_000)).toBe(0)
    expect(emailLoginCooldownRemaining(1_000, 99_000)).toBe(0)
    expect(emailLoginCooldownRemaining(500_000, 1_000)).toBe(30_000)
    expect(emailLoginCooldownRemaining(Number.NaN, 1_000)).toBe(0)
  })
})
