import { signBitcoinMessageEcdsa } from '@airlock/chains/bip122'
import { crypto, Psbt, toXOnly, Transaction } from 'bitcoinjs-lib'
import { bitcoinDevnetSigner } from '../bitcoin/client'
import { ecc, fromHex, REGTEST } from '../bitcoin/ecc'
import { addressScript } from '../bitcoin/script'
import type { BitcoinDevnetAccount } from '../bitcoin/accounts'

/** How a message is signed: BIP-322's simple form (any address type), or the legacy ECDSA form (BIP-137). */
export type BitcoinMessageProtocol = 'BIP322' | 'ECDSA'

const encoder = new TextEncoder()

function varint(n: number): Uint8Array {
  if (n < 0xfd) return Uint8Array.of(n)
  return Uint8Array.of(0xfd, n & 0xff, n >> 8)
}

const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0))
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}

// BIP-340's tagged hash prefix; bitcoinjs-lib's taggedHash knows only its own tags.
const BIP322_TAG = crypto.sha256(encoder.encode('BIP0322-signed-message'))

const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes))

/**
 * A devnet Bitcoin account's signing, as a browser wallet does it: PSBT inputs (P2WPKH, or a
 * taproot key path with the BIP-86 tweak), and messages in BIP-322's simple form or the legacy
 * ECDSA form, which verifiers on the server side (bip322-js) read.
 */
export function devnetBitcoinKey(account: BitcoinDevnetAccount) {
  const script = addressScript(account.address)
  if (!script) throw new Error(`${account.address} is not a regtest address`)
  const signer = bitcoinDevnetSigner(account)
  const taproot = account.type === 'p2tr' ? { tapInternalKey: toXOnly(fromHex(account.publicKey)) } : {}

  /** BIP-322 simple: the witness of the virtual transaction spending the message's commitment. */
  function signBip322(message: string): string {
    const toSpend = new Transaction()
    toSpend.version = 0
    const commitment = crypto.sha256(concat(BIP322_TAG, BIP322_TAG, encoder.encode(message)))
    toSpend.addInput(new Uint8Array(32), 0xffffffff, 0, Uint8Array.of(0x00, 0x20, ...commitment))
    toSpend.addOutput(script!, 0n)
    const toSign = new Psbt({ network: REGTEST })
    toSign.setVersion(0)
    toSign.addInput({ hash: toSpend.getHash(), index: 0, sequence: 0, witnessUtxo: { script: script!, value: 0n }, ...taproot })
    toSign.addOutput({ script: Uint8Array.of(0x6a), value: 0n })
    toSign.signInput(0, signer)
    toSign.finalizeInput(0)
    const witness = toSign.extractTransaction().ins[0]!.witness
    return toBase64(concat(varint(witness.length), ...witness.flatMap((item) => [varint(item.length), item])))
  }

  /** BIP-137: a compact recoverable signature over the "Bitcoin Signed Message" hash (@airlock/chains/bip122); P2WPKH only. */
  function signEcdsa(message: string): string {
    if (account.type !== 'p2wpkh') throw new Error('The legacy message signature exists for P2WPKH and older addresses only')
    return signBitcoinMessageEcdsa(message, (hash) => {
      const { signature, recoveryId } = ecc.signRecoverable(hash, fromHex(account.privateKey))
      return { signature, recovery: recoveryId }
    })
  }

  return {
    address: account.address,
    publicKey: account.publicKey,
    type: account.type,
    signMessage: (message: string, protocol: BitcoinMessageProtocol = 'BIP322') =>
      protocol === 'ECDSA' ? signEcdsa(message) : signBip322(message),
    /** Signs the inputs at `indexes` (each must spend this account's output) and answers the PSBT, finalized where all are signed. */
    signPsbt(psbt: Psbt, indexes: readonly number[]): Psbt {
      for (const index of indexes) {
        const input = psbt.data.inputs[index]
        if (!input?.witnessUtxo || !sameBytes(input.witnessUtxo.script, script!))
          throw new Error(`Input ${index} is not this account's to sign`)
        if (account.type === 'p2tr' && !input.tapInternalKey) psbt.updateInput(index, taproot)
        psbt.signInput(index, signer)
        psbt.finalizeInput(index)
      }
      return psbt
    },
  }
}

export type DevnetBitcoinKey = ReturnType<typeof devnetBitcoinKey>

const sameBytes = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((byte, i) => byte === b[i])
