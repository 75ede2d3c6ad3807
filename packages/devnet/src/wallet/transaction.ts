import { hexToBigInt, hexToNumber, type Hex, type LocalAccount, type TransactionSerializable } from 'viem'
import { rpcCall } from './rpc'

export interface TransactionRequestJson {
  from?: Hex
  to?: Hex | null
  value?: Hex
  data?: Hex
  input?: Hex
  gas?: Hex
  nonce?: Hex
  gasPrice?: Hex
  maxFeePerGas?: Hex
  maxPriorityFeePerGas?: Hex
  accessList?: { address: Hex; storageKeys: Hex[] }[]
}

const big = (v: Hex | undefined) => (v === undefined ? undefined : hexToBigInt(v))

/**
 * Wallets add a margin to the node's estimate: what a call costs can depend on the block it lands in
 * (a Uniswap V2 pair writes its price accumulators only in a new second, ~10k gas), so the bare
 * estimate runs out of gas when the estimate and the block fall in different seconds.
 */
const GAS_MARGIN_PERCENT = 20n

/** Fills missing nonce/gas/fees from the chain, signs locally and broadcasts; returns the tx hash. */
export async function sendTransaction(account: LocalAccount, rpcUrl: string, chainId: number, tx: TransactionRequestJson): Promise<Hex> {
  const data = tx.data ?? tx.input
  const call = { from: account.address, to: tx.to ?? undefined, value: tx.value, data }
  const [nonce, gas] = await Promise.all([
    tx.nonce ?? rpcCall<Hex>(rpcUrl, 'eth_getTransactionCount', [account.address, 'pending']),
    big(tx.gas) ?? rpcCall<Hex>(rpcUrl, 'eth_estimateGas', [call]).then((g) => (hexToBigInt(g) * (100n + GAS_MARGIN_PERCENT)) / 100n),
  ])
  const base = {
    chainId,
    nonce: hexToNumber(nonce),
    gas,
    to: tx.to ?? undefined,
    value: big(tx.value),
    data,
  }
  let signable: TransactionSerializable
  if (tx.gasPrice !== undefined) {
    signable = { ...base, type: 'legacy', gasPrice: hexToBigInt(tx.gasPrice) }
  } else {
    const [block, tip] = await Promise.all([
      tx.maxFeePerGas ? undefined : rpcCall<{ baseFeePerGas?: Hex }>(rpcUrl, 'eth_getBlockByNumber', ['latest', false]),
      tx.maxPriorityFeePerGas ?? rpcCall<Hex>(rpcUrl, 'eth_maxPriorityFeePerGas'),
    ])
    const maxPriorityFeePerGas = hexToBigInt(tip)
    // 2x base fee leaves headroom for the base fee rising before the tx is mined.
    const maxFeePerGas = big(tx.maxFeePerGas) ?? hexToBigInt(block?.baseFeePerGas ?? '0x0') * 2n + maxPriorityFeePerGas
    signable = { ...base, type: 'eip1559', maxFeePerGas, maxPriorityFeePerGas, accessList: tx.accessList }
  }
  const raw = await account.signTransaction(signable)
  return rpcCall<Hex>(rpcUrl, 'eth_sendRawTransaction', [raw])
}
