import { parseChainId } from '@airlock/chains'
import { ProviderRpcError, RpcErrorCode } from '@airlock/protocol'
import { stringToHex } from 'viem'
import type { WidgetContext } from '../../core/context'
import { SIGNATURE, TRANSACTION_HASH, type Hex } from './transaction'
import { connectionsAtom, type HexAddress } from '../../core/session/atoms'

/**
 * What the modal's own features (swap, send, names) ask of the connected wallet, whatever carries
 * it: the browser wallet through the host, WalletConnect, or the embedded wallet (whose signing
 * steps push the ApproveTransaction view, SPEC section 2). Receipts come from the RPC proxy.
 */

export type { Hex }

/** The connected account; throws 'No ActiveCaipAddress found' (SPEC section 8) when there is none. */
export function connectedAccount(ctx: WidgetContext): { address: HexAddress; chainId: number; connectorId: string; caipNetworkId: string } {
  const connection = ctx.store.get(connectionsAtom).eip155
  const chainId = connection && parseChainId(connection.caipNetworkId.slice('eip155:'.length))
  const address = connection?.addresses[0]
  if (!connection || !address?.startsWith('0x') || chainId === undefined)
    throw new ProviderRpcError(RpcErrorCode.Disconnected, 'No ActiveCaipAddress found')
  return { address: address as HexAddress, chainId, connectorId: connection.connectorId, caipNetworkId: connection.caipNetworkId }
}

export interface WalletTransaction {
  to: HexAddress
  data?: Hex | undefined
  /** Wei. */
  value?: bigint | undefined
  gas?: bigint | undefined
  gasPrice?: bigint | undefined
}

const hex = (value: bigint): Hex => `0x${value.toString(16)}`

/** Sends `tx` from the connected account through its wallet; answers the transaction hash. */
export async function sendWalletTransaction(ctx: WidgetContext, tx: WalletTransaction): Promise<Hex> {
  const { address } = connectedAccount(ctx)
  const request = {
    from: address,
    to: tx.to,
    ...(tx.data && tx.data !== '0x' ? { data: tx.data } : {}),
    value: hex(tx.value ?? 0n),
    ...(tx.gas !== undefined ? { gas: hex(tx.gas) } : {}),
    ...(tx.gasPrice !== undefined ? { gasPrice: hex(tx.gasPrice) } : {}),
  }
  const hash = await ctx.wallet('eip155', 'eth_sendTransaction', [request])
  if (typeof hash !== 'string' || !TRANSACTION_HASH.test(hash))
    throw new ProviderRpcError(RpcErrorCode.InternalError, 'The wallet returned a malformed transaction hash')
  return hash as Hex
}

/** personal_sign of a UTF-8 message by the connected account. */
export async function signPersonalMessage(ctx: WidgetContext, message: string): Promise<Hex> {
  const { address } = connectedAccount(ctx)
  const signature = await ctx.wallet('eip155', 'personal_sign', [stringToHex(message), address])
  if (typeof signature !== 'string' || !SIGNATURE.test(signature))
    throw new ProviderRpcError(RpcErrorCode.InternalError, 'The wallet returned a malformed signature')
  return signature as Hex
}

export interface Receipt {
  status: 'success' | 'reverted'
  blockNumber: bigint
}

/**
 * Polls the RPC proxy until `hash` is mined. A reverted transaction answers status 'reverted';
 * not mined within `timeoutMs` throws.
 */
export async function waitForReceipt(
  ctx: WidgetContext,
  caipNetworkId: string,
  hash: Hex,
  { timeoutMs = 120_000, intervalMs = 1_000 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<Receipt> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const receipt = (await ctx.api.rpc(caipNetworkId, 'eth_getTransactionReceipt', [hash]).catch(() => null)) as {
      status?: unknown
      blockNumber?: unknown
    } | null
    if (receipt && typeof receipt.blockNumber === 'string' && typeof receipt.status === 'string')
      return { status: receipt.status === '0x1' ? 'success' : 'reverted', blockNumber: BigInt(receipt.blockNumber) }
    if (Date.now() >= deadline) throw new ProviderRpcError(RpcErrorCode.InternalError, `Transaction ${hash} was not mined in time`)
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
}

/** EIP-1193 4001: the user said no in the wallet (or in the secure frame's confirmation). */
export function isUserRejection(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === RpcErrorCode.UserRejected
}
