import type * as z from 'zod/mini'
import type { ConnectorDescription } from '../common'
import type { AirlockState } from '../state'
import type { hostMethodParams, hostMethodResults, widgetMethodParams, widgetMethodResults } from '../methods'
import type { walletStandardCallParams, walletStandardCallResults } from '../wallet-standard'
import type { FrameUser, frameEventParams, frameEventResults, frameMethodParams, frameMethodResults } from '../secure-frame'

/**
 * At least one valid value for every method's params and result, both protocols. The fuzzers
 * mutate these into malformed messages, and send them unchanged as the control: a valid call must
 * reach its handler, else "nothing malformed was accepted" would prove nothing.
 */
type Samples<M extends Record<string, z.ZodMiniType>> = { [K in keyof M]: readonly [z.input<M[K]>, ...z.input<M[K]>[]] }

const address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const requestId = '0b8d4c43-6f7e-4a3c-9a55-0d8a2b7c1e11'
const state: AirlockState = {
  ready: true,
  open: true,
  view: 'Account',
  status: 'connected',
  activeNamespace: 'eip155',
  caipNetworkId: 'eip155:31337',
  chainId: 31337,
  address,
  caipAddress: `eip155:31337:${address}`,
  connectorId: 'io.metamask',
  connectorName: 'MetaMask',
  themeMode: 'dark',
}
const connector = { id: 'io.metamask', type: 'ANNOUNCED', namespace: 'eip155', name: 'MetaMask', icon: 'data:image/png;base64,AA' } as const
const solanaAddress = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
const solanaConnector: ConnectorDescription = {
  id: 'ws:solana:Phantom',
  type: 'ANNOUNCED',
  namespace: 'solana',
  name: 'Phantom',
  icon: 'data:image/svg+xml;base64,AA',
  chains: ['solana:mainnet', 'solana:devnet'],
}
const solanaState: AirlockState = {
  ...state,
  activeNamespace: 'solana',
  caipNetworkId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  chainId: 'EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
  address: solanaAddress,
  caipAddress: `solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1:${solanaAddress}`,
  connections: [
    { namespace: 'eip155', caipAddress: `eip155:31337:${address}`, connectorId: 'io.metamask', connectorName: 'MetaMask' },
    { namespace: 'solana', caipAddress: `solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1:${solanaAddress}`, connectorId: 'ws:solana:Phantom' },
  ],
}
const solanaKey = new Uint8Array(32).fill(7)
const solanaSignature = new Uint8Array(64).fill(9)
const solanaTransaction = new Uint8Array([1, ...new Uint8Array(64), 1, 0, 1, 2, ...new Uint8Array(32)])
const walletStandardAccount = {
  address: solanaAddress,
  publicKey: solanaKey,
  chains: ['solana:mainnet', 'solana:devnet'],
  features: ['solana:signMessage', 'solana:signTransaction'],
}
const bitcoinAddress = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'
const bitcoinAccount = {
  address: bitcoinAddress,
  publicKey: new Uint8Array([2, ...new Uint8Array(32).fill(5)]),
  chains: ['bitcoin:mainnet'],
  features: ['bitcoin:signMessage', 'bitcoin:signTransaction'],
}
/** A PSBT (magic `psbt\xff`) longer than any Solana transaction: the limits are per family. */
const psbt = new Uint8Array([0x70, 0x73, 0x62, 0x74, 0xff, ...new Uint8Array(2000).fill(1)])
const bitcoinConnector: ConnectorDescription = {
  id: 'ws:bip122:Xverse',
  type: 'ANNOUNCED',
  namespace: 'bip122',
  name: 'Xverse',
  icon: 'data:image/svg+xml;base64,AA',
  chains: ['bitcoin:mainnet'],
}
const externalConnector: ConnectorDescription = { id: 'ext:Dapp_Wallet', type: 'EXTERNAL', namespace: 'eip155', name: 'Dapp Wallet' }

