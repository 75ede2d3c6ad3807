import { crypto, Psbt, toXOnly, type Transaction } from 'bitcoinjs-lib'
import type { BitcoinDevnetAccount } from './accounts'
import { ECPair, fromHex, REGTEST } from './ecc'
import { addressScript, dustLimit } from './script'

/** One entry of esplora's `GET /address/:address/utxo`. */
export interface EsploraUtxo {
  txid: string
  vout: number
  value: number
  status: { confirmed: boolean; block_height?: number; block_hash?: string; block_time?: number }
}

export interface TransferOptions {
  /** The paying account (P2WPKH or taproot); its private key signs every input. */
  from: BitcoinDevnetAccount
  /** The outputs it spends (all of them: pick them with selectUtxos, or pass a made-up one to test a refusal). */
  utxos: readonly Pick<EsploraUtxo, 'txid' | 'vout' | 'value'>[]
  to: string
  amount: bigint
  /** sat/vB; 1 (the minimum relay fee) unless given. */
  feeRate?: number
  /** Where the change goes: the paying address unless given. Change below the dust limit is left to the fee. */
  changeAddress?: string
}

/** A devnet account's signer: its key for P2WPKH, its BIP-86 tweaked key for taproot key-path spends. */
export function bitcoinDevnetSigner(account: BitcoinDevnetAccount) {
  const key = ECPair.fromPrivateKey(fromHex(account.privateKey))
  if (account.type === 'p2wpkh') return key
  return key.tweak(crypto.taggedHash('TapTweak', toXOnly(key.publicKey)))
}

/** vbytes of a transaction paying from `type` inputs, rounded up (signatures at their longest). */
function estimateVsize(type: BitcoinDevnetAccount['type'], inputs: number, outputScripts: Uint8Array[]) {
  const input = type === 'p2wpkh' ? 68 : 58
  return 11 + inputs * input + outputScripts.reduce((sum, script) => sum + 9 + script.length, 0)
}

const scriptOf = (address: string) => {
  const script = addressScript(address)
  if (!script) throw new Error(`${address} is not a regtest address`)
  return script
}

/**
 * Builds and signs a transfer with bitcoinjs-lib's PSBT: the given UTXOs in, `amount` to `to`,
 * the rest minus the fee back as change. The fee is the estimated vsize times feeRate.
 */
export function signTransfer(options: TransferOptions): Transaction {
  const { from, utxos, to, amount } = options
  const feeRate = options.feeRate ?? 1
  const fromScript = scriptOf(from.address)
  const toScript = scriptOf(to)
  const changeScript = scriptOf(options.changeAddress ?? from.address)
  const total = utxos.reduce((sum, utxo) => sum + BigInt(utxo.value), 0n)
  const fee = BigInt(Math.ceil(estimateVsize(from.type, utxos.length, [toScript, changeScript]) * feeRate))
  const change = total - amount - fee
  if (change < 0n) throw new Error(`the inputs (${total} sats) do not cover ${amount} sats and a fee of ${fee} sats`)
  const psbt = new Psbt({ network: REGTEST })
  for (const utxo of utxos)
    psbt.addInput({
      hash: utxo.txid,
      index: utxo.vout,
      witnessUtxo: { script: fromScript, value: BigInt(utxo.value) },
      ...(from.type === 'p2tr' ? { tapInternalKey: toXOnly(fromHex(from.publicKey)) } : {}),
    })
  psbt.addOutput({ script: toScript, value: amount })
  if (change >= dustLimit(changeScript)) psbt.addOutput({ script: changeScript, value: change })
  psbt.signAllInputs(bitcoinDevnetSigner(from))
  psbt.finalizeAllInputs()
  return psbt.extractTransaction()
}

/** Largest first, until the sum covers amount plus a generous fee allowance. */
export function selectUtxos<U extends Pick<EsploraUtxo, 'value'>>(utxos: readonly U[], amount: bigint, feeAllowance = 10_000n): U[] {
  const chosen: U[] = []
  let sum = 0n
  for (const utxo of [...utxos].sort((a, b) => b.value - a.value)) {
    if (sum >= amount + feeAllowance) break
    chosen.push(utxo)
    sum += BigInt(utxo.value)
  }
  if (sum < amount + feeAllowance) throw new Error(`not enough funds: ${sum} sats for ${amount} sats and the fee`)
  return chosen
}

/** `GET /address/:address/utxo`. */
export async function fetchUtxos(url: string, address: string): Promise<EsploraUtxo[]> {
  const response = await fetch(`${url}/address/${address}/utxo`)
  if (!response.ok) throw new Error(`GET /address/${address}/utxo: ${response.status} ${await response.text()}`)
  return (await response.json()) as EsploraUtxo[]
}

/** `POST /tx`; the txid, or an Error whose message is the server's reason. */
export async function broadcastTransaction(url: string, hex: string): Promise<string> {
  const response = await fetch(`${url}/tx`, { method: 'POST', body: hex, headers: { 'content-type': 'text/plain' } })
  const text = await response.text()
  if (!response.ok) throw new Error(text)
  return text
}

/** Sends `amount` sats from a devnet account to `to`, change back to the account; resolves to the txid. */
export async function sendBitcoin(
  url: string,
  from: BitcoinDevnetAccount,
  to: string,
  amount: bigint,
  options: { feeRate?: number } = {},
): Promise<string> {
  const utxos = selectUtxos(await fetchUtxos(url, from.address), amount)
  return broadcastTransaction(url, signTransfer({ from, utxos, to, amount, feeRate: options.feeRate }).toHex())
}
