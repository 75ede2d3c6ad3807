import * as l from './lite'
import * as p from './patterns'
import type { walletStandardCallParams } from './wallet-standard'

// A module of its own, which only the host SDK's extra part (its relay) imports: in one that
// sdk.js imports too, the bundler keeps these top-level reads of the byte limits.
const done = l.check(l.undef)
const networkId = l.string(Infinity, p.CAIP_NETWORK_ID)
const accountAddress = l.string(Infinity, p.ACCOUNT_ADDRESS)
const { message, transaction } = p.WALLET_STANDARD_BYTES
const btc = p.BITCOIN_STANDARD_BYTES
const signTransaction = { account: accountAddress, transaction: l.bytes(transaction), chain: l.optional(networkId) }

/** The host checks the widget's Wallet Standard calls; the widget checks the answers with the zod schemas. */
export const walletStandardParamChecks: l.Checks<typeof walletStandardCallParams> = {
  'standard:connect': l.check(l.optional(l.object({ silent: l.optional(l.boolean) }))),
  'standard:disconnect': done,
  'solana:signMessage': l.check(l.object({ account: accountAddress, message: l.bytes(message) })),
  'solana:signTransaction': l.check(l.object(signTransaction)),
  'solana:signAndSendTransaction': l.check(
    l.object({
      ...signTransaction,
      options: l.optional(
        l.object({
          skipPreflight: l.optional(l.boolean),
          preflightCommitment: l.optional(l.oneOf(p.SOLANA_COMMITMENTS)),
          maxRetries: l.optional(l.integer(0, 100)),
          minContextSlot: l.optional(l.integer(0)),
        }),
      ),
    }),
  ),
  'bitcoin:connect': l.check(l.object({ purposes: l.array(l.oneOf(p.BITCOIN_PURPOSES), p.BITCOIN_PURPOSES.length) })),
  'bitcoin:signMessage': l.check(l.object({ account: accountAddress, message: l.bytes(btc.message) })),
  'bitcoin:signTransaction': l.check(
    l.object({
      psbt: l.bytes(btc.psbt),
      inputsToSign: l.array(
        l.object({
          account: accountAddress,
          signingIndexes: l.array(l.integer(0, btc.inputs), btc.inputs),
          sigHash: l.optional(l.integer(0, 255)),
        }),
        btc.inputs,
      ),
      chain: l.optional(networkId),
    }),
  ),
}
