import { bytesToHex } from '@airlock/chains/bip122'
import { Block, crypto, payments, script as bitcoinScript, Transaction } from 'bitcoinjs-lib'
import { BITCOIN_REGTEST_GENESIS_HASH } from './accounts'
import { fromHex, REGTEST } from './ecc'
import { addressScript, scriptAddress } from './script'

/** An output: what an input spends. */
export interface Prevout {
  script: Uint8Array
  value: bigint
}

export interface BlockRef {
  height: number
  hash: string
  /** The header's timestamp, seconds. */
  time: number
}

export interface ChainTx {
  tx: Transaction
  txid: string
  /** One per input; null for a coinbase input. */
  prevouts: (Prevout | null)[]
  /** Inputs minus outputs; 0 for a coinbase. */
  fee: bigint
  /** Undefined while in the mempool. */
  block?: BlockRef
}

export interface ChainBlock extends BlockRef {
  block: Block
  txids: string[]
  previousHash?: string
}

export interface FundingOutput {
  address: string
  value: bigint
}

const REGTEST_BITS = 0x207fffff
const SUBSIDY = 50n * 100_000_000n
const outpoint = (txid: string, vout: number) => `${txid}:${vout}`

/** Where the fees and subsidies of the devnet's blocks go: a P2WPKH nobody holds the key of. */
const MINER_SCRIPT = payments.p2wpkh({
  hash: crypto.hash160(new TextEncoder().encode('airlock bitcoin devnet miner')),
  network: REGTEST,
}).output!

/** The regtest genesis block's header (its coinbase, "The Times 03/Jan/2009 …", pays nobody and is not indexed, as in Core). */
function regtestGenesis(): Block {
  const block = new Block()
  block.version = 1
  block.prevHash = new Uint8Array(32)
  block.merkleRoot = fromHex('4a5e1e4baab89f3a32518a88c31bc87f618f76673e2cc77ab2127b7afdeda33b').reverse()
  block.timestamp = 1296688602
  block.bits = REGTEST_BITS
  block.nonce = 2
  if (block.getId() !== BITCOIN_REGTEST_GENESIS_HASH) throw new Error('the regtest genesis header does not hash to its known hash')
  return block
}

/**
 * The in-memory regtest chain: blocks, every transaction by id, every output and what spent it, a
 * mempool, and an index of the transactions that touch each address. Blocks are real (a coinbase
 * with the BIP-34 height and the witness commitment, merkle root, regtest proof of work), so block
 * hashes and heights chain as on a node. Coinbase maturity is not enforced: the funding outputs of
 * block 1 are spendable at once.
 */
export class Chain {
  readonly blocks: ChainBlock[] = []
  readonly txs = new Map<string, ChainTx>()
  /** Mempool txids, oldest first. */
  readonly mempool: string[] = []
  private readonly outputs = new Map<string, Prevout>()
  private readonly spentBy = new Map<string, string>()
  /** Address → txids touching it (funding or spending), oldest first. */
  private readonly byAddress = new Map<string, string[]>()
  private readonly now: () => number

  constructor(funding: readonly FundingOutput[], now: () => number = () => Math.floor(Date.now() / 1000)) {
    this.now = now
    const genesis = regtestGenesis()
    this.blocks.push({ height: 0, hash: genesis.getId(), time: genesis.timestamp, block: genesis, txids: [] })
    this.mine(
      funding.map(({ address, value }) => {
        const script = addressScript(address)
        if (!script) throw new Error(`the funding address ${address} is not a regtest address`)
        return { script, value }
      }),
    )
  }

  get tip(): ChainBlock {
    return this.blocks[this.blocks.length - 1]!
  }

  /** The unspent output at txid:vout, counting mempool spends as spent; undefined if missing or spent. */
  unspent(txid: string, vout: number): Prevout | undefined {
    const key = outpoint(txid, vout)
    return this.spentBy.has(key) ? undefined : this.outputs.get(key)
  }

