import {
  BitcoinTransferError,
  dustLimit,
  parseBitcoinAddress,
  planBitcoinTransfer,
  signedTransactionHex,
  transferPsbt,
  type BitcoinTransferPlan,
  type BitcoinTransferRequest,
} from '@airlock/chains/bip122'
import { ProviderRpcError, RpcErrorCode, type BitcoinMethod } from '@airlock/protocol'
import type { FeeQuote, NodeRpc, Transfer, WalletCall, WalletSend } from '../types'
import { broadcast, feeRateOf, isConfirmed, utxosOf } from './node'
import { checkResult, isUnsupported } from './rpc'
import { pollUntil } from '../../core/async'

/** The Send form's transfers on Bitcoin (ChainAdapter): a PSBT built here from the sender's UTXOs, signed by the wallet. */

/** SPEC section 8. */
export const BITCOIN_SEND_TEXTS = {
  invalid: 'Please enter a valid amount and receiver address',
  failed: 'Failed to send transaction. Please try again.',
} as const

const answer = async <M extends BitcoinMethod>(send: WalletSend, method: M, params: unknown) =>
  checkResult(method, await send(method, params))

/** The request planBitcoinTransfer takes: the sender's UTXOs, and the fee rate quoted (else the node's now). */
async function requestOf(rpc: NodeRpc, transfer: Transfer, feeRate?: number): Promise<BitcoinTransferRequest> {
  if (transfer.token) throw new BitcoinTransferError('Bitcoin transfers send BTC only')
  const [utxos, rate] = await Promise.all([
    utxosOf(rpc, transfer.caipNetworkId, transfer.from),
    feeRate ?? feeRateOf(rpc, transfer.caipNetworkId),
  ])
  const { caipNetworkId, from, to, amount } = transfer
  return { caipNetworkId, from, to, amount, feeRate: rate ?? 0, utxos }
}

const feeRateIn = (fee: FeeQuote | undefined): number | undefined => (fee?.detail as { feeRate?: number } | undefined)?.feeRate

/** Dust, an amount above the balance and its fee, an address of another network: planBitcoinTransfer's words. */
export async function checkBitcoinTransfer(rpc: NodeRpc, transfer: Transfer): Promise<string | undefined> {
  try {
    planBitcoinTransfer(await requestOf(rpc, transfer))
    return undefined
  } catch (error) {
    if (error instanceof BitcoinTransferError) return error.message
    throw error
  }
}

/**
 * The fee of the planned transaction: the node's rate for a few blocks × its vsize. Before an
 * amount is typed, that of the smallest the receiver can take, so that Max (balance minus this)
 * has a fee to keep. The rate is passed back to sendTransfer, which pays what was shown.
 */
export async function quoteBitcoinTransferFee(rpc: NodeRpc, transfer: Transfer): Promise<FeeQuote | undefined> {
  try {
    const to = parseBitcoinAddress(transfer.to, transfer.caipNetworkId)
    const least = to.ok ? dustLimit(to.script) : 0n
    const request = await requestOf(rpc, { ...transfer, amount: transfer.amount > least ? transfer.amount : least })
    const plan = planBitcoinTransfer(request)
    return { amount: plan.fee, detail: { feeRate: request.feeRate, vsize: plan.vsize } }
  } catch {
    return undefined
  }
}

/** The wallet signs the inputs (all the sender's) without broadcasting; the API's node broadcasts. */
async function signAndBroadcast(rpc: NodeRpc, send: WalletSend, request: BitcoinTransferRequest, plan: BitcoinTransferPlan) {
  const signInputs = { [request.from]: plan.inputs.map((_, index) => index) }
  const { psbt } = await answer(send, 'signPsbt', { psbt: transferPsbt(request, plan), signInputs, broadcast: false })
  let hex: string
  try {
    hex = signedTransactionHex(psbt, request.caipNetworkId)
  } catch (error) {
    throw new ProviderRpcError(RpcErrorCode.InternalError, `The wallet returned a PSBT that cannot be sent: ${(error as Error).message}`)
  }
  return broadcast(rpc, request.caipNetworkId, hex)
}

/**
 * Plans the transfer from the sender's UTXOs at the quoted fee rate, has the wallet sign its PSBT
 * and broadcasts it through the API; answers the txid. A wallet that signs no PSBT (4200) but
 * sends transfers itself is asked to send it (it then chooses the inputs and the fee).
 */
export async function sendBitcoinTransfer(rpc: NodeRpc, send: WalletSend, transfer: Transfer, fee: FeeQuote | undefined): Promise<string> {
  let request: BitcoinTransferRequest
  let plan: BitcoinTransferPlan
  try {
    request = await requestOf(rpc, transfer, feeRateIn(fee))
    plan = planBitcoinTransfer(request)
  } catch (error) {
    if (error instanceof BitcoinTransferError) throw new ProviderRpcError(RpcErrorCode.InvalidParams, error.message)
    throw error
  }
  try {
    return await signAndBroadcast(rpc, send, request, plan)
  } catch (error) {
    if (!isUnsupported(error)) throw error
  }
  const recipients = [{ address: transfer.to, amount: Number(transfer.amount) }]
  return (await answer(send, 'sendTransfer', { recipients })).txid
}

/** Calls built elsewhere (the data API's swaps) are EVM transactions: Bitcoin has none to send. */
export async function sendBitcoinCall(_send: WalletSend, _call: WalletCall): Promise<string> {
  throw new ProviderRpcError(RpcErrorCode.UnsupportedMethod, 'Bitcoin wallets send transfers only, not contract calls')
}

/**
 * Polls the transaction's status until it is mined ('success'). Bitcoin has no failed transaction:
 * one the node refused never got a txid, so only the timeout (default an hour, six blocks) ends it otherwise.
 */
export async function waitForBitcoinTransaction(
  rpc: NodeRpc,
  caipNetworkId: string,
  txid: string,
  { timeoutMs = 3_600_000, intervalMs = 3000 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<'success' | 'failed'> {
  if (!/^[0-9a-f]{64}$/.test(txid)) throw new ProviderRpcError(RpcErrorCode.InvalidParams, 'Not a Bitcoin transaction id')
  return pollUntil(
    async () => ((await isConfirmed(rpc, caipNetworkId, txid).catch(() => undefined)) ? 'success' : undefined),
    { timeoutMs, intervalMs },
    () => new ProviderRpcError(RpcErrorCode.InternalError, `Transaction ${txid} was not confirmed within ${timeoutMs / 60_000} minutes`),
  )
}

/** A BIP-322 signature (what sign-in verifies first) of `message` by `address`, in base64. */
export async function signBitcoinMessage(send: WalletSend, address: string, message: string): Promise<string> {
  return (await answer(send, 'signMessage', { address, message, protocol: 'BIP322' })).signature
}
