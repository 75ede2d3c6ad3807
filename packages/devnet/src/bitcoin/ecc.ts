import * as ecc from '@bitcoinerlab/secp256k1'
import { initEccLib, networks } from 'bitcoinjs-lib'
import { ECPairFactory } from 'ecpair'

// bitcoinjs-lib needs a secp256k1 backend for taproot (p2tr payments, x-only tweaks).
initEccLib(ecc)

export { ecc }
export const ECPair = ECPairFactory(ecc)
export const REGTEST = networks.regtest

export const toHex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex')
export const fromHex = (hex: string) => Uint8Array.from(Buffer.from(hex, 'hex'))
