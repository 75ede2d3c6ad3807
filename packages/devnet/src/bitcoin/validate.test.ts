import { crypto, payments, Psbt, Transaction } from 'bitcoinjs-lib'
import { describe, expect, it } from 'vitest'
import { bitcoinDevnetAccounts, bitcoinDevnetTaprootAccounts } from './accounts'
import { Chain } from './chain'
import { bitcoinDevnetSigner, signTransfer } from './client'
import { ECPair, fromHex, REGTEST } from './ecc'
import { scriptAsm } from './script'
import { checkTransaction, TxRejected } from './validate'

const alice = bitcoinDevnetAccounts[0]!
const taproot = bitcoinDevnetTaprootAccounts[0]!
const legacyKey = ECPair.fromPrivateKey(fromHex(alice.privateKey), { network: REGTEST })
const legacy = payments.p2pkh({ pubkey: legacyKey.publicKey, network: REGTEST }).address!
const elsewhere = payments.p2wpkh({ hash: crypto.hash160(Buffer.from('elsewhere')), network: REGTEST }).address!

/** A chain whose block 1 pays alice, the taproot account and a P2PKH address 1 BTC each. */
function chainWithFunding() {
  const chain = new Chain([alice.address, taproot.address, legacy].map((address) => ({ address, value: 100_000_000n })))
  const coinbase = chain.blocks[1]!.txids[0]!
  return { chain, coinbase }
}

const rejection = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    if (error instanceof TxRejected) return error
    throw error
  }
  throw new Error('the transaction was accepted')
}

describe('checkTransaction', () => {
  it('accepts a signed P2WPKH and a signed taproot key-path spend, and counts the fee', () => {
    const { chain, coinbase } = chainWithFunding()
    const wpkh = signTransfer({ from: alice, utxos: [{ txid: coinbase, vout: 0, value: 100_000_000 }], to: elsewhere, amount: 1000n })
    expect(checkTransaction(chain, wpkh.toHex()).fee).toBe(100_000_000n - 1000n - wpkh.outs[1]!.value)
    const tr = signTransfer({ from: taproot, utxos: [{ txid: coinbase, vout: 1, value: 100_000_000 }], to: elsewhere, amount: 1000n })
    expect(checkTransaction(chain, tr.toHex()).prevouts).toHaveLength(1)
  })

  it('refuses to spend a script type it does not verify, naming it', () => {
    const { chain, coinbase } = chainWithFunding()
    const psbt = new Psbt({ network: REGTEST })
    const funding = chain.txs.get(coinbase)!.tx
    psbt.addInput({ hash: coinbase, index: 2, nonWitnessUtxo: funding.toBuffer() })
    psbt.addOutput({ address: elsewhere, value: 99_990_000n })
    psbt.signAllInputs(legacyKey).finalizeAllInputs()
    const error = rejection(() => checkTransaction(chain, psbt.extractTransaction().toHex()))
    expect(error.reason).toBe('bad-txns-nonstandard-inputs')
    expect(error.detail).toBe('input 0 spends a P2PKH output; this devnet verifies P2WPKH and P2TR key-path spends only')
  })

  it('refuses a taproot witness of more than the signature (a script-path spend) and a P2WPKH witness with another key', () => {
    const { chain, coinbase } = chainWithFunding()
    const tr = signTransfer({ from: taproot, utxos: [{ txid: coinbase, vout: 1, value: 100_000_000 }], to: elsewhere, amount: 1000n })
    tr.setWitness(0, [tr.ins[0]!.witness[0]!, fromHex('51'), fromHex('c0' + '11'.repeat(32))])
    expect(rejection(() => checkTransaction(chain, tr.toHex())).detail).toContain('script-path spends are not supported')

    const wpkh = signTransfer({ from: alice, utxos: [{ txid: coinbase, vout: 0, value: 100_000_000 }], to: elsewhere, amount: 1000n })
    wpkh.setWitness(0, [wpkh.ins[0]!.witness[0]!, fromHex(bitcoinDevnetAccounts[1]!.publicKey)])
    expect(rejection(() => checkTransaction(chain, wpkh.toHex())).detail).toContain('does not hash to the P2WPKH program')
  })

  it('refuses a transaction locked to a later height, two inputs spending one output, and a P2WPKH signature with a wrong key', () => {
    const { chain, coinbase } = chainWithFunding()
    const utxo = { txid: coinbase, vout: 0, value: 100_000_000 }
    const locked = new Psbt({ network: REGTEST }).setLocktime(100)
    locked.addInput({
      hash: coinbase,
      index: 0,
      sequence: 0xfffffffd,
      witnessUtxo: { script: payments.p2wpkh({ address: alice.address, network: REGTEST }).output!, value: 100_000_000n },
    })
    locked.addOutput({ address: elsewhere, value: 99_990_000n })
    locked.signAllInputs(bitcoinDevnetSigner(alice)).finalizeAllInputs()
    expect(rejection(() => checkTransaction(chain, locked.extractTransaction().toHex())).reason).toBe('non-final')

    const twice = signTransfer({ from: alice, utxos: [utxo], to: elsewhere, amount: 1000n })
    twice.addInput(twice.ins[0]!.hash, 0)
    twice.setWitness(1, twice.ins[0]!.witness)
    expect(rejection(() => checkTransaction(chain, twice.toHex())).reason).toBe('bad-txns-inputs-duplicate')

    const other = signTransfer({ from: bitcoinDevnetAccounts[1]!, utxos: [utxo], to: elsewhere, amount: 1000n })
    other.setWitness(0, [other.ins[0]!.witness[0]!, fromHex(alice.publicKey)])
    expect(rejection(() => checkTransaction(chain, other.toHex())).detail).toContain('ECDSA signature does not verify')
  })

  it('mines blocks that chain: each header commits to its parent, its transactions and regtest proof of work', () => {
    const { chain } = chainWithFunding()
    chain.mine()
    const [genesis, first, second] = chain.blocks
    expect(first!.previousHash).toBe(genesis!.hash)
    expect(second!.previousHash).toBe(first!.hash)
    expect(second!.block.checkTxRoots()).toBe(true)
    expect(second!.block.checkProofOfWork()).toBe(true)
    const coinbase = chain.txs.get(second!.txids[0]!)!.tx
    expect(coinbase.isCoinbase()).toBe(true)
    expect(Transaction.fromHex(coinbase.toHex()).ins[0]!.script[0]).toBe(0x52) // BIP-34: the height, 2, as Core writes it (OP_2)
  })

  it("writes scripts in esplora's asm", () => {
    expect(scriptAsm(payments.p2tr({ address: taproot.address, network: REGTEST }).output!)).toMatch(
      /^OP_PUSHNUM_1 OP_PUSHBYTES_32 [0-9a-f]{64}$/,
    )
    expect(scriptAsm(payments.p2pkh({ address: legacy, network: REGTEST }).output!)).toMatch(
      /^OP_DUP OP_HASH160 OP_PUSHBYTES_20 [0-9a-f]{40} OP_EQUALVERIFY OP_CHECKSIG$/,
    )
  })
})