/** Every Wallet Standard call the widget may ask the host to make, and every answer it reads. */
export const walletStandardParamSamples: Samples<typeof walletStandardCallParams> = {
  'standard:connect': [undefined, { silent: true }],
  'standard:disconnect': [undefined],
  'solana:signMessage': [{ account: solanaAddress, message: new Uint8Array([104, 105]) }],
  'solana:signTransaction': [{ account: solanaAddress, transaction: solanaTransaction, chain: 'solana:devnet' }],
  'solana:signAndSendTransaction': [
    { account: solanaAddress, transaction: solanaTransaction },
    {
      account: solanaAddress,
      transaction: solanaTransaction,
      chain: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
      options: { skipPreflight: true, preflightCommitment: 'confirmed', maxRetries: 3, minContextSlot: 10 },
    },
  ],
  'bitcoin:connect': [{ purposes: ['payment', 'ordinals'] }, { purposes: ['payment'] }],
  'bitcoin:signMessage': [{ account: bitcoinAddress, message: new Uint8Array([104, 105]) }],
  'bitcoin:signTransaction': [
    { psbt, inputsToSign: [{ account: bitcoinAddress, signingIndexes: [0, 2] }] },
    { psbt, inputsToSign: [{ account: bitcoinAddress, signingIndexes: [1], sigHash: 0x83 }], chain: 'bitcoin:testnet' },
  ],
}

export const walletStandardResultSamples: Samples<typeof walletStandardCallResults> = {
  'standard:connect': [{ accounts: [walletStandardAccount] }, { accounts: [] }],
  'standard:disconnect': [undefined],
  'solana:signMessage': [{ signedMessage: new Uint8Array([104, 105]), signature: solanaSignature }],
  'solana:signTransaction': [{ signedTransaction: solanaTransaction }],
  'solana:signAndSendTransaction': [{ signature: solanaSignature }],
  'bitcoin:connect': [{ accounts: [bitcoinAccount, { ...bitcoinAccount, publicKey: new Uint8Array(32).fill(6) }] }],
  'bitcoin:signMessage': [{ signedMessage: new Uint8Array([104, 105]), signature: new Uint8Array(65).fill(4) }],
  'bitcoin:signTransaction': [{ signedPsbt: psbt }],
}

const user: FrameUser = {
  email: 'ada@example.com',
  address,
  chainId: 31337,
  accounts: [{ address, type: 'eoa' }],
  smartAccountDeployed: false,
  preferredAccountType: 'eoa',
  passkeys: 1,
}
const solanaUser: FrameUser = { ...user, addresses: { eip155: address, solana: solanaAddress } }

export const widgetParamSamples: Samples<typeof widgetMethodParams> = {
  open: [undefined, { view: 'Account', namespace: 'eip155' }],
  close: [undefined],
  request: [
    { namespace: 'eip155', method: 'eth_accounts', params: [] },
    { namespace: 'solana', method: 'solana_signMessage', params: { message: '3yZe7d', pubkey: solanaAddress } },
  ],
  getState: [undefined],
  setOptions: [
    {
      projectId: 'demo',
      networks: ['eip155:31337'],
      features: { swaps: true, socials: ['google'] },
      metadata: { name: 'Demo', url: 'https://dapp.example', icons: ['https://dapp.example/i.png'] },
      themeVariables: { '--airlock-accent': '#47a1ff', '--airlock-z-index': 10 },
    },
    { projectId: 'demo', siwx: true },
    {
      projectId: 'demo',
      siwx: { required: true, statement: 'Sign in to the demo', resources: ['https://dapp.example/terms'], expirationSeconds: 3600 },
    },
  ],
  setTheme: [{ themeMode: 'light', themeVariables: { '--airlock-color-mix-strength': 40 } }],
  switchNetwork: [{ caipNetworkId: 'eip155:31338' }],
  addNetwork: [{ caipNetworkId: 'eip155:1' }],
  removeNetwork: [{ caipNetworkId: 'eip155:1' }],
  disconnect: [undefined, { namespace: 'solana' }],
  connectorsChanged: [{ connectors: [connector, solanaConnector, bitcoinConnector, externalConnector] }],
  connectorEvent: [
    { connectorId: 'io.metamask', event: 'chainChanged', data: '0x7a69' },
    { connectorId: 'ws:solana:Phantom', event: 'accountsChanged', data: [walletStandardAccount] },
  ],
  signOut: [undefined],
}

