import { POLKADOT_SIWX } from '@airlock/protocol'
import { wrapBytes } from '@airlock/chains/polkadot'
import { cryptoWaitReady, signatureVerify } from '@polkadot/util-crypto'
import { isAddressOn, parsePolkadotAccountAddress } from './address'

/**
 * 64 bytes (sr25519, ed25519), 65 (ECDSA, or sr25519/ed25519 with the MultiSignature type byte
 * 00/01), 66 (ECDSA with its type byte 02), hex: what signRaw answers and WalletConnect's
 * polkadot_signMessage returns.
 */
const SIGNATURE = /^0x([0-9a-fA-F]{128}|[0-9a-fA-F]{130}|02[0-9a-fA-F]{130})$/

const utf8 = new TextEncoder()

/**
 * Sign in with a Polkadot account: sr25519 (polkadot-js, Talisman, SubWallet, Nova), ed25519
 * (Ledger and other SLIP-10 keys) and ECDSA (an account id that is the blake2 hash of a secp256k1
 * key) signatures, checked by @polkadot/util-crypto's signatureVerify, which tries each. Extensions
 * sign the message wrapped in `<Bytes>…</Bytes>`; a signer that signs the bare bytes (some
 * WalletConnect wallets) is accepted too: a sign-in text can be no transaction payload either way.
 * The address must be the network's SS58 form, as the template writes it.
 */
export const polkadotSiwx = {
  template: POLKADOT_SIWX,
  isAddress: (address: string) => parsePolkadotAccountAddress(address) === address,
  isSignature: (signature: string) => SIGNATURE.test(signature),
  verify: async (_chains: unknown, signed: { address: string; message: string; signature: string; caipNetworkId: string }) => {
    if (!isAddressOn(signed.address, signed.caipNetworkId)) return false
    await cryptoWaitReady()
    const bytes = utf8.encode(signed.message)
    return [wrapBytes(bytes), bytes].some((message) => {
      try {
        return signatureVerify(message, signed.signature, signed.address).isValid
      } catch {
        // A signature of no known length or key type: not a valid signature.
        return false
      }
    })
  },
}
