import { secp256k1 } from '@noble/curves/secp256k1'
import { ripemd160 } from '@noble/hashes/legacy'
import { sha256 } from '@noble/hashes/sha2'
import { bech32 } from '@scure/base'
import { HDKey } from '@scure/bip32'
import { wipe } from '../../custody/wipe'
import { assertAccountIndex, type AccountDeriver, type DerivedAccount } from '../../custody/derive'
import { BITCOIN_MAINNET, BITCOIN_NETWORKS, type BitcoinNetwork, type BitcoinNetworkId } from './network'

/** One BIP-84 key: the account's key on the networks of its coin type. */
export interface BitcoinKey {
  readonly path: string
  /** Compressed SEC1 secp256k1 public key (33 bytes). */
  readonly publicKey: Uint8Array
  /** HASH160 of the public key: the P2WPKH witness program. */
  readonly program: Uint8Array
  /** Compact ECDSA signature (64 bytes, low S, RFC 6979) over a 32-byte sighash. Use through sign.ts. */
  sign(digest: Uint8Array): Uint8Array
  /** The same signature with the id that recovers the public key from it (a legacy message signature). Use through sign.ts. */
  signRecoverable(digest: Uint8Array): { signature: Uint8Array; recovery: number }
}

/** The account's key on one network, with what that network calls it. */
export interface BitcoinNetworkKey extends BitcoinKey {
  readonly network: BitcoinNetwork
  readonly address: string
  /** `OP_0 <program>`: the output script of the account's address. */
  readonly script: Uint8Array
}

/**
 * The i-th native segwit (P2WPKH) account on every Bitcoin network: BIP-84 `m/84'/0'/0'/0/i` for
 * Bitcoin and `m/84'/1'/0'/0/i` for the test networks (testnet, testnet4 and signet share an
 * address, `tb1q…`; regtest has its own prefix, `bcrt1q…`). `address` and `path` are Bitcoin's;
 * `addresses` names the account on each network by its CAIP-2 id (what getUser gives the widget).
 */
export interface BitcoinAccount extends DerivedAccount {
  readonly namespace: 'bip122'
  readonly addresses: Readonly<Record<BitcoinNetworkId, string>>
  keyOn(network: BitcoinNetwork): BitcoinNetworkKey
}

export const bip84Path = (coinType: 0 | 1, index: number) => {
  assertAccountIndex(index)
  return `m/84'/${coinType}'/0'/0/${index}`
}

export const p2wpkhAddress = (program: Uint8Array, hrp: string) => bech32.encode(hrp, [0, ...bech32.toWords(program)])

/** The key at `path` (kept, a copy of it, until `destroy`); the caller wipes `master`. */
function deriveKey(master: HDKey, path: string): BitcoinKey & { destroy(): void } {
  const child = master.derive(path)
  if (!child.privateKey || !child.publicKey) throw new Error('derivation produced no private key')
  const privateKey = child.privateKey.slice()
  const publicKey = child.publicKey.slice()
  child.wipePrivateData()
  let alive = true
  return {
    path,
    publicKey,
    program: ripemd160(sha256(publicKey)),
    sign(digest) {
      if (!alive) throw new Error('account destroyed')
      return secp256k1.sign(digest, privateKey, { lowS: true }).toCompactRawBytes()
    },
    signRecoverable(digest) {
      if (!alive) throw new Error('account destroyed')
      const signature = secp256k1.sign(digest, privateKey, { lowS: true })
      return { signature: signature.toCompactRawBytes(), recovery: signature.recovery }
    },
    destroy() {
      alive = false
      wipe(privateKey)
    },
  }
}

export const bitcoinDeriver: AccountDeriver<BitcoinAccount> = {
  namespace: 'bip122',
  path: (index) => bip84Path(0, index),
  derive(bip39Seed, index) {
    const master = HDKey.fromMasterSeed(bip39Seed)
    // Both coin types now: the seed is wiped once the wallet opens, and a network can be switched later.
    const keys = { 0: deriveKey(master, bip84Path(0, index)), 1: deriveKey(master, bip84Path(1, index)) }
    master.wipePrivateData()
    const keyOn = (network: BitcoinNetwork): BitcoinNetworkKey => {
      const { path, publicKey, program, sign, signRecoverable } = keys[network.coinType]
      return {
        path,
        publicKey,
        program,
        sign,
        signRecoverable,
        network,
        address: p2wpkhAddress(program, network.hrp),
        script: Uint8Array.of(0x00, program.length, ...program),
      }
    }
    const addresses = Object.fromEntries(BITCOIN_NETWORKS.map((network) => [network.id, keyOn(network).address]))
    return {
      namespace: 'bip122',
      index,
      path: keys[0].path,
      address: keyOn(BITCOIN_MAINNET).address,
      publicKey: keys[0].publicKey,
      addresses,
      keyOn,
      destroy() {
        keys[0].destroy()
        keys[1].destroy()
      },
    }
  },
}
