import { formatUnits } from '@airlock/chains'
import { ProviderRpcError, RpcErrorCode, solanaMethodResults, WALLET_STANDARD_BYTES } from '@airlock/protocol'
import { getBase64EncodedWireTransaction, isSignature, type ReadonlyUint8Array } from '@solana/kit'
import type { FeeQuote, NodeRpc, Transfer, WalletCall, WalletSend } from '../types'
import { isSolanaAddress } from './address'
import { bytesToBase58, bytesToBase64 } from './bytes'
import { accountsOf, feeForMessage, latestBlockhash, rentExemptMinimum, signatureStatus } from './node'
import { compileTransfer, isTokenProgramAccount, planTransfer } from './transfer'
import { pollUntil } from '../../core/async'

/** The Send form's transfers on Solana (ChainAdapter): SOL and SPL tokens, signed and sent by the wallet. */

/** SPEC section 8. */
export const SOLANA_SEND_TEXTS = {
  invalid: 'Please enter a valid amount and receiver address',
  failed: 'Failed to send transaction. Please try again.',
} as const

/** The base fee of a one-signature transaction, when the node cannot price the message. */
const LAMPORTS_PER_SIGNATURE = 5000n
const sol = (lamports: bigint) => `${formatUnits(lamports, 9)} SOL`

/** The transfer's plan and its unsigned transaction on the latest blockhash. */
async function prepare(rpc: NodeRpc, transfer: Transfer) {
  const [plan, lifetime] = await Promise.all([planTransfer(rpc, transfer), latestBlockhash(rpc, transfer.caipNetworkId)])
  const transaction = compileTransfer(plan.instructions, transfer.from, lifetime)
  return { plan, transaction }
}

const feeOf = (rpc: NodeRpc, transfer: Transfer, messageBytes: ReadonlyUint8Array) =>
  feeForMessage(rpc, transfer.caipNetworkId, bytesToBase64(messageBytes))

/**
 * Solana's rules a wallet would only fail on, said before it is asked: a new account must receive
 * at least the rent-exempt minimum; the sender pays the fee (and the rent of the receiver's new
 * token account) in SOL, and an account may end at 0 but never between 0 and that minimum.
 */
export async function checkSolanaTransfer(rpc: NodeRpc, transfer: Transfer): Promise<string | undefined> {
  if (transfer.amount <= 0n || !isSolanaAddress(transfer.from) || !isSolanaAddress(transfer.to)) return SOLANA_SEND_TEXTS.invalid
  const { caipNetworkId, amount, token } = transfer
  const [prepared, [sender], minimum] = await Promise.all([
    prepare(rpc, transfer).catch((error: unknown) => {
      // A token that is no mint here, or of another network: said like any other refusal.
      if (error instanceof ProviderRpcError && error.code === RpcErrorCode.InvalidParams) return error.message
      throw error
    }),
    accountsOf(rpc, caipNetworkId, [transfer.from]),
    rentExemptMinimum(rpc, caipNetworkId, 0),
  ])
  if (typeof prepared === 'string') return prepared
  const { plan, transaction } = prepared
  if (!token && !plan.receiver && amount < minimum)
    return `A new Solana account must receive at least ${sol(minimum)} (the rent-exempt minimum)`
  if (token && isTokenProgramAccount(plan.receiver)) return 'This address is a token account, not a wallet: enter the address of its owner'
  if (token && !plan.source) return 'Your account holds none of this token'
  const fee = (await feeOf(rpc, transfer, transaction.messageBytes)) ?? LAMPORTS_PER_SIGNATURE
  const spent = fee + plan.deposit + (token ? 0n : amount)
  const balance = sender?.lamports ?? 0n
  if (balance < spent) {
    if (!token) return `Not enough SOL: sending ${sol(amount)} and the ${sol(fee)} network fee needs ${sol(spent)}`
    return plan.deposit
      ? `Not enough SOL: the ${sol(fee)} network fee and the ${sol(plan.deposit)} rent of the receiver's token account need ${sol(spent)}`
      : `Not enough SOL for the ${sol(fee)} network fee`
  }
  const rest = balance - spent
  if (rest > 0n && rest < minimum) {
    const kept = `Your account would keep ${sol(rest)}, below the rent-exempt minimum of ${sol(minimum)}`
    if (token) return `${kept}: add SOL first`
    const most = balance - fee - minimum
    return most > 0n ? `${kept}: send at most ${sol(most)}, or all of it (Max)` : `${kept}: send all of it (Max)`
  }
  return undefined
}

