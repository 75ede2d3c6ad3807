import * as z from 'zod/mini'
import { AccountAddress, CaipNetworkId } from './common'
import {
  BITCOIN_PURPOSES,
  BITCOIN_STANDARD_BYTES,
  WALLET_STANDARD_BYTES,
  WALLET_STANDARD_CALLS,
  type WalletStandardNamespace,
} from './patterns'
import { SolanaSendOptions } from './solana'

/**
 * What the widget sends the host SDK to call a Wallet Standard wallet of the dapp page
 * (`connectorRequest({connectorId, method, params})` with `method` one of WALLET_STANDARD_CALLS),
 * and what comes back. Plain data only: accounts are named by address (the host maps an address
 * to the wallet's own account object), bytes are Uint8Array, which structured clone carries.
 */
export const WalletStandardCall = z.enum(WALLET_STANDARD_CALLS)
export type WalletStandardCall = z.infer<typeof WalletStandardCall>

const bytes = (max: number, min = 1) =>
  z.custom<Uint8Array>((v) => v instanceof Uint8Array && v.length >= min && v.length <= max, { error: `Expected at most ${max} bytes` })
const { message, transaction, publicKey, signature } = WALLET_STANDARD_BYTES

/** A wallet's account as it crosses to the widget (connect results and accountsChanged events). */
export const WalletStandardAccount = z.object({
  address: AccountAddress,
  publicKey: bytes(publicKey, publicKey),
  chains: z.array(CaipNetworkId).check(z.maxLength(16)),
  features: z.array(z.string().check(z.maxLength(100))).check(z.maxLength(32)),
})
export type WalletStandardAccount = z.infer<typeof WalletStandardAccount>
/** The data of a Solana Wallet Standard connector's `accountsChanged` event. */
export const WalletStandardAccounts = z.array(WalletStandardAccount).check(z.maxLength(10))

const btc = BITCOIN_STANDARD_BYTES
/** A Bitcoin wallet's account: its key is compressed (33 bytes) or x-only (32, taproot). */
export const BitcoinStandardAccount = z.object({ ...WalletStandardAccount.shape, publicKey: bytes(btc.publicKey, btc.minPublicKey) })
export const BitcoinStandardAccounts = z.array(BitcoinStandardAccount).check(z.maxLength(10))
/** The accounts of a connector's `accountsChanged` event, by family: the host sends each connector its family's only. */
export const walletStandardFamilyAccounts = {
  solana: WalletStandardAccounts,
  bip122: BitcoinStandardAccounts,
} satisfies Record<WalletStandardNamespace, z.ZodMiniType>

/** Which inputs of a PSBT an account signs (`bitcoin:signTransaction`): the host maps each account as it maps a top-level one. */
const InputToSign = z.object({
  account: AccountAddress,
  signingIndexes: z.array(z.number().check(z.int(), z.minimum(0), z.maximum(btc.inputs))).check(z.maxLength(btc.inputs)),
  sigHash: z.optional(z.number().check(z.int(), z.minimum(0), z.maximum(255))),
})

const signTransaction = { account: AccountAddress, transaction: bytes(transaction), chain: z.optional(CaipNetworkId) }

export const walletStandardCallParams = {
  'standard:connect': z.optional(z.object({ silent: z.optional(z.boolean()) })),
  'standard:disconnect': z.undefined(),
  'solana:signMessage': z.object({ account: AccountAddress, message: bytes(message) }),
  'solana:signTransaction': z.object(signTransaction),
  'solana:signAndSendTransaction': z.object({ ...signTransaction, options: z.optional(SolanaSendOptions) }),
  'bitcoin:connect': z.object({ purposes: z.array(z.enum(BITCOIN_PURPOSES)).check(z.maxLength(BITCOIN_PURPOSES.length)) }),
  'bitcoin:signMessage': z.object({ account: AccountAddress, message: bytes(btc.message) }),
  'bitcoin:signTransaction': z.object({
    psbt: bytes(btc.psbt),
    inputsToSign: z.array(InputToSign).check(z.maxLength(btc.inputs)),
    chain: z.optional(CaipNetworkId),
  }),
} satisfies Record<WalletStandardCall, z.ZodMiniType>

export const walletStandardCallResults = {
  'standard:connect': z.object({ accounts: WalletStandardAccounts }),
  'standard:disconnect': z.undefined(),
  'solana:signMessage': z.object({ signedMessage: bytes(message), signature: bytes(signature, signature) }),
  'solana:signTransaction': z.object({ signedTransaction: bytes(transaction) }),
  'solana:signAndSendTransaction': z.object({ signature: bytes(signature, signature) }),
  'bitcoin:connect': z.object({ accounts: BitcoinStandardAccounts }),
  'bitcoin:signMessage': z.object({ signedMessage: bytes(btc.message), signature: bytes(btc.signature) }),
  'bitcoin:signTransaction': z.object({ signedPsbt: bytes(btc.psbt) }),
} satisfies Record<WalletStandardCall, z.ZodMiniType>

export type WalletStandardParams<M extends WalletStandardCall> = z.output<(typeof walletStandardCallParams)[M]>
export type WalletStandardResult<M extends WalletStandardCall> = z.output<(typeof walletStandardCallResults)[M]>
