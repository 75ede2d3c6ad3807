import { bytesToHex } from '@airlock/chains/bip122'
import { crypto, script as bitcoinScript, Transaction } from 'bitcoinjs-lib'
import type { Chain, Prevout } from './chain'
import { ecc } from './ecc'
import { dustLimit, SCRIPT_LABEL, scriptType } from './script'

/** A refused broadcast: Bitcoin Core's reject code and reason, and what it means here in plain words. */
export class TxRejected extends Error {
  constructor(
    readonly code: number,
    readonly reason: string,
    readonly detail: string,
  ) {
    super(`${reason}: ${detail}`)
  }
}

// Bitcoin Core's RPC error codes for sendrawtransaction.
const DESERIALIZATION = -22
const VERIFY_REJECTED = -26
const VERIFY_ERROR = -25
const ALREADY_IN_CHAIN = -27

/** Core's policy limits. */
const MAX_STANDARD_TX_WEIGHT = 400_000
const MIN_RELAY_FEE_PER_VB = 1n
const MAX_MONEY = 21_000_000n * 100_000_000n
const MAX_OP_RETURN_BYTES = 83

const SIGHASH_V0 = new Set([0x01, 0x02, 0x03, 0x81, 0x82, 0x83])
const SIGHASH_TAPROOT = new Set([0x00, 0x01, 0x02, 0x03, 0x81, 0x82, 0x83])

export interface CheckedTx {
  tx: Transaction
  prevouts: Prevout[]
  fee: bigint
}

const reject = (code: number, reason: string, detail: string): never => {
  throw new TxRejected(code, reason, detail)
}
const inputTxid = (input: Transaction['ins'][number]) => bytesToHex(Uint8Array.from(input.hash).reverse())

/**
 * What a node checks before it relays a transaction, as far as the devnet's script types go: the
 * raw transaction parses; it is not known yet; every input exists and is unspent in the chain and
 * the mempool; every input spends a P2WPKH output (BIP-143 sighash, ECDSA, low-S DER) or a taproot
 * output by key path (BIP-341 sighash, BIP-340 Schnorr), with a valid signature; outputs are
 * standard and above the dust limit; outputs do not exceed inputs; the fee pays at least
 * 1 sat/vB; the transaction is final at the next height. Not checked: BIP-68 relative locks,
 * replacement (RBF: a conflict with the mempool is refused), coinbase maturity, package relay.
 */