  /** The txid of the transaction (in a block or in the mempool) that spends txid:vout. */
  spender(txid: string, vout: number): string | undefined {
    return this.spentBy.get(outpoint(txid, vout))
  }

  addressTxids(address: string): readonly string[] {
    return this.byAddress.get(address) ?? []
  }

  /** Adds a checked transaction to the mempool. */
  accept(tx: Transaction, prevouts: Prevout[], fee: bigint): ChainTx {
    const entry: ChainTx = { tx, txid: tx.getId(), prevouts, fee }
    this.index(entry)
    this.mempool.push(entry.txid)
    return entry
  }

  /** Mines a block with the mempool's transactions (and, for block 1, the funding outputs in its coinbase). */
  mine(coinbaseOutputs?: Prevout[]): ChainBlock {
    const previous = this.tip
    const height = previous.height + 1
    const included = this.mempool.splice(0).map((txid) => this.txs.get(txid)!)
    const fees = included.reduce((sum, entry) => sum + entry.fee, 0n)
    const coinbase = new Transaction()
    coinbase.version = 2
    coinbase.addInput(
      new Uint8Array(32),
      0xffffffff,
      0xffffffff,
      bitcoinScript.compile([bitcoinScript.number.encode(height), fromHex('00')]),
    )
    for (const output of coinbaseOutputs ?? [{ script: MINER_SCRIPT, value: SUBSIDY + fees }])
      coinbase.addOutput(output.script, output.value)
    const transactions = [coinbase, ...included.map((entry) => entry.tx)]
    if (included.some((entry) => entry.tx.hasWitnesses())) {
      // BIP-141: the coinbase commits to the witness merkle root, with a 32-byte zero reserved value.
      const reserved = new Uint8Array(32)
      coinbase.setWitness(0, [reserved])
      const root = Block.calculateMerkleRoot(transactions, true)
      const commitment = crypto.hash256(Buffer.concat([root, reserved]))
      coinbase.addOutput(bitcoinScript.compile([0x6a, Buffer.concat([fromHex('aa21a9ed'), commitment])]), 0n)
    }
    const block = new Block()
    block.version = 0x20000000
    block.prevHash = previous.block.getHash()
    block.merkleRoot = Block.calculateMerkleRoot(transactions)
    block.timestamp = Math.max(this.now(), previous.time)
    block.bits = REGTEST_BITS
    block.nonce = 0
    block.transactions = transactions
    while (!block.checkProofOfWork()) block.nonce++
    const ref: BlockRef = { height, hash: block.getId(), time: block.timestamp }
    const coinbaseEntry: ChainTx = { tx: coinbase, txid: coinbase.getId(), prevouts: [null], fee: 0n }
    this.index(coinbaseEntry)
    for (const entry of [coinbaseEntry, ...included]) entry.block = ref
    const mined: ChainBlock = { ...ref, block, txids: transactions.map((tx) => tx.getId()), previousHash: previous.hash }
    this.blocks.push(mined)
    return mined
  }

  private index(entry: ChainTx) {
    this.txs.set(entry.txid, entry)
    const touched = new Set<string>()
    entry.tx.ins.forEach((input, i) => {
      const prevout = entry.prevouts[i]
      if (!prevout) return
      this.spentBy.set(outpoint(bytesToHex(Uint8Array.from(input.hash).reverse()), input.index), entry.txid)
      const address = scriptAddress(prevout.script)
      if (address) touched.add(address)
    })
    entry.tx.outs.forEach((output, vout) => {
      this.outputs.set(outpoint(entry.txid, vout), { script: output.script, value: output.value })
      const address = scriptAddress(output.script)
      if (address) touched.add(address)
    })
    for (const address of touched) {
      const list = this.byAddress.get(address)
      if (list) list.push(entry.txid)
      else this.byAddress.set(address, [entry.txid])
    }
  }
}
