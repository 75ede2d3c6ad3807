import { describe, expect, it } from 'vitest'
import type * as z from 'zod/mini'
import { WidgetBootStatus } from './boot'
import { ConnectorDescription } from './common'
import { PenpalEnvelope } from './envelope'
import {
  airlockStateCheck,
  connectorDescriptionCheck,
  hostMethodChecks,
  penpalEnvelopeCheck,
  widgetBootStatusCheck,
  widgetResultChecks,
} from './host-checks'
import { walletStandardParamChecks } from './wallet-standard-checks'
import { polkadotAccountCheck, polkadotExtensionParamChecks } from './polkadot-extension-checks'
import { polkadotExtensionCallParams, type PolkadotExtensionCall } from './polkadot-extension'
import { PolkadotAccount } from './polkadot'
import type { Check } from './lite'
import { hostMethodParams, widgetMethodResults } from './methods'
import { AirlockState } from './state'
import { walletStandardParamSamples, walletStandardResultSamples } from './fuzz/samples'
import { walletStandardCallParams, walletStandardCallResults, type WalletStandardCall } from './wallet-standard'

const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const state: AirlockState = {
  ready: true,
  open: false,
  view: 'Account',
  status: 'connected',
  activeNamespace: 'eip155',
  caipNetworkId: 'eip155:31337',
  chainId: 31337,
  address,
  caipAddress: `eip155:31337:${address}`,
  connectorId: 'dev.airlock.devnetwallet',
  connectorName: 'Devnet Wallet',
  themeMode: 'dark',
}

/** The same state signed in (SIWX), so that the session's fields are exercised too. */
const signedIn: AirlockState = {
  ...state,
  session: {
    id: 'b3c1f6c2-1f9e-4a56-9d57-5c8c0fbd3a11',
    data: { domain: 'dapp.localhost', chainId: 'eip155:31337', nonce: 'a1b2c3d4e5f6a7b8' },
    message: 'dapp.localhost wants you to sign in with your Ethereum account:',
    signature: '0x1234',
    expiresAt: '2026-12-05T00:00:00.000Z',
    token: 'eyJhbGciOiJFZERTQSJ9.e30.c2ln',
  },
}

/** Values that break one field at a time, so each rule of the zod schema is exercised. */
const hostile: unknown[] = [
  undefined,
  null,
  0,
  NaN,
  Infinity,
  '',
  'x'.repeat(5000),
  true,
  [],
  {},
  ['a'],
  { __proto__: null },
  'javascript:alert(1)',
  'data:text/html,<script>',
  'wc://pair?uri=1',
  'https://example.com',
  'eip155:1',
  `eip155:1:${address}`,
  address,
  '0x1234',
  'data:image/svg+xml;base64,AAAA',
  'data:text/svg,AAAA',
  'dark',
  'purple',
  'connected',
  'accountsChanged',
  'ANNOUNCED',
  'EXTERNAL',
  'eip155',
  'cosmos',
]

/** Byte strings that break a length bound or are not a Uint8Array. */
const hostileBytes: unknown[] = [
  new Uint8Array(0),
  new Uint8Array(31),
  new Uint8Array(32),
  new Uint8Array(63),
  new Uint8Array(64),
  new Uint8Array(1232),
  new Uint8Array(1233),
  new Uint8Array(4096),
  new Uint8Array(4097),
  new Uint16Array(32),
  new Uint8Array(64).buffer,
  [1, 2, 3],
  { 0: 1, length: 1 },
]

function variants(sample: Record<string, unknown>): unknown[] {
  const out: unknown[] = [sample]
  for (const key of Object.keys(sample)) {
    const { [key]: _removed, ...rest } = sample
    out.push(rest)
    for (const value of [...hostile, ...hostileBytes]) out.push({ ...sample, [key]: value })
    const nested = sample[key]
    if (nested && typeof nested === 'object' && !Array.isArray(nested) && !ArrayBuffer.isView(nested)) {
      for (const variant of variants(nested as Record<string, unknown>)) out.push({ ...sample, [key]: variant })
    }
  }
  return out
}

function expectSameVerdicts(name: string, zodSchema: z.ZodMiniType, lite: Check<unknown>, samples: unknown[]) {
  for (const sample of samples) {
    const expected = zodSchema.safeParse(sample).success
    if (lite.safeParse(sample).success !== expected) {
      throw new Error(`${name}: lite says ${!expected}, zod says ${expected} for ${JSON.stringify(sample)}`)
    }
  }
}