export const widgetResultSamples: Samples<typeof widgetMethodResults> = {
  open: [undefined],
  close: [undefined],
  request: [['0x70997970C51812dc3A010C7d01b50e0d17dc79C8']],
  getState: [state, solanaState],
  setOptions: [undefined],
  setTheme: [undefined],
  switchNetwork: [undefined],
  addNetwork: [undefined],
  removeNetwork: [undefined],
  disconnect: [undefined],
  connectorsChanged: [undefined],
  connectorEvent: [undefined],
  signOut: [undefined],
}

export const hostParamSamples: Samples<typeof hostMethodParams> = {
  listConnectors: [undefined],
  connectorRequest: [
    { connectorId: 'io.metamask', method: 'eth_requestAccounts', params: [] },
    ...Object.entries(walletStandardParamSamples).flatMap(([method, list]) =>
      list.map((params) => ({ connectorId: method.startsWith('bitcoin:') ? bitcoinConnector.id : solanaConnector.id, method, params })),
    ),
  ],
  setVisible: [{ visible: true }],
  openUrl: [{ url: 'https://wallet.example/wc?uri=x', target: '_blank' }],
  storageGet: [{ key: 'airlock:recent' }],
  storageSet: [{ key: 'airlock:recent', value: 'io.metamask' }],
  storageRemove: [{ key: 'airlock:recent' }],
  siwx: [
    { call: 'getNonce', params: { caipAddress: `eip155:31337:${address}` } },
    { call: 'verify', params: { message: 'dapp.localhost wants you to sign in with your Ethereum account:', signature: '0x12' } },
  ],
  emit: [
    { type: 'state', state },
    { type: 'state', state: solanaState },
    { type: 'event', event: { timestamp: 1, data: { type: 'track', event: 'MODAL_OPEN', properties: { connected: true } } } },
    { type: 'provider', event: { namespace: 'eip155', event: 'accountsChanged', data: [address] } },
  ],
}

export const hostResultSamples: Samples<typeof hostMethodResults> = {
  listConnectors: [[connector, solanaConnector, externalConnector]],
  connectorRequest: [[address], ...Object.values(walletStandardResultSamples).flat()],
  setVisible: [undefined],
  openUrl: [undefined],
  storageGet: ['io.metamask', null],
  storageSet: [undefined],
  storageRemove: [undefined],
  emit: [undefined],
  siwx: ['a1b2c3d4e5f6a7b8', true],
}

