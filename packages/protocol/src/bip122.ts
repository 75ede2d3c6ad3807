import * as z from 'zod/mini'
import { BASE64, BITCOIN_ADDRESS, BITCOIN_PURPOSES, BITCOIN_STANDARD_BYTES } from './patterns'

/**
 * The Bitcoin JSON-RPC of Airlock: what a dapp sends `getProvider('bip122')` and what the widget
 * sends every Bitcoin connector, in sats-connect's names and shapes (the API most Bitcoin dapps
 * already speak); the widget translates it to Wallet Standard features for Standard wallets of the
 * page and to WalletConnect's bip122 methods (below) for WalletConnect wallets. Amounts are sats.
 */
export const BITCOIN_METHODS = ['getAddresses', 'signMessage', 'signPsbt', 'sendTransfer'] as const
export const BitcoinMethod = z.enum(BITCOIN_METHODS)
export type BitcoinMethod = z.infer<typeof BitcoinMethod>

export const BitcoinAddress = z.string().check(z.regex(BITCOIN_ADDRESS))
export const BitcoinPurpose = z.enum(BITCOIN_PURPOSES)
const psbtBase64 = z.string().check(z.minLength(8), z.maxLength(Math.ceil((BITCOIN_STANDARD_BYTES.psbt * 4) / 3) + 4), z.regex(BASE64))
const txid = z.string().check(z.regex(/^[0-9a-f]{64}$/))
const sats = z.number().check(z.int(), z.positive(), z.maximum(21e14))
const inputIndexes = z.array(z.number().check(z.int(), z.minimum(0), z.maximum(BITCOIN_STANDARD_BYTES.inputs))).check(z.minLength(1))
export const BitcoinMessageProtocol = z.enum(['BIP322', 'ECDSA'])

export const BitcoinAddressEntry = z.object({
  address: BitcoinAddress,
  publicKey: z.optional(z.string().check(z.regex(/^([0-9a-f]{64}|0[23][0-9a-f]{64})$/))),
  purpose: BitcoinPurpose,
  addressType: z.optional(z.string().check(z.maxLength(16))),
})
export type BitcoinAddressEntry = z.infer<typeof BitcoinAddressEntry>

export const bitcoinMethodParams = {
  getAddresses: z.optional(z.object({ purposes: z.optional(z.array(BitcoinPurpose)) })),
  signMessage: z.object({
    address: BitcoinAddress,
    message: z.string().check(z.maxLength(BITCOIN_STANDARD_BYTES.message)),
    protocol: z.optional(BitcoinMessageProtocol),
  }),
  /** `signInputs`: the input indexes each address signs (sats-connect's record). */
  signPsbt: z.object({ psbt: psbtBase64, signInputs: z.record(BitcoinAddress, inputIndexes), broadcast: z.optional(z.boolean()) }),
  sendTransfer: z.object({
    recipients: z.array(z.object({ address: BitcoinAddress, amount: sats })).check(z.minLength(1), z.maxLength(1)),
  }),
} satisfies Record<BitcoinMethod, z.ZodMiniType>

export const bitcoinMethodResults = {
  getAddresses: z.object({ addresses: z.array(BitcoinAddressEntry).check(z.maxLength(10)) }),
  signMessage: z.object({
    signature: z.string().check(z.maxLength(2048), z.regex(BASE64)),
    address: BitcoinAddress,
    protocol: z.optional(BitcoinMessageProtocol),
  }),
  signPsbt: z.object({ psbt: psbtBase64, txid: z.optional(txid) }),
  sendTransfer: z.object({ txid }),
} satisfies Record<BitcoinMethod, z.ZodMiniType>

export type BitcoinParams<M extends BitcoinMethod> = z.output<(typeof bitcoinMethodParams)[M]>
export type BitcoinResult<M extends BitcoinMethod> = z.output<(typeof bitcoinMethodResults)[M]>

export function isBitcoinMethod(method: string): method is BitcoinMethod {
  return (BITCOIN_METHODS as readonly string[]).includes(method)
}

/**
 * WalletConnect's bip122 namespace (its Bitcoin RPC reference): `account` is the session's
 * account (the first external address), amounts are decimal strings of sats, and the wallet tells
 * address changes with `bip122_addressesChanged`.
 */
export const WALLETCONNECT_BIP122_METHODS = ['getAccountAddresses', 'signMessage', 'signPsbt', 'sendTransfer'] as const
export const WALLETCONNECT_BIP122_EVENTS = ['bip122_addressesChanged'] as const
export type WalletConnectBip122Method = (typeof WALLETCONNECT_BIP122_METHODS)[number]

const intention = z.enum(['payment', 'ordinal'])
export const walletConnectBip122Params = {
  getAccountAddresses: z.object({ account: BitcoinAddress, intentions: z.optional(z.array(intention)) }),
  signMessage: z.object({
    account: BitcoinAddress,
    message: z.string().check(z.maxLength(BITCOIN_STANDARD_BYTES.message)),
    address: z.optional(BitcoinAddress),
    protocol: z.optional(z.enum(['ecdsa', 'bip322'])),
  }),
  signPsbt: z.object({
    account: BitcoinAddress,
    psbt: psbtBase64,
    signInputs: z.array(
      z.object({ address: BitcoinAddress, index: z.number().check(z.int(), z.minimum(0)), sighashTypes: z.optional(z.array(z.number())) }),
    ),
    broadcast: z.optional(z.boolean()),
  }),
  sendTransfer: z.object({
    account: BitcoinAddress,
    recipientAddress: BitcoinAddress,
    amount: z.string().check(z.regex(/^[1-9][0-9]{0,15}$/)),
    memo: z.optional(z.string().check(z.maxLength(80))),
    changeAddress: z.optional(BitcoinAddress),
  }),
} satisfies Record<WalletConnectBip122Method, z.ZodMiniType>

export const walletConnectBip122Results = {
  getAccountAddresses: z
    .array(
      z.object({
        address: BitcoinAddress,
        publicKey: z.optional(z.string()),
        path: z.optional(z.string()),
        intention: z.optional(intention),
      }),
    )
    .check(z.maxLength(100)),
  signMessage: z.object({ address: BitcoinAddress, signature: z.string().check(z.maxLength(2048)), messageHash: z.optional(z.string()) }),
  signPsbt: z.object({ psbt: psbtBase64, txid: z.optional(txid) }),
  sendTransfer: z.object({ txid }),
} satisfies Record<WalletConnectBip122Method, z.ZodMiniType>
