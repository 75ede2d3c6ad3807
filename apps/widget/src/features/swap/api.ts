import {
  ConvertAllowanceResponse,
  ConvertBuildApproveResponse,
  ConvertBuildTransactionResponse,
  ConvertGasPriceResponse,
  ConvertQuotesResponse,
  ConvertTokensResponse,
  FungiblePriceResponse,
  type FungiblePrice,
} from '@airlock/protocol'
import type { WidgetContext } from '../../core/context'
import type { TokenBalance } from '../../core/http/accountData'

/** The swap's data API calls (SPEC section 7), each answer parsed with its protocol schema. */

export async function fetchSwapTokens(ctx: WidgetContext, caipNetworkId: string) {
  return (await ctx.dataApi.get('/v1/convert/tokens', { chainId: caipNetworkId }, ConvertTokensResponse, 'Token list')).tokens
}

export async function fetchPrices(ctx: WidgetContext, addresses: readonly string[]): Promise<FungiblePrice[]> {
  const { projectId } = ctx.project()
  const body = { currency: 'usd', projectId, addresses }
  return (await ctx.dataApi.post('/v1/fungible/price', body, FungiblePriceResponse, 'Price')).fungibles
}

export function fetchGasPrice(ctx: WidgetContext, caipNetworkId: string) {
  return ctx.dataApi.get('/v1/convert/gas-price', { chainId: caipNetworkId }, ConvertGasPriceResponse, 'Gas price')
}

/** 'My tokens': the account's balances, through the 30 s cache the Account tabs share. */
export function fetchMyBalances(ctx: WidgetContext, address: string, caipNetworkId: string, force = false): Promise<TokenBalance[]> {
  return ctx.accountData.balances(address, caipNetworkId, { force })
}

export interface QuoteRequest {
  /** Smallest units of `from`. */
  amount: bigint
  /** CAIP-10 account. */
  userAddress: string
  from: string
  to: string
  gasPrice: bigint
}

/** The first quote's output in smallest units of `to`; undefined when there is no route. */
export async function fetchQuote(ctx: WidgetContext, request: QuoteRequest): Promise<bigint | undefined> {
  const query = { ...request, amount: request.amount.toString(), gasPrice: request.gasPrice.toString() }
  const { quotes } = await ctx.dataApi.get('/v1/convert/quotes', query, ConvertQuotesResponse, 'Quote')
  return quotes[0] ? BigInt(quotes[0].toAmount) : undefined
}

export async function fetchAllowance(ctx: WidgetContext, tokenAddress: string, userAddress: string): Promise<bigint> {
  const { allowance } = await ctx.dataApi.get('/v1/convert/allowance', { tokenAddress, userAddress }, ConvertAllowanceResponse, 'Allowance')
  return BigInt(allowance)
}

/** An approval of exactly `amount`: the swap spends it, so a later swap asks again rather than leaving an open allowance. */
export async function buildApprove(ctx: WidgetContext, request: { userAddress: string; from: string; to: string; amount: bigint }) {
  const query = { ...request, amount: request.amount.toString() }
  return (await ctx.dataApi.get('/v1/convert/build-approve', query, ConvertBuildApproveResponse, 'Approval')).tx
}

export async function buildSwapTransaction(
  ctx: WidgetContext,
  request: { userAddress: string; from: string; to: string; amount: bigint; slippage: number; disableEstimate?: boolean },
) {
  const { projectId } = ctx.project()
  const body = {
    amount: request.amount.toString(),
    eip155: { slippage: String(request.slippage) },
    projectId,
    from: request.from,
    to: request.to,
    userAddress: request.userAddress,
    // Batched behind its approval, the swap cannot be estimated alone (it would revert on the allowance).
    ...(request.disableEstimate ? { disableEstimate: true } : {}),
  }
  return (await ctx.dataApi.post('/v1/convert/build-transaction', body, ConvertBuildTransactionResponse, 'Swap transaction')).tx
}
