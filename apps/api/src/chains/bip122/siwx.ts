import { BIP122_SIWX } from '@airlock/protocol'
import { Verifier } from 'bip322-js'
import { isAddressOn, parseBitcoinAddress } from './address'

/** Base64 of a BIP-322 simple witness (P2WPKH 107 bytes, P2TR 66) or of a legacy 65-byte compact signature. */
const SIGNATURE = /^[A-Za-z0-9+/]{40,1400}={0,2}$/

/**
 * Sign in with a Bitcoin address: a BIP-322 simple signature (native segwit, taproot, nested
 * segwit) or the legacy "Bitcoin Signed Message" one (65-byte compact ECDSA, base64), which
 * bip322-js verifies for P2PKH and, as wallets sign it, for segwit v0 addresses too.
 */
export const bip122Siwx = {
  template: BIP122_SIWX,
  isAddress: (address: string) => parseBitcoinAddress(address) === address,
  isSignature: (signature: string) => SIGNATURE.test(signature),
  verify: async (_chains: unknown, signed: { address: string; message: string; signature: string; caipNetworkId: string }) => {
    if (!isAddressOn(signed.address, signed.caipNetworkId)) return false
    try {
      return Verifier.verifySignature(signed.address, signed.message, signed.signature)
    } catch {
      // bip322-js throws for a signature it cannot decode or a script it does not know: not a valid signature.
      return false
    }
  },
}
