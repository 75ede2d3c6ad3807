import { type Context, Hono } from 'hono'
import { encodeFunctionData, erc20Abi, maxUint256, type PublicClient } from 'viem'
import type {
  ConvertAllowanceResponse,
  ConvertBuildApproveResponse,
  ConvertBuildTransactionResponse,
  ConvertQuotesResponse,
  ConvertTokensResponse,
} from '@airlock/protocol'
import * as z from 'zod'
import type { ApiVariables } from '../../platform/projects/request'
import type { ApiDeps } from '../deps'
import { apiError, invalidInput } from '../../platform/http/errors'
import { formatCaip10, parseCaip10, parseCaip2, parseUserAddress } from '../prices/caip'
import { tokenIconUrl, type DexConfig, type ResolvedToken } from '../prices/dex-config'
import { createUniswapV2Aggregator, type SwapAggregator } from './aggregator'
import { parseAmount } from './amount'
import { FEE_HISTORY_BLOCKS, gasPricesFromFeeHistory, gasPricesFromLegacy, REWARD_PERCENTILES, type GasPrices } from './gas'
import { fallbackSwapGas, minimumOut, parseSlippage, swapDeadline, withGasHeadroom } from './quote-math'
import { jsonBodyLimit, readJsonBody } from '../../platform/http/json-body'

export interface ConvertRouteOptions {
  dex: DexConfig
  /** Default: Uniswap V2 over `dex` (createUniswapV2Aggregator). */
  aggregator?: SwapAggregator
}

type Reason = { description: string; field?: string }
type PairResult =
  | { kind: 'ok'; caip2: string; client: PublicClient; from: ResolvedToken; to: ResolvedToken }
  | { kind: 'unsupported' }
  | { kind: 'invalid'; reason: Reason }

const Address = z.string().min(1).max(200).describe('CAIP-10 token, e.g. eip155:1:0x…')
const UserAddress = z.string().min(1).max(200).describe('0x address or CAIP-10 account on the tokens’ chain')
/** `GET /convert/tokens` and `/convert/gas-price` (chainId checked by hand below, for AppKit's messages). */
export const ChainIdQuery = z.object({ chainId: z.string().describe('CAIP-2, e.g. eip155:1') })
export const QuoteQuery = z.object({
  amount: z.string().max(200).describe('smallest units of `from`, a decimal integer string'),
  userAddress: UserAddress.optional(),
  from: Address,
  to: Address,
  gasPrice: z.string().max(100).optional().describe('wei, a decimal integer string'),
})
export const AllowanceQuery = z.object({ tokenAddress: Address, userAddress: UserAddress })
export const ApproveQuery = z.object({
  userAddress: UserAddress,
  from: Address,
  to: Address,
  amount: z.string().max(200).optional().describe('smallest units; default 2^256-1'),
})
export const BuildBody = z.object({
  amount: z.string().max(200).describe('smallest units of `from`, a decimal integer string'),
  eip155: z
    .object({
      slippage: z.union([z.number(), z.string().max(30)]).describe('percent'),
      permit: z.string().max(10_000).optional(),
    })
    .optional(),
  projectId: z.string().max(100).optional(),
  from: Address,
  to: Address,
  userAddress: UserAddress,
  disableEstimate: z.boolean().optional(),
})

/** The response shapes (AppKit's BlockchainApiController types); amounts are smallest units as decimal strings. */
export const TokensResponse = z.object({
  tokens: z.array(
    z.object({
      name: z.string(),
      symbol: z.string(),
      address: z.string().describe('CAIP-10'),
      decimals: z.number().int(),
      logoUri: z.string(),
      eip2612: z.boolean(),
    }),
  ),
})
export const QuotesResponse = z.object({
  quotes: z.array(
    z.object({
      id: z.null(),
      fromAmount: z.string(),
      fromAccount: z.string().describe('CAIP-10'),
      toAmount: z.string(),
      toAccount: z.string().describe('CAIP-10'),
    }),
  ),
})
export const AllowanceResponse = z.object({ allowance: z.string() })
export const BuildApproveResponse = z.object({
  tx: z.object({
    from: z.string().describe('CAIP-10 of the token to approve'),
    to: z.string().describe('CAIP-10 of the contract called (the token)'),
    data: z.string(),
    value: z.string(),
    eip155: z.object({ gasPrice: z.string() }),
  }),
})
export const BuildTransactionResponse = z.object({
  tx: z.object({
    from: z.string().describe('CAIP-10 of the user'),
    to: z.string().describe('CAIP-10 of the router'),
    data: z.string(),
    amount: z.string().describe('the quoted output, smallest units of `to`'),
    value: z.string().describe('native amount sent with the call, wei'),
    eip155: z.object({ gas: z.string(), gasPrice: z.string() }),
  }),
})

