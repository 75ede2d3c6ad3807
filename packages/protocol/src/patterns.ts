/** Patterns shared by the zod schemas and their lite twins, so the two cannot drift. */
export const CAIP_NETWORK_ID = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/
export const CAIP_ADDRESS = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}:[-.%a-zA-Z0-9]{1,128}$/
export const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/
/** Any family's account address: the account part of a CAIP-10 id. */
export const ACCOUNT_ADDRESS = /^[-.%a-zA-Z0-9]{1,128}$/
/** Solana public keys and signatures (base58). */
export const BASE58 = /^[1-9A-HJ-NP-Za-km-z]+$/
export const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
/** A Bitcoin address of any network, as wallets give it (the families check their networks' rules). */
export const BITCOIN_ADDRESS = /^[a-zA-Z0-9]{14,90}$/
export const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/
export const DATA_IMAGE_URI = /^data:image\/(svg\+xml|png|jpeg|webp|gif)[;,]/
export const STORAGE_KEY = /^[-_.:a-zA-Z0-9]{1,100}$/
/** http(s) or an app's custom scheme (deep links), never script-capable schemes. */
export const OPENABLE_URL = /^(?!(javascript|data|vbscript|file|blob):)(https?:\/\/|[a-z][-+.a-z0-9]*:\/\/)/i
export const NAMESPACES = ['eip155', 'solana', 'polkadot', 'bip122'] as const
export const CONNECTION_STATUSES = ['disconnected', 'connecting', 'connected', 'reconnecting'] as const
export const THEME_MODES = ['dark', 'light'] as const
export const PROVIDER_EVENTS = ['accountsChanged', 'chainChanged', 'connect', 'disconnect', 'message'] as const
/** ANNOUNCED: EIP-6963 or the Wallet Standard; INJECTED: a bare window.ethereum; EXTERNAL: passed by the dapp to createAirlock. */
export const CONNECTOR_DESCRIPTION_TYPES = ['ANNOUNCED', 'INJECTED', 'EXTERNAL'] as const
/**
 * The Wallet Standard features the widget may ask the host to call on a wallet of the page; the
 * host follows no other property of a wallet object (standard:events it subscribes itself).
 */
export const WALLET_STANDARD_CALLS = [
  'standard:connect',
  'standard:disconnect',
  'solana:signMessage',
  'solana:signTransaction',
  'solana:signAndSendTransaction',
  'bitcoin:connect',
  'bitcoin:signMessage',
  'bitcoin:signTransaction',
] as const
/**
 * The calls the widget may ask the host to make on a Polkadot extension of `window.injectedWeb3`
 * (polkadot-extension.ts holds their params and answers); the host follows no other property of
 * an extension or of what its `enable` gives (accounts.subscribe it calls itself, after `enable`).
 */
export const POLKADOT_EXTENSION_CALLS = ['enable', 'accounts.get', 'signer.signPayload', 'signer.signRaw', 'disconnect'] as const
/**
 * The families of the Wallet Standard that Airlock relays, by namespace: the prefix of their
 * features and chains, and the feature that connects them (Bitcoin wallets connect with purposes).
 */
export const WALLET_STANDARD_FAMILIES = {
  solana: { prefix: 'solana:', connect: 'standard:connect' },
  bip122: { prefix: 'bitcoin:', connect: 'bitcoin:connect' },
} as const
export type WalletStandardNamespace = keyof typeof WALLET_STANDARD_FAMILIES
/** Byte lengths a Solana Wallet Standard call may carry: a transaction is at most 1232 bytes on the wire. */
export const WALLET_STANDARD_BYTES = { message: 4096, transaction: 1232, publicKey: 32, signature: 64 } as const
/**
 * Byte lengths a Bitcoin one may carry: keys are compressed (33) or x-only (32, taproot); a PSBT
 * holds the previous outputs of its inputs, so it is bounded by a standard transaction's 400,000
 * weight units with room for them; BIP-322 signatures are a serialized witness, ECDSA ones 65 bytes.
 */
export const BITCOIN_STANDARD_BYTES = {
  message: 4096,
  psbt: 1_000_000,
  publicKey: 33,
  minPublicKey: 32,
  signature: 1024,
  inputs: 1000,
} as const
export const BITCOIN_PURPOSES = ['payment', 'ordinals'] as const
/**
 * The sats-connect methods (V2 names, and the V1 names wallets still answer) the widget may ask the
 * host to call on a provider of `window.btc_providers` (WBIP004); the host calls no other.
 */
export const SATS_CONNECT_METHODS = [
  'wallet_connect',
  'wallet_changeNetwork',
  'wallet_disconnect',
  'bitcoin_getAddressesV2',
  'getAddresses',
  'bitcoin_signPsbtV2',
  'signPsbt',
  'bitcoin_signMessageV2',
  'signMessage',
  'bitcoin_sendTransferV2',
  'sendTransfer',
] as const
export const SOLANA_COMMITMENTS = ['processed', 'confirmed', 'finalized'] as const
/** The Solana JSON-RPC a dapp speaks to `getProvider('solana')` (WalletConnect's names and shapes). */
export const SOLANA_METHODS = [
  'solana_getAccounts',
  'solana_requestAccounts',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAndSendTransaction',
] as const
export const PENPAL_TYPES = ['SYN', 'ACK1', 'ACK2', 'CALL', 'REPLY', 'DESTROY'] as const
/** The widget's boot alerts (SPEC section 8, "Library alerts"). */
export const WIDGET_BOOT_ERRORS = ['Invalid App Configuration', 'Invalid Project ID', 'Project ID Not Configured'] as const
/** The widget origin's boot status (WidgetBootStatus), which the host SDK asks without zod. */
export const WIDGET_BOOT_STATUS_PATH = '/boot-status'

/**
 * Polkadot's byte bounds: a call is at most 64 KiB here (a transfer is ~40 bytes, a batch_all of a
 * hundred transfers ~4 KiB; chains take up to their block length, but nobody reviews 64 KiB on a
 * screen); a message 4 KiB as on Solana; an asset id is an XCM location, a few dozen bytes; a
 * signature is a MultiSignature (1 type byte + 64, or + 65 for ecdsa).
 */
export const POLKADOT_BYTES = { method: 65_536, message: 4096, assetId: 256, signedExtrinsic: 70_000, signature: 66 } as const
/** SS58 of a 32-byte account id with a 1- or 2-byte prefix (the chains package checks the checksum). */
export const POLKADOT_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{35,49}$/
export const SIGNED_EXTENSION_NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/
export const POLKADOT_EXTENSION_CONNECTOR_PREFIX = 'pjs:'
/** How many of an extension's accounts cross to the widget. */
export const POLKADOT_EXTENSION_MAX_ACCOUNTS = 100