/**
 * The fee of the very message sendTransfer builds (getFeeForMessage). `amount` is all the SOL the
 * transfer costs beyond what it sends: the network fee plus, when it creates the receiver's token
 * account, that account's rent, so that Max (balance minus this) stays sendable. Undefined when
 * the node does not say.
 */
export async function quoteSolanaTransferFee(rpc: NodeRpc, transfer: Transfer): Promise<FeeQuote | undefined> {
  try {
    const { plan, transaction } = await prepare(rpc, transfer)
    const fee = await feeOf(rpc, transfer, transaction.messageBytes)
    return fee === undefined ? undefined : { amount: fee + plan.deposit, detail: { fee, deposit: plan.deposit } }
  } catch {
    return undefined
  }
}

/**
 * Builds the transfer on a fresh blockhash and has the wallet sign and send it; answers its
 * signature. The fee needs no passing back: a message of the same shape costs the same.
 */
export async function sendSolanaTransfer(rpc: NodeRpc, send: WalletSend, transfer: Transfer, _fee: FeeQuote | undefined): Promise<string> {
  const { transaction } = await prepare(rpc, transfer)
  return sendSolanaCall(send, { from: transfer.from, to: transfer.to, data: getBase64EncodedWireTransaction(transaction) })
}

/** solana_signAndSendTransaction of a call's `data`: the wire transaction in base64, as a builder gives it. */
export async function sendSolanaCall(send: WalletSend, call: WalletCall): Promise<string> {
  const answer = solanaMethodResults.solana_signAndSendTransaction.safeParse(
    await send('solana_signAndSendTransaction', { transaction: call.data }),
  )
  if (!answer.success || !isSignature(answer.data.signature))
    throw new ProviderRpcError(RpcErrorCode.InternalError, 'The wallet returned a malformed transaction signature')
  return answer.data.signature
}

/**
 * Polls getSignatureStatuses until the transaction is confirmed ('success') or landed with an
 * error ('failed'); not confirmed within `timeoutMs` throws (its blockhash expires in about 90 s).
 */
export async function waitForSolanaTransaction(
  rpc: NodeRpc,
  caipNetworkId: string,
  signature: string,
  { timeoutMs = 90_000, intervalMs = 500 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<'success' | 'failed'> {
  if (!isSignature(signature)) throw new ProviderRpcError(RpcErrorCode.InvalidParams, 'Not a Solana transaction signature')
  return pollUntil(
    async () => {
      const status = await signatureStatus(rpc, caipNetworkId, signature).catch(() => null)
      if (status && status.err !== null && status.err !== undefined) return 'failed'
      if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') return 'success'
      return undefined
    },
    { timeoutMs, intervalMs },
    () => new ProviderRpcError(RpcErrorCode.InternalError, `Transaction ${signature} was not confirmed within ${timeoutMs / 1000} s`),
  )
}

/** solana_signMessage of the UTF-8 bytes of `message` by `address`; the signature in base58. */
export async function signSolanaMessage(send: WalletSend, address: string, message: string): Promise<string> {
  const bytes = new TextEncoder().encode(message)
  if (bytes.length === 0 || bytes.length > WALLET_STANDARD_BYTES.message)
    throw new ProviderRpcError(RpcErrorCode.InvalidParams, `A message to sign is 1 to ${WALLET_STANDARD_BYTES.message} bytes`)
  const answer = solanaMethodResults.solana_signMessage.safeParse(
    await send('solana_signMessage', { message: bytesToBase58(bytes), pubkey: address }),
  )
  if (!answer.success || !isSignature(answer.data.signature))
    throw new ProviderRpcError(RpcErrorCode.InternalError, 'The wallet returned a malformed signature')
  return answer.data.signature
}