const bad = (c: Context, description: string, field?: string) =>
  apiError(c, 400, description, [{ description, ...(field ? { field } : {}) }])

/** AppKit recognises "insufficient liquidity" in the reason and shows its own message. */
const insufficientLiquidity = (c: Context, from: string, to: string) =>
  bad(c, `insufficient liquidity: no pool route swaps this amount of ${from} to ${to}`, 'amount')

const UNSUPPORTED_SWAPS = 'Network not supported for Swaps'
const UNSUPPORTED_GAS = 'Network not supported for Gas Price'

/**
 * The swap endpoints under /convert, AppKit's shapes (BlockchainApiController):
 * tokens, quotes, allowance, gas-price, build-approve, build-transaction. Reads go to the chain;
 * an unsupported namespace or chain answers empty (or, where AppKit expects an error, 400) without
 * any request.
 */
export function convertRoutes(deps: ApiDeps, options: ConvertRouteOptions): Hono<{ Variables: ApiVariables }> {
  const aggregator = options.aggregator ?? createUniswapV2Aggregator({ chains: deps.chains, dex: options.dex })
  const app = new Hono<{ Variables: ApiVariables }>()

  function resolveOne(
    raw: string,
    field: string,
  ):
    | { kind: 'ok'; caip2: string; client: PublicClient; token: ResolvedToken }
    | { kind: 'unsupported' }
    | { kind: 'invalid'; reason: Reason } {
    const parsed = parseCaip10(raw)
    if (!parsed)
      return { kind: 'invalid', reason: { description: `${field}: expected a CAIP-10 token address such as eip155:1:0x…`, field } }
    const tokens = parsed.namespace === 'eip155' ? aggregator.tokens(parsed.caip2) : undefined
    const client = tokens ? deps.chains.client(parsed.caip2) : undefined
    if (!tokens || !client || !parsed.evmAddress) return { kind: 'unsupported' }
    const token = tokens.find((t) => t.address.toLowerCase() === parsed.evmAddress!.toLowerCase())
    if (!token)
      return { kind: 'invalid', reason: { description: `${field}: ${parsed.account} is not a token listed on ${parsed.caip2}`, field } }
    return { kind: 'ok', caip2: parsed.caip2, client, token }
  }

  function resolvePair(fromRaw: string, toRaw: string): PairResult {
    const fromCaip = parseCaip10(fromRaw)
    const toCaip = parseCaip10(toRaw)
    if (fromCaip && toCaip && fromCaip.caip2 !== toCaip.caip2) {
      return { kind: 'invalid', reason: { description: '`from` and `to` must be on the same chain', field: 'to' } }
    }
    const from = resolveOne(fromRaw, 'from')
    if (from.kind === 'invalid') return from
    const to = resolveOne(toRaw, 'to')
    if (to.kind === 'invalid') return to
    if (from.kind === 'unsupported' || to.kind === 'unsupported') return { kind: 'unsupported' }
    if (from.token.address === to.token.address)
      return { kind: 'invalid', reason: { description: '`from` and `to` are the same token', field: 'to' } }
    const unswappable = aggregator.unswappable(from.caip2, from.token, to.token)
    if (unswappable) return { kind: 'invalid', reason: { description: unswappable, field: 'to' } }
    return { kind: 'ok', caip2: from.caip2, client: from.client, from: from.token, to: to.token }
  }

  async function gasPrices(client: PublicClient): Promise<GasPrices> {
    try {
      const history = await client.getFeeHistory({
        blockCount: FEE_HISTORY_BLOCKS,
        rewardPercentiles: [...REWARD_PERCENTILES],
        blockTag: 'latest',
      })
      const prices = gasPricesFromFeeHistory(history)
      if (prices) return prices
    } catch {
      // A node without eth_feeHistory: eth_gasPrice below.
    }
    return gasPricesFromLegacy(await client.getGasPrice())
  }

  /** Chain reads that fail (node down, timeout) are a 502, not a 500. */
  async function upstream(c: Context, what: string, work: () => Promise<Response>): Promise<Response> {
    try {
      return await work()
    } catch (error) {
      console.error(`[api] convert ${what}:`, error)
      return apiError(c, 502, `${what}: the chain did not answer`)
    }
  }

  app.get('/convert/tokens', (c) => {
    const chainId = c.req.query('chainId')
    if (!chainId) return bad(c, 'chainId: required, a CAIP-2 chain id such as eip155:1', 'chainId')
    const parsed = parseCaip2(chainId)
    if (!parsed) return bad(c, 'chainId: expected a CAIP-2 chain id such as eip155:1', 'chainId')
    const tokens = parsed.namespace === 'eip155' ? aggregator.tokens(parsed.caip2) : undefined
    return c.json<ConvertTokensResponse>({
      tokens: (tokens ?? []).map((t) => ({
        name: t.name,
        symbol: t.symbol,
        address: formatCaip10(parsed.caip2, t.address),
        decimals: t.decimals,
        logoUri: tokenIconUrl(deps.apiOrigin, t.symbol),
        eip2612: false,
      })),
    })
  })

  app.get('/convert/quotes', async (c) => {
    const query = QuoteQuery.safeParse(c.req.query())
    if (!query.success) return invalidInput(c, query.error)
    const amount = parseAmount(query.data.amount)
    if (!amount.ok) return bad(c, amount.reason, 'amount')
    if (query.data.gasPrice !== undefined && query.data.gasPrice !== '' && !/^[0-9]{1,78}$/.test(query.data.gasPrice)) {
      return bad(c, 'gasPrice: expected an integer in wei', 'gasPrice')
    }
    const pair = resolvePair(query.data.from, query.data.to)
    if (pair.kind === 'invalid') return bad(c, pair.reason.description, pair.reason.field)
    if (pair.kind === 'unsupported') return c.json<ConvertQuotesResponse>({ quotes: [] })
    if (query.data.userAddress !== undefined) {
      const user = parseUserAddress(query.data.userAddress, pair.caip2)
      if ('reason' in user) return bad(c, user.reason, 'userAddress')
    }
    return upstream(c, 'quote', async () => {
      const quote = await aggregator.quote(pair.caip2, pair.from, pair.to, amount.value)
      if (!quote) return insufficientLiquidity(c, pair.from.symbol, pair.to.symbol)
      return c.json<ConvertQuotesResponse>({
        quotes: [
          {
            id: null,
            fromAmount: amount.value.toString(),
            fromAccount: formatCaip10(pair.caip2, pair.from.address),
            toAmount: quote.toAmount.toString(),
            toAccount: formatCaip10(pair.caip2, pair.to.address),
          },
        ],
      })
    })
  })

  app.get('/convert/allowance', async (c) => {
    const query = AllowanceQuery.safeParse(c.req.query())
    if (!query.success) return invalidInput(c, query.error)
    const token = resolveOne(query.data.tokenAddress, 'tokenAddress')
    if (token.kind === 'invalid') return bad(c, token.reason.description, token.reason.field)
    if (token.kind === 'unsupported') return c.json<ConvertAllowanceResponse>({ allowance: '0' })
    const user = parseUserAddress(query.data.userAddress, token.caip2)
    if ('reason' in user) return bad(c, user.reason, 'userAddress')
    if (token.token.native) return c.json<ConvertAllowanceResponse>({ allowance: maxUint256.toString() })
    return upstream(c, 'allowance', async () => {
      const allowance = await token.client.readContract({
        address: token.token.address,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [user.address, aggregator.spender(token.caip2)],
      })
      return c.json<ConvertAllowanceResponse>({ allowance: allowance.toString() })
    })
  })

  app.get('/convert/gas-price', async (c) => {
    const chainId = c.req.query('chainId')
    if (!chainId) return bad(c, 'chainId: required, a CAIP-2 chain id such as eip155:1', 'chainId')
    const parsed = parseCaip2(chainId)
    if (!parsed) return bad(c, 'chainId: expected a CAIP-2 chain id such as eip155:1', 'chainId')
    const client = parsed.namespace === 'eip155' ? deps.chains.client(parsed.caip2) : undefined
    if (!client) return bad(c, UNSUPPORTED_GAS, 'chainId')
    return upstream(c, 'gas price', async () => c.json(await gasPrices(client)))
  })

  app.get('/convert/build-approve', async (c) => {
    const query = ApproveQuery.safeParse(c.req.query())
    if (!query.success) return invalidInput(c, query.error)
    let amount = maxUint256
    if (query.data.amount !== undefined) {
      const parsed = parseAmount(query.data.amount)
      if (!parsed.ok) return bad(c, parsed.reason, 'amount')
      amount = parsed.value
    }
    const pair = resolvePair(query.data.from, query.data.to)
    if (pair.kind === 'invalid') return bad(c, pair.reason.description, pair.reason.field)
    if (pair.kind === 'unsupported') return bad(c, UNSUPPORTED_SWAPS, 'from')
    const user = parseUserAddress(query.data.userAddress, pair.caip2)
    if ('reason' in user) return bad(c, user.reason, 'userAddress')
    if (pair.from.native) return bad(c, `from: ${pair.from.symbol} is the native token and needs no approval`, 'from')
    const token = formatCaip10(pair.caip2, pair.from.address)
    return upstream(c, 'build-approve', async () => {
      const prices = await gasPrices(pair.client)
      return c.json<ConvertBuildApproveResponse>({
        tx: {
          // Reown's shape: `from` is the token to approve, and AppKit sends the approval to
          // `tx.from`; `to` is the contract the call goes to, the same token.
          from: token,
          to: token,
          data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [aggregator.spender(pair.caip2), amount] }),
          value: '0',
          eip155: { gasPrice: prices.fast },
        },
      })
    })
  })

  app.post('/convert/build-transaction', jsonBodyLimit(64 * 1024), async (c) => {
    const body = await readJsonBody(c, BuildBody)
    if (!body.success) return body.response
    const amount = parseAmount(body.data.amount)
    if (!amount.ok) return bad(c, amount.reason, 'amount')
    const slippage = parseSlippage(body.data.eip155?.slippage)
    if (!slippage.ok) return bad(c, slippage.reason, 'eip155.slippage')
    const pair = resolvePair(body.data.from, body.data.to)
    if (pair.kind === 'invalid') return bad(c, pair.reason.description, pair.reason.field)
    if (pair.kind === 'unsupported') return bad(c, UNSUPPORTED_SWAPS, 'from')
    const user = parseUserAddress(body.data.userAddress, pair.caip2)
    if ('reason' in user) return bad(c, user.reason, 'userAddress')

    return upstream(c, 'build-transaction', async () => {
      const quote = await aggregator.quote(pair.caip2, pair.from, pair.to, amount.value)
      if (!quote) return insufficientLiquidity(c, pair.from.symbol, pair.to.symbol)
      const call = aggregator.buildSwap(pair.caip2, {
        from: pair.from,
        to: pair.to,
        amountIn: amount.value,
        amountOutMin: minimumOut(quote.toAmount, slippage.ppm),
        quote,
        recipient: user.address,
        deadline: swapDeadline(deps.now()),
      })
      const [prices, estimate] = await Promise.all([
        gasPrices(pair.client),
        body.data.disableEstimate
          ? undefined
          : pair.client.estimateGas({ account: user.address, to: call.to, data: call.data, value: call.value }).catch(() => undefined),
      ])
      const gas = estimate === undefined ? fallbackSwapGas(quote.path.length) : withGasHeadroom(estimate)
      return c.json<ConvertBuildTransactionResponse>({
        tx: {
          from: formatCaip10(pair.caip2, user.address),
          to: formatCaip10(pair.caip2, call.to),
          data: call.data,
          // Reown: `amount` is the quoted output; `value` the native amount to send with the call.
          amount: quote.toAmount.toString(),
          value: call.value.toString(),
          eip155: { gas: gas.toString(), gasPrice: prices.fast },
        },
      })
    })
  })

  return app
}