export function checkTransaction(chain: Chain, hex: string): CheckedTx {
  if (!/^([0-9a-fA-F]{2})+$/.test(hex)) reject(DESERIALIZATION, 'TX decode failed', 'the body is not a raw transaction in hex')
  let tx: Transaction
  try {
    tx = Transaction.fromHex(hex)
  } catch (error) {
    return reject(DESERIALIZATION, 'TX decode failed', `the transaction does not parse (${(error as Error).message})`)
  }
  if (tx.toHex() !== hex.toLowerCase()) reject(DESERIALIZATION, 'TX decode failed', 'trailing or non-canonical bytes after the transaction')
  const txid = tx.getId()
  const known = chain.txs.get(txid)
  if (known?.block) reject(ALREADY_IN_CHAIN, 'Transaction already in block chain', `${txid} is in block ${known.block.height}`)
  if (known) reject(ALREADY_IN_CHAIN, 'txn-already-in-mempool', `${txid} is already in the mempool`)

  if (tx.ins.length === 0) reject(VERIFY_REJECTED, 'bad-txns-vin-empty', 'the transaction has no inputs')
  if (tx.outs.length === 0) reject(VERIFY_REJECTED, 'bad-txns-vout-empty', 'the transaction has no outputs')
  if (tx.isCoinbase()) reject(VERIFY_REJECTED, 'coinbase', 'a coinbase transaction cannot be broadcast')
  if (tx.version < 1 || tx.version > 3) reject(VERIFY_REJECTED, 'version', `version ${tx.version} is not standard (1 to 3 are)`)
  if (tx.weight() > MAX_STANDARD_TX_WEIGHT)
    reject(VERIFY_REJECTED, 'tx-size', `weight ${tx.weight()} is above the standard limit of ${MAX_STANDARD_TX_WEIGHT}`)
  checkFinal(chain, tx)

  const seen = new Set<string>()
  const prevouts = tx.ins.map((input, i) => {
    const id = `${inputTxid(input)}:${input.index}`
    if (seen.has(id)) reject(VERIFY_REJECTED, 'bad-txns-inputs-duplicate', `input ${i} spends ${id}, which an earlier input already spends`)
    seen.add(id)
    const prevout = chain.unspent(inputTxid(input), input.index)
    if (prevout) return prevout
    const spender = chain.spender(inputTxid(input), input.index)
    if (spender && !chain.txs.get(spender)?.block)
      reject(VERIFY_REJECTED, 'txn-mempool-conflict', `input ${i} spends ${id}, which mempool transaction ${spender} already spends`)
    return reject(
      VERIFY_ERROR,
      'bad-txns-inputs-missingorspent',
      spender
        ? `input ${i} spends ${id}, which was already spent by ${spender} (a double spend)`
        : `input ${i} spends ${id}, which does not exist`,
    )
  })

  let outputSum = 0n
  let opReturns = 0
  tx.outs.forEach((output, vout) => {
    if (output.value < 0n || output.value > MAX_MONEY)
      reject(VERIFY_REJECTED, 'bad-txns-vout-toolarge', `output ${vout} has value ${output.value}`)
    outputSum += output.value
    const type = scriptType(output.script)
    if (type === 'unknown') reject(VERIFY_REJECTED, 'scriptpubkey', `output ${vout}'s script is not a standard type`)
    if (type === 'op_return') {
      opReturns++
      if (output.script.length > MAX_OP_RETURN_BYTES + 1 || opReturns > 1)
        reject(VERIFY_REJECTED, 'multi-op-return', `only one OP_RETURN output of at most ${MAX_OP_RETURN_BYTES} bytes is standard`)
    }
    const dust = dustLimit(output.script)
    if (output.value < dust)
      reject(
        VERIFY_REJECTED,
        'dust',
        `output ${vout} pays ${output.value} sats to a ${SCRIPT_LABEL[type]} script; the dust limit for ${SCRIPT_LABEL[type]} is ${dust} sats`,
      )
  })
  const inputSum = prevouts.reduce((sum, prevout) => sum + prevout.value, 0n)
  if (outputSum > inputSum)
    reject(VERIFY_REJECTED, 'bad-txns-in-belowout', `the outputs (${outputSum} sats) exceed the inputs (${inputSum} sats)`)
  const fee = inputSum - outputSum

  tx.ins.forEach((_input, i) => verifyInput(tx, i, prevouts))

  const vsize = BigInt(tx.virtualSize())
  if (fee < vsize * MIN_RELAY_FEE_PER_VB)
    reject(
      VERIFY_REJECTED,
      'min relay fee not met',
      `the fee is ${fee} sats for ${vsize} vB; the minimum relay fee is 1 sat/vB (${vsize} sats)`,
    )
  return { tx, prevouts, fee }
}

function checkFinal(chain: Chain, tx: Transaction) {
  if (tx.locktime === 0 || tx.ins.every((input) => input.sequence === 0xffffffff)) return
  const nextHeight = chain.tip.height + 1
  const final = tx.locktime < 500_000_000 ? tx.locktime < nextHeight : tx.locktime < Math.floor(Date.now() / 1000)
  if (!final) reject(VERIFY_REJECTED, 'non-final', `locktime ${tx.locktime} is not reached at height ${nextHeight}`)
}

const scriptFailed = (i: number, why: string): never => reject(VERIFY_REJECTED, 'mandatory-script-verify-flag-failed', `input ${i}: ${why}`)

