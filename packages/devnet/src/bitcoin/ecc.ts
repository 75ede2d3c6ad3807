import * as ecc from '@bitcoinerlab/secp256k1'
import { initEccLib, networks } from 'bitcoinjs-lib'
import { ECPairFactory } from 'ecpair'

// bitcoinjs-lib needs a secp256k1 backend for taproot (p2tr payments, x-only tweaks).
initEccLib(ecc)

export { ecc }
export const ECPair = ECPairFactory(ecc)
export const REGTEST = networks.regtest

// Without Buffer: the devnet's browser wallet (wallet/bitcoin.ts) signs with these helpers too
// (bytes to hex: @airlock/chains/bip122's bytesToHex).
export const fromHex = (hex: string) => Uint8Array.from(hex.match(/[0-9a-fA-F]{2}/g) ?? [], (byte) => Number.parseInt(byte, 16))