describe('lite checks accept exactly what their zod twins accept', () => {
  it('AirlockState', () => {
    const samples = [...variants(state), ...variants(signedIn), ...hostile]
    expectSameVerdicts('AirlockState', AirlockState, airlockStateCheck, samples)
    expect(airlockStateCheck.safeParse(state).success).toBe(true)
    expect(airlockStateCheck.safeParse(signedIn).success).toBe(true)
    expect(airlockStateCheck.safeParse({ ...signedIn, session: { ...signedIn.session, token: 'x'.repeat(4097) } }).success).toBe(false)
  })

  it('ConnectorDescription', () => {
    const sample = {
      id: 'io.metamask',
      type: 'ANNOUNCED',
      namespace: 'eip155',
      name: 'MetaMask',
      icon: 'data:image/png;base64,AA',
      rdns: 'io.metamask',
    }
    expectSameVerdicts('ConnectorDescription', ConnectorDescription, connectorDescriptionCheck, [...variants(sample), ...hostile])
    expect(connectorDescriptionCheck.safeParse({ ...sample, icon: 'https://evil.example/x.svg' }).success).toBe(false)
  })

  it('WidgetBootStatus', () => {
    const samples = [{}, { error: 'Invalid Project ID' }, ...variants({ error: 'Invalid App Configuration' }), { error: 'Nope' }]
    expectSameVerdicts('WidgetBootStatus', WidgetBootStatus, widgetBootStatusCheck, [...samples, ...hostile])
    expect(widgetBootStatusCheck.safeParse({ error: 'Invalid App Configuration' }).success).toBe(true)
  })

  it('penpal envelopes', () => {
    const base = { namespace: 'penpal', channel: undefined }
    const samples = [
      { ...base, type: 'SYN', participantId: 'abc' },
      { ...base, type: 'ACK1', methodPaths: [['open'], ['storage', 'get']] },
      { ...base, type: 'ACK2' },
      { ...base, type: 'CALL', id: '1', methodPath: ['open'], args: [{ view: 'Connect' }] },
      { ...base, type: 'REPLY', callId: '1', value: 5, isError: true },
      { ...base, type: 'DESTROY' },
      { ...base, type: 'NOPE' },
    ].flatMap(variants)
    expectSameVerdicts('PenpalEnvelope', PenpalEnvelope, penpalEnvelopeCheck, [...samples, ...hostile])
  })

  it('host method params', () => {
    const samples: Record<keyof typeof hostMethodParams, unknown[]> = {
      listConnectors: [undefined, ...hostile],
      connectorRequest: variants({ connectorId: 'io.metamask', method: 'eth_accounts', params: [] }),
      setVisible: variants({ visible: true }),
      openUrl: [
        ...variants({ url: 'https://example.com', target: '_blank' }),
        { url: 'metamask://wc?uri=x', target: '_self' },
        { url: 'JavaScript://%0aalert(1)', target: '_self' },
        { url: 'blob://x', target: '_blank' },
      ],
      storageGet: variants({ key: 'recent:connector' }),
      storageSet: variants({ key: 'recent', value: 'io.metamask' }),
      storageRemove: variants({ key: 'a b' }),
      emit: [
        ...variants({ type: 'state', state }),
        ...variants({ type: 'event', event: { timestamp: 1, data: { type: 'track', event: 'MODAL_OPEN', properties: { a: 1 } } } }),
        ...variants({ type: 'provider', event: { namespace: 'eip155', event: 'chainChanged', data: '0x7a69' } }),
        { type: 'other' },
      ],
      siwx: [
        ...variants({ call: 'getNonce', params: { caipAddress: `eip155:31337:${address}` } }),
        { call: 'verify', params: undefined },
        { call: 'revoke', params: {} },
      ],
    }
    for (const [name, list] of Object.entries(samples)) {
      const key = name as keyof typeof hostMethodParams
      expectSameVerdicts(name, hostMethodParams[key], hostMethodChecks[key], [...list, ...hostile])
    }
  })

  it('widget method results', () => {
    for (const key of Object.keys(widgetMethodResults) as (keyof typeof widgetMethodResults)[]) {
      expectSameVerdicts(key, widgetMethodResults[key], widgetResultChecks[key], [...hostile, state, ...variants(state)])
    }
  })

  it('Wallet Standard call params (the host checks them; the widget checks the results with zod)', () => {
    const methods = Object.keys(walletStandardCallParams) as WalletStandardCall[]
    const all = (samples: Record<WalletStandardCall, readonly unknown[]>) => methods.flatMap((m) => [...samples[m]])
    const others = [...all(walletStandardParamSamples), ...all(walletStandardResultSamples), ...hostile, ...hostileBytes]
    for (const method of methods) {
      const params = [...walletStandardParamSamples[method]].flatMap((s) => (s && typeof s === 'object' ? variants(s) : [s]))
      expectSameVerdicts(method, walletStandardCallParams[method], walletStandardParamChecks[method], [...params, ...others])
      for (const sample of walletStandardParamSamples[method])
        expect(walletStandardParamChecks[method].safeParse(sample).success).toBe(true)
      for (const sample of walletStandardResultSamples[method])
        expect(walletStandardCallResults[method].safeParse(sample).success).toBe(true)
    }
    const [sample] = walletStandardParamSamples['solana:signMessage']
    expect(walletStandardParamChecks['solana:signMessage'].safeParse({ ...sample, message: new Uint8Array(4097) }).success).toBe(false)
    expect(walletStandardParamChecks['solana:signMessage'].safeParse({ ...sample, message: Array.from(sample.message) }).success).toBe(
      false,
    )
    const [connected] = walletStandardResultSamples['standard:connect']
    const account = connected.accounts[0]!
    expect(
      walletStandardCallResults['standard:connect'].safeParse({ accounts: [{ ...account, publicKey: new Uint8Array(33) }] }).success,
    ).toBe(false)
    expect(walletStandardCallResults['solana:signAndSendTransaction'].safeParse({ signature: new Uint8Array(63) }).success).toBe(false)
  })

  it('Polkadot extension call params and accounts (the host checks them; the widget checks the answers with zod)', () => {
    const POLKADOT = '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY'
    const hex = (bytes: number, fill = 'ab') => `0x${fill.repeat(bytes)}`
    const payload = {
      address: POLKADOT,
      assetId: null,
      blockHash: hex(32),
      blockNumber: '0x00000010',
      era: '0x1400',
      genesisHash: hex(32, '45'),
      metadataHash: hex(32, 'cd'),
      method: `0x0a0300${'11'.repeat(32)}0b00204aa9d101`,
      mode: 1,
      nonce: '0x00000000',
      signedExtensions: ['CheckNonZeroSender', 'CheckMortality', 'CheckMetadataHash'],
      specVersion: '0x00000384',
      tip: '0x00000000000000000000000000000000',
      transactionVersion: '0x00000010',
      version: 4,
      withSignedTransaction: false,
    }
    const edges = [
      '0x',
      '0x0',
      '0x00',
      '0x0001',
      '0x1400',
      'zz',
      ...[1, 2, 4, 5, 8, 9, 16, 17, 31, 32, 33, 256, 257].map((bytes) => hex(bytes)),
      hex(1, 'AB'),
      hex(65_537),
      0,
      1,
      2,
      4,
      5,
      [],
      ['CheckNonce'],
      ['Check-Nonce'],
      Array(33).fill('CheckNonce'),
      'bytes',
      'payload',
      'sr25519',
      POLKADOT,
      `${POLKADOT}x`,
      'x'.repeat(100),
      'x'.repeat(101),
    ]
    const samples: Record<PolkadotExtensionCall, unknown[]> = {
      enable: [{ originName: 'Dapp' }],
      'accounts.get': [undefined],
      'signer.signPayload': [payload, { ...payload, assetId: hex(2), mode: 0, metadataHash: undefined }],
      'signer.signRaw': [
        { address: POLKADOT, data: '0x', type: 'bytes' },
        { address: POLKADOT, data: hex(40), type: 'payload' },
      ],
      disconnect: [undefined],
    }
    const others = [...Object.values(samples).flat(), ...hostile]
    const edgy = (sample: unknown) =>
      sample && typeof sample === 'object'
        ? [
            ...variants(sample as Record<string, unknown>),
            ...Object.keys(sample).flatMap((key) => edges.map((value) => ({ ...sample, [key]: value }))),
          ]
        : [sample]
    for (const method of Object.keys(samples) as PolkadotExtensionCall[]) {
      for (const sample of samples[method]) expect(polkadotExtensionParamChecks[method].safeParse(sample).success, method).toBe(true)
      expectSameVerdicts(method, polkadotExtensionCallParams[method], polkadotExtensionParamChecks[method], [
        ...samples[method].flatMap(edgy),
        ...others,
      ])
    }
    const account = { address: POLKADOT, name: 'Alice', type: 'sr25519' }
    expect(polkadotAccountCheck.safeParse(account).success).toBe(true)
    expectSameVerdicts('PolkadotAccount', PolkadotAccount, polkadotAccountCheck, [
      ...edgy(account),
      { address: POLKADOT, name: 'x'.repeat(65) },
      ...hostile,
    ])
  })

  it('Bitcoin calls have limits of their own: PSBTs past 1232 bytes, 33- or 32-byte keys, nested accounts by address', () => {
    const [signing] = walletStandardParamSamples['bitcoin:signTransaction']
    expect(signing.psbt.length).toBeGreaterThan(1232)
    const check = walletStandardParamChecks['bitcoin:signTransaction']
    expect(check.safeParse({ ...signing, psbt: new Uint8Array(1_000_001) }).success).toBe(false)
    const input = signing.inputsToSign[0]!
    for (const inputsToSign of [
      [{ ...input, account: { address: input.account } }],
      [{ ...input, signingIndexes: [-1] }],
      [{ ...input, signingIndexes: [0.5] }],
    ]) {
      expect(check.safeParse({ ...signing, inputsToSign }).success).toBe(false)
      expect(walletStandardCallParams['bitcoin:signTransaction'].safeParse({ ...signing, inputsToSign }).success).toBe(false)
    }
    const [connected] = walletStandardResultSamples['bitcoin:connect']
    const account = connected.accounts[0]!
    for (const [length, ok] of [
      [33, true],
      [32, true],
      [31, false],
      [34, false],
    ] as const) {
      const publicKey = new Uint8Array(length)
      expect(walletStandardCallResults['bitcoin:connect'].safeParse({ accounts: [{ ...account, publicKey }] }).success).toBe(ok)
    }
    expect(walletStandardParamChecks['bitcoin:connect'].safeParse({ purposes: ['payment', 'ordinals', 'payment'] }).success).toBe(false)
  })
})