function verifyInput(tx: Transaction, i: number, prevouts: Prevout[]) {
  const input = tx.ins[i]!
  const prevout = prevouts[i]!
  const type = scriptType(prevout.script)
  if (type !== 'v0_p2wpkh' && type !== 'v1_p2tr')
    reject(
      VERIFY_REJECTED,
      'bad-txns-nonstandard-inputs',
      `input ${i} spends a ${SCRIPT_LABEL[type]} output; this devnet verifies P2WPKH and P2TR key-path spends only`,
    )
  if (input.script.length > 0) scriptFailed(i, 'a segwit input must have an empty scriptSig')
  if (type === 'v0_p2wpkh') verifyP2wpkh(tx, i, prevout)
  else verifyTaprootKeyPath(tx, i, prevouts)
}

/** BIP-143: witness [signature, compressed public key]; the key hashes to the program; ECDSA over the v0 sighash. */
function verifyP2wpkh(tx: Transaction, i: number, prevout: Prevout) {
  const witness = tx.ins[i]!.witness
  if (witness.length !== 2) scriptFailed(i, `a P2WPKH witness has 2 items (signature, public key), this one has ${witness.length}`)
  const [signature, publicKey] = witness as [Uint8Array, Uint8Array]
  if (publicKey.length !== 33 || !ecc.isPoint(publicKey)) scriptFailed(i, 'the witness public key is not a compressed secp256k1 point')
  if (bytesToHex(crypto.hash160(publicKey)) !== bytesToHex(prevout.script.subarray(2)))
    scriptFailed(i, 'the witness public key does not hash to the P2WPKH program of the output it spends')
  if (!bitcoinScript.isCanonicalScriptSignature(signature)) scriptFailed(i, 'the signature is not strict DER with a defined sighash type')
  const { signature: compact, hashType } = bitcoinScript.signature.decode(signature)
  if (!SIGHASH_V0.has(hashType)) scriptFailed(i, `sighash type 0x${hashType.toString(16)} is not defined`)
  const scriptCode = bitcoinScript.compile([0x76, 0xa9, prevout.script.subarray(2), 0x88, 0xac])
  const hash = tx.hashForWitnessV0(i, scriptCode, prevout.value, hashType)
  if (!ecc.verify(hash, publicKey, compact, true))
    scriptFailed(i, 'the ECDSA signature does not verify for the P2WPKH key and the BIP-143 sighash (or is not low-S)')
}

/** BIP-341 key path: witness [64-byte signature, or 65 with a sighash type]; Schnorr over the v1 sighash with the output key. */
function verifyTaprootKeyPath(tx: Transaction, i: number, prevouts: Prevout[]) {
  const witness = tx.ins[i]!.witness
  const last = witness[witness.length - 1]
  if (witness.length >= 2 && last?.[0] === 0x50) scriptFailed(i, 'taproot annexes are not supported by this devnet')
  if (witness.length !== 1)
    scriptFailed(
      i,
      `a taproot key-path witness has 1 item (the signature), this one has ${witness.length}; script-path spends are not supported`,
    )
  const signature = witness[0]!
  if (signature.length !== 64 && signature.length !== 65) scriptFailed(i, `a Schnorr signature is 64 or 65 bytes, not ${signature.length}`)
  const hashType = signature.length === 65 ? signature[64]! : 0x00
  if (signature.length === 65 && hashType === 0x00) scriptFailed(i, 'a 65-byte signature cannot carry SIGHASH_DEFAULT (0x00)')
  if (!SIGHASH_TAPROOT.has(hashType)) scriptFailed(i, `sighash type 0x${hashType.toString(16)} is not defined`)
  const hash = tx.hashForWitnessV1(
    i,
    prevouts.map((prevout) => prevout.script),
    prevouts.map((prevout) => prevout.value),
    hashType,
  )
  if (!ecc.verifySchnorr(hash, prevouts[i]!.script.subarray(2), signature.subarray(0, 64)))
    scriptFailed(i, 'the Schnorr signature does not verify for the taproot output key and the BIP-341 sighash')
}
