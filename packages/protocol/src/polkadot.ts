import * as z from 'zod/mini'
import { POLKADOT_ADDRESS, POLKADOT_BYTES, SIGNED_EXTENSION_NAME } from './patterns'

/**
 * The Polkadot JSON-RPC of Airlock: what a dapp sends `getProvider('polkadot')` and what the widget
 * sends every Polkadot connector, in the names and shapes of WalletConnect's polkadot namespace
 * (Reown's "Polkadot RPC reference", docs.reown.com advanced/multichain/rpc-reference/polkadot-rpc,
 * and the WalletConnect web-examples wallet and dapp): `polkadot_signTransaction {address,
 * transactionPayload}` and `polkadot_signMessage {address, message}`, each answering `{signature}`.
 * The payloads are @polkadot/types 16.x' SignerPayloadJSON / SignerPayloadRaw, what extensions'
 * `signer.signPayload` / `signRaw` take, so the widget relays an extension without translating.
 *
 * WalletConnect hands a dapp its accounts in the session, not over RPC; a dapp of Airlock has no
 * session, so `polkadot_requestAccounts` (connects, may prompt) and `polkadot_accounts` (the granted
 * accounts, never prompts) stand in for it, as solana_requestAccounts / solana_getAccounts do.
 */
export const POLKADOT_METHODS = [
  'polkadot_accounts',
  'polkadot_requestAccounts',
  'polkadot_signMessage',
  'polkadot_signTransaction',
] as const
export const PolkadotMethod = z.enum(POLKADOT_METHODS)
export type PolkadotMethod = z.infer<typeof PolkadotMethod>

/** WalletConnect's polkadot namespace: the methods a session asks for, and the events a wallet emits. */
export const WALLETCONNECT_POLKADOT_METHODS = ['polkadot_signTransaction', 'polkadot_signMessage'] as const
export const WALLETCONNECT_POLKADOT_EVENTS = ['chainChanged', 'accountsChanged'] as const

export const PolkadotAddress = z.string().check(z.regex(POLKADOT_ADDRESS))

/** 0x and whole bytes, between `min` and `max` of them; the length is checked before the pattern runs. */
const hexBytes = (min: number, max: number) =>
  z.string().check(z.maxLength(2 + 2 * max), z.minLength(2 + 2 * min), z.regex(/^0x(?:[0-9a-fA-F]{2})*$/))
/** A number as @polkadot/types' toHex writes it (zero-padded to its width), at most `bytes` wide. */
const hexNumber = (bytes: number) => z.string().check(z.maxLength(2 + 2 * bytes), z.regex(/^0x[0-9a-fA-F]+$/))
const hash = hexBytes(32, 32)
const nullable = <T extends z.ZodMiniType>(schema: T) => z.optional(z.nullable(schema))

/**
 * @polkadot/types 16.x' SignerPayloadJSON. `era` is 0x00 (immortal) or 2 bytes (mortal);
 * `blockNumber`, `specVersion`, `transactionVersion` are u32, `nonce` u32 (u64 on some chains),
 * `tip` u128. `assetId` (ChargeAssetTxPayment) and `metadataHash` (CheckMetadataHash) are null or
 * absent when unset; `mode` is CheckMetadataHash's 0 (off) or 1 (on). Only extrinsic version 4 is
 * signed: a version 5 extrinsic (general transactions) is laid out differently.
 */
export const SignerPayloadJSON = z.object({
  address: PolkadotAddress,
  assetId: nullable(hexBytes(1, POLKADOT_BYTES.assetId)),
  blockHash: hash,
  blockNumber: hexNumber(4),
  era: z.string().check(z.regex(/^0x(?:00|[0-9a-fA-F]{4})$/)),
  genesisHash: hash,
  metadataHash: nullable(hash),
  method: hexBytes(2, POLKADOT_BYTES.method),
  mode: z.optional(z.union([z.literal(0), z.literal(1)])),
  nonce: hexNumber(8),
  signedExtensions: z.array(z.string().check(z.regex(SIGNED_EXTENSION_NAME))).check(z.maxLength(32)),
  specVersion: hexNumber(4),
  tip: hexNumber(16),
  transactionVersion: hexNumber(4),
  version: z.literal(4),
  withSignedTransaction: z.optional(z.boolean()),
})
export type SignerPayloadJSON = z.infer<typeof SignerPayloadJSON>

/**
 * @polkadot/types' SignerPayloadRaw: `bytes` data is signed wrapped in `<Bytes>…</Bytes>`
 * (@airlock/chains/polkadot's wrapBytes), `payload` data is an extrinsic payload, signed as is.
 */
export const SignerPayloadRaw = z.object({
  address: PolkadotAddress,
  data: hexBytes(0, POLKADOT_BYTES.method),
  type: z.enum(['bytes', 'payload']),
})
export type SignerPayloadRaw = z.infer<typeof SignerPayloadRaw>

const signature = hexBytes(64, POLKADOT_BYTES.signature)

/** @polkadot/types' SignerResult, what an extension's signer answers (`signedTransaction` as hex only: it crossed a JSON boundary). */
export const SignerResult = z.object({
  id: z.number().check(z.int(), z.minimum(0)),
  signature,
  signedTransaction: z.optional(hexBytes(1, POLKADOT_BYTES.signedExtrinsic)),
})
export type SignerResult = z.infer<typeof SignerResult>

/** An account as extensions inject it (InjectedAccount), without their genesisHash pinning. */
export const PolkadotAccount = z.object({
  address: PolkadotAddress,
  name: z.optional(z.string().check(z.maxLength(64))),
  type: z.optional(z.enum(['sr25519', 'ed25519', 'ecdsa'])),
})
export type PolkadotAccount = z.infer<typeof PolkadotAccount>

const accounts = z.array(PolkadotAccount).check(z.maxLength(100))

export const polkadotMethodParams = {
  polkadot_accounts: z.optional(z.unknown()),
  polkadot_requestAccounts: z.optional(z.unknown()),
  /**
   * `message`: 0x-hex bytes or plain text, as @polkadot/util's u8aToU8a reads a string (what the
   * WalletConnect wallets pass to their signer); it is signed wrapped in `<Bytes>…</Bytes>`. The
   * latest revision of Reown's reference shows SignerPayloadRaw's `data`/`type` instead; wallets and
   * dapps in the wild (web-examples, Nova, SubWallet) send `message`.
   */
  polkadot_signMessage: z.object({ address: PolkadotAddress, message: z.string().check(z.maxLength(2 + 2 * POLKADOT_BYTES.message)) }),
  polkadot_signTransaction: z.object({ address: PolkadotAddress, transactionPayload: SignerPayloadJSON }),
} satisfies Record<PolkadotMethod, z.ZodMiniType>

export const polkadotMethodResults = {
  polkadot_accounts: accounts,
  polkadot_requestAccounts: accounts,
  polkadot_signMessage: z.object({ signature }),
  polkadot_signTransaction: z.object({ signature }),
} satisfies Record<PolkadotMethod, z.ZodMiniType>

export type PolkadotParams<M extends PolkadotMethod> = z.output<(typeof polkadotMethodParams)[M]>
export type PolkadotResult<M extends PolkadotMethod> = z.output<(typeof polkadotMethodResults)[M]>

export function isPolkadotMethod(method: string): method is PolkadotMethod {
  return (POLKADOT_METHODS as readonly string[]).includes(method)
}
