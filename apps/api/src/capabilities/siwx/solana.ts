import { createPublicKey, verify } from 'node:crypto'
import { SOLANA_SIWX } from '@airlock/protocol'
import { getBase58Encoder } from '@solana/kit'
import { isSolanaAddress } from '../../chains/solana/rpc'
import type { SiwxFamily } from './family'

const base58 = getBase58Encoder()
const bytesOf = (text: string): Uint8Array | undefined => {
  try {
    return base58.encode(text) as Uint8Array
  } catch {
    return undefined
  }
}

/** Sign In With Solana: the wallet's ed25519 signature (base58) of the message's UTF-8 bytes by the address's key. */
export const solanaSiwx: SiwxFamily = {
  template: SOLANA_SIWX,
  isAddress: isSolanaAddress,
  isSignature: (signature) => signature.length <= 90 && bytesOf(signature)?.length === 64,
  verify: async (_chains, { address, message, signature }) => {
    const key = createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(bytesOf(address)!).toString('base64url') },
      format: 'jwk',
    })
    return verify(null, Buffer.from(message, 'utf8'), key, bytesOf(signature)!)
  },
}
