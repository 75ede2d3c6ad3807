import {
  PolkadotTransferPrepared,
  PolkadotTransferSubmitted,
  ProviderRpcError,
  RpcErrorCode,
  type PolkadotMethod,
  type PolkadotTransferRequest,
  type PolkadotTransferSubmit,
} from '@airlock/protocol'
import type * as z from 'zod/mini'
import type { FeeQuote, NodeRpc, Transfer, WalletCall, WalletSend } from '../types'
import { checkResult } from './rpc'

/**
 * The Send form's transfers on Polkadot (ChainAdapter): the data API builds the
 * `balances.transferKeepAlive` payload (it holds the runtime's metadata: @polkadot/api never loads
 * here), the wallet signs it, the API checks the signature and submits the extrinsic, answering once
 * it is in a block. Why a transfer cannot go (the existential deposit) is the builder's answer,
 * shown before any wallet is asked.
 */

/** SPEC section 8. */
export const POLKADOT_SEND_TEXTS = {
  invalid: 'Please enter a valid amount and receiver address',
  failed: 'Failed to send transaction. Please try again.',
} as const

async function build<S extends z.ZodMiniType>(rpc: NodeRpc, path: string, body: unknown, schema: S): Promise<z.output<S>> {
  if (!rpc.build) throw new ProviderRpcError(RpcErrorCode.InternalError, 'No access to the transaction builder')
  const parsed = schema.safeParse(await rpc.build(path, body))
  if (!parsed.success)
    throw new ProviderRpcError(RpcErrorCode.InternalError, `The transaction builder answered ${path} with a malformed result`)
  return parsed.data as z.output<S>
}

function prepare(rpc: NodeRpc, { caipNetworkId, from, to, amount, token }: Transfer) {
  if (token) throw new ProviderRpcError(RpcErrorCode.InvalidParams, 'Polkadot transfers send the native token only')
  const request: PolkadotTransferRequest = { caipNetworkId, from, to, amount: amount.toString() }
  return build(rpc, 'polkadot/transfers', request, PolkadotTransferPrepared)
}

/** The builder's reason, in its words (the existential deposit explained, the balance short): before the wallet is asked. */
export async function checkPolkadotTransfer(rpc: NodeRpc, transfer: Transfer): Promise<string | undefined> {
  const prepared = await prepare(rpc, transfer)
  return prepared.ok ? undefined : prepared.message
}

/** u128's largest amount. */
const LARGEST_AMOUNT = (1n << 128n) - 1n

/**
 * The network fee the builder's paymentInfo gives (for a transfer it refuses too). The fee grows
 * with the amount's encoded length (a compact integer), so before an amount is typed it is that of
 * the largest one: it covers any amount, and Max (transferableKeepAlive minus it) leaves the
 * account its existential deposit.
 */
export async function quotePolkadotTransferFee(rpc: NodeRpc, transfer: Transfer): Promise<FeeQuote | undefined> {
  try {
    const prepared = await prepare(rpc, { ...transfer, amount: transfer.amount > 0n ? transfer.amount : LARGEST_AMOUNT })
    return { amount: BigInt(prepared.fee) }
  } catch {
    return undefined
  }
}

const answer = async <M extends PolkadotMethod>(send: WalletSend, method: M, params: unknown) =>
  checkResult(method, await send(method, params))

/** What the submits of this page answered: a Polkadot transaction is final once in a block (the API waits for it). */
const included = new Map<string, boolean>()

/** Builds the transfer (fresh nonce and block), has the wallet sign it, submits it; answers the extrinsic's hash. */
export async function sendPolkadotTransfer(
  rpc: NodeRpc,
  send: WalletSend,
  transfer: Transfer,
  _fee: FeeQuote | undefined,
): Promise<string> {
  const prepared = await prepare(rpc, transfer)
  if (!prepared.ok) throw new ProviderRpcError(RpcErrorCode.InvalidParams, prepared.message)
  const { signature } = await answer(send, 'polkadot_signTransaction', { address: transfer.from, transactionPayload: prepared.payload })
  const submit: PolkadotTransferSubmit = { caipNetworkId: transfer.caipNetworkId, payload: prepared.payload, signature }
  const submitted = await build(rpc, 'polkadot/transfers/submit', submit, PolkadotTransferSubmitted)
  included.set(submitted.hash, submitted.success)
  return submitted.hash
}

/** Calls built elsewhere (the data API's swaps) are EVM transactions: Polkadot has none to send. */
export async function sendPolkadotCall(_send: WalletSend, _call: WalletCall): Promise<string> {
  throw new ProviderRpcError(RpcErrorCode.UnsupportedMethod, 'Polkadot wallets send transfers only, not contract calls')
}

/** The block's verdict on a transfer this page submitted (ExtrinsicSuccess or ExtrinsicFailed). */
export async function waitForPolkadotTransaction(_rpc: NodeRpc, _caipNetworkId: string, hash: string): Promise<'success' | 'failed'> {
  const success = included.get(hash)
  if (success === undefined)
    throw new ProviderRpcError(RpcErrorCode.InvalidParams, `Transaction ${hash.slice(0, 70)} was not submitted here`)
  return success ? 'success' : 'failed'
}

/** The `<Bytes>`-wrapped signature of `message` (what sign-in verifies), hex. */
export async function signPolkadotMessage(send: WalletSend, address: string, message: string): Promise<string> {
  return (await answer(send, 'polkadot_signMessage', { address, message })).signature
}