export const frameParamSamples: Samples<typeof frameMethodParams> = {
  switchNetwork: [{ chainId: 31337 }, { chainId: 'eip155:8453' }],
  connectEmail: [{ email: 'ada@example.com' }],
  connectDevice: [{ otp: '123456' }],
  sendDeviceCode: [undefined],
  unlockWithPasskey: [undefined],
  unlockWithStorageAccess: [undefined],
  addPasskey: [undefined],
  getRecoveries: [undefined],
  cancelRecovery: [{ id: '0b6c1f2e-9a4d-4c3b-8e2f-1a2b3c4d5e6f' }],
  connectOtp: [{ otp: '654321' }],
  connectSocial: [{ uri: 'http://secure.localhost:4402/oauth/google/start?flow=abc' }],
  getSocialRedirectUri: [{ provider: 'github' }],
  getFarcasterUri: [undefined],
  connectFarcaster: [undefined],
  getUser: [{ chainId: 31337, preferredAccountType: 'smartAccount' }],
  signOut: [undefined],
  isConnected: [undefined, { token: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.abc-_=' }],
  getChainId: [undefined],
  getSmartAccountEnabledNetworks: [undefined],
  initSmartAccount: [undefined],
  setPreferredAccount: [{ type: 'eoa' }],
  rpcRequest: [
    { method: 'personal_sign', params: ['0x68656c6c6f', address], chainId: 31337, id: requestId },
    {
      method: 'solana_signMessage',
      params: { message: '3yZe7d', pubkey: solanaAddress },
      chainId: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
      id: requestId,
    },
    {
      method: 'wallet_sendCalls',
      params: [{ version: '2.0.0', chainId: '0x7a69', atomicRequired: true, calls: [{ to: address, data: '0xabcdef', value: '0x1' }] }],
      id: requestId,
    },
  ],
  abortRpcRequest: [{ id: requestId }],
  updateEmail: [{ newEmail: 'new@example.org' }],
  updateEmailPrimaryOtp: [{ otp: '111111' }],
  updateEmailSecondaryOtp: [{ otp: '222222' }],
  syncTheme: [{ themeMode: 'dark', themeVariables: { '--airlock-accent': '#47a1ff' } }],
  syncDappData: [
    {
      metadata: { name: 'Demo', url: 'https://dapp.example' },
      origin: 'http://dapp.localhost:4400',
      sdkVersion: '0.1.0',
      sdkType: 'airlock',
      projectId: 'demo',
    },
  ],
  reload: [undefined],
}

export const frameResultSamples: Samples<typeof frameMethodResults> = {
  switchNetwork: [{ chainId: 31337 }],
  connectEmail: [{ action: 'VERIFY_OTP' }],
  connectDevice: [{ action: 'CONNECT' }],
  sendDeviceCode: [{ sentTo: 'a***@example.com' }],
  unlockWithPasskey: [{ action: 'CONNECT' }],
  unlockWithStorageAccess: [{ action: 'CONNECT' }, { action: 'VERIFY_DEVICE', passkeys: 0, partitioned: 'refused' }],
  addPasskey: [{ passkeys: 2 }],
  getRecoveries: [{ recoveries: [] }],
  cancelRecovery: [{ recoveries: [] }],
  connectOtp: [{ action: 'VERIFY_DEVICE', sentTo: 'a***@example.com', passkeys: 0 }],
  connectSocial: [{ action: 'CONNECT', user }],
  getSocialRedirectUri: [{ uri: 'http://secure.localhost:4402/oauth/github/start?flow=abc' }],
  getFarcasterUri: [{ url: 'https://farcaster.example/~/siwf?channelToken=abc' }],
  connectFarcaster: [{ action: 'VERIFY_DEVICE', passkeys: 1 }],
  getUser: [user, solanaUser],
  signOut: [undefined],
  isConnected: [{ isConnected: true }],
  getChainId: [{ chainId: 'eip155:31337' }],
  getSmartAccountEnabledNetworks: [{ smartAccountEnabledNetworks: [31337, 8453] }],
  initSmartAccount: [undefined],
  setPreferredAccount: [{ type: 'smartAccount', address }],
  rpcRequest: ['0xsignature', { signature: '5VERv8NMvzbJMEkV8xnrLkEaWRtSz9CosKDYjCJjBRnbJLgp8uirBgmQpjKhoR4tjF3ZpRzrFmBV6UjKdiSZkQUW' }],
  abortRpcRequest: [undefined],
  updateEmail: [{ action: 'VERIFY_PRIMARY_OTP' }],
  updateEmailPrimaryOtp: [undefined],
  updateEmailSecondaryOtp: [{ newEmail: 'new@example.org' }],
  syncTheme: [undefined],
  syncDappData: [undefined],
  reload: [undefined],
}

export const frameEventParamSamples: Samples<typeof frameEventParams> = {
  ready: [{ version: 4 }],
  sessionUpdate: [{ token: 'opaque-session-token_1' }],
  surfaceHeight: [{ height: 320 }, { height: 0 }],
}

export const frameEventResultSamples: Samples<typeof frameEventResults> = {
  ready: [undefined],
  sessionUpdate: [undefined],
  surfaceHeight: [undefined],
}
