import { decodeFunctionData, parseAbi, type Abi, type AbiFunction, type Address, type Hex } from 'viem'

/**
 * Turning one mined transaction into value movements ("legs"), without traces.
 *
 * Sources of legs:
 * - the transaction's own `value` (native, leg -1), and the value of each call a smart account made
 *   inside it (a user operation's, legs -2, -3…: user-operations.ts);
 * - ERC-20 `Transfer(from, to, value)` logs (3 topics, 32 bytes of data; ERC-721 has 4 topics and is skipped);
 * - the wrapped-native token's (WETH9) `Deposit(dst, wad)` and `Withdrawal(src, wad)` events. WETH9
 *   emits no Transfer for them, so they become a mint (0x0 -> dst) or burn (src -> 0x0) of WETH, and
 *   a Withdrawal also becomes the native ETH it releases. Native ETH moved by an internal call is not
 *   visible in a receipt; trace-free inference:
 *     - unwrap by the sender itself (`src == tx.from`): ETH goes WETH -> sender;
 *     - unwrap by the contract the sender called (a router): the recipient is the `to` argument of the
 *       router call when the calldata decodes as a Uniswap V2 router ETH-out function
 *       (swapExactTokensForETH, swapTokensForExactETH, removeLiquidityETH, ...), else the sender;
 *     - ETH sent to a router and partly refunded (swapETHForExactTokens, addLiquidityETH): the refund is
 *       the value minus what the router wrapped (its Deposits), and the native leg is netted to that.
 */

export const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000'

export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
export const DEPOSIT_TOPIC = '0xe1fffcc4923d04b559f4d29a8bfc6cda04eb5b0d3c460751c2402c5c5cc9109c'
export const WITHDRAWAL_TOPIC = '0x7fcf532c15f0a6db0bd6d0e038bea71d30d808c7d98cb3bf7268a95bf5081b65'

/** Selectors of calls that move no value by themselves. */
export const APPROVE_SELECTOR = '0x095ea7b3'
const TRANSFER_SELECTORS = new Set(['0xa9059cbb', '0x23b872dd'])

export interface ChainTx {
  hash: Hex
  from: Address
  /** Null for a contract creation. */
  to: Address | null
  value: bigint
  input: Hex
  nonce: number
  transactionIndex: number
}

/** A call a smart account made inside a transaction (a user operation's: user-operations.ts), as a transaction of its own would have been. */
export interface InnerCall {
  from: Address
  to: Address
  value: bigint
  input: Hex
}

export interface ChainLog {
  address: Address
  topics: readonly Hex[]
  data: Hex
  logIndex: number
  transactionHash: Hex
}

export type LegSource = 'tx' | 'log' | 'deposit' | 'withdrawal'

export interface Leg {
  /** Unique within the transaction: -1 for the tx value, 2 * logIndex (+1 for an inferred native side). */
  legIndex: number
  logIndex: number | null
  source: LegSource
  /** Lowercase token address; null for the chain's native currency. */
  token: Address | null
  /** Lowercase. */
  from: Address
  /** Lowercase. */
  to: Address
  amount: bigint
}

const ROUTER_ETH_OUT_ABI = parseAbi([
  'function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  'function swapTokensForExactETH(uint256 amountOut, uint256 amountInMax, address[] path, address to, uint256 deadline)',
  'function swapExactTokensForETHSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)',
  'function removeLiquidityETH(address token, uint256 liquidity, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline)',
  'function removeLiquidityETHSupportingFeeOnTransferTokens(address token, uint256 liquidity, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline)',
  'function removeLiquidityETHWithPermit(address token, uint256 liquidity, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline, bool approveMax, uint8 v, bytes32 r, bytes32 s)',
  'function removeLiquidityETHWithPermitSupportingFeeOnTransferTokens(address token, uint256 liquidity, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline, bool approveMax, uint8 v, bytes32 r, bytes32 s)',
])

/** Router calls that take ETH and refund what they did not wrap. */
const ROUTER_REFUND_ABI = parseAbi([
  'function swapETHForExactTokens(uint256 amountOut, address[] path, address to, uint256 deadline) payable',
  'function addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) payable',
])

/** The `to` argument of a router call, if `input` is one of `abi`'s functions. */
function decodeRouterCall(abi: Abi, input: Hex): { name: string; recipient: Address } | undefined {
  try {
    const { functionName, args } = decodeFunctionData({ abi, data: input })
    const item = abi.find((i): i is AbiFunction => i.type === 'function' && i.name === functionName)
    const index = item?.inputs.findIndex((i) => i.name === 'to') ?? -1
    const recipient = args?.[index]
    if (typeof recipient !== 'string') return undefined
    return { name: functionName, recipient: lower(recipient) }
  } catch {
    return undefined
  }
}

/** Where the ETH a Withdrawal by `src` released ended up (see the module comment). */
export function inferUnwrapRecipient(tx: ChainTx, src: Address): Address {
  const sender = lower(tx.from)
  if (src === sender) return sender
  if (tx.to && lower(tx.to) === src) {
    const call = decodeRouterCall(ROUTER_ETH_OUT_ABI, tx.input)
    if (call) return call.recipient
  }
  return sender
}

const lower = (a: string) => a.toLowerCase() as Address
const topicAddress = (topic: Hex | undefined): Address | undefined =>
  topic && topic.length === 66 ? (`0x${topic.slice(26)}`.toLowerCase() as Address) : undefined
const word = (data: Hex): bigint | undefined => (data.length === 66 ? BigInt(data) : undefined)

/** An ERC-20 Transfer log, or undefined for anything else (ERC-721 transfers included). */
export function decodeErc20Transfer(log: ChainLog): { from: Address; to: Address; amount: bigint } | undefined {
  if (log.topics[0]?.toLowerCase() !== TRANSFER_TOPIC || log.topics.length !== 3) return undefined
  const from = topicAddress(log.topics[1])
  const to = topicAddress(log.topics[2])
  const amount = word(log.data)
  return from && to && amount !== undefined ? { from, to, amount } : undefined
}

function decodeWrapEvent(log: ChainLog, topic: string): { account: Address; amount: bigint } | undefined {
  if (log.topics[0]?.toLowerCase() !== topic || log.topics.length !== 2) return undefined
  const account = topicAddress(log.topics[1])
  const amount = word(log.data)
  return account && amount !== undefined ? { account, amount } : undefined
}

export interface BuildLegsInput {
  tx: ChainTx
  success: boolean
  /** Address a creation produced (receipt.contractAddress). */
  contractAddress?: Address | null
  /** This transaction's logs (any order). */
  logs: readonly ChainLog[]
  /** The wrapped-native token (WETH9) of the chain, if any. */
  wrappedNative?: Address
  /** Calls a smart account made inside the transaction (user-operations.ts): their value is a leg of theirs. */
  innerCalls?: readonly InnerCall[]
}

/** Every leg of one transaction. A failed transaction moved nothing: no legs. */
export function buildLegs({ tx, success, contractAddress, logs, wrappedNative, innerCalls = [] }: BuildLegsInput): Leg[] {
  if (!success) return []
  const legs: Leg[] = []
  const weth = wrappedNative ? lower(wrappedNative) : undefined
  const sorted = [...logs].sort((a, b) => a.logIndex - b.logIndex)
  const transfers = sorted.flatMap((log) => {
    const t = decodeErc20Transfer(log)
    return t ? [{ log, ...t }] : []
  })
  const hasTransfer = (token: Address, from: Address, to: Address, amount: bigint) =>
    transfers.some((t) => lower(t.log.address) === token && t.from === from && t.to === to && t.amount === amount)

  const recipient = tx.to ? lower(tx.to) : contractAddress ? lower(contractAddress) : undefined
  /** WETH each account wrapped: what a router keeps of the ETH it was sent (it refunds the rest). */
  const deposited = new Map<Address, bigint>()
  for (const log of sorted) {
    const address = lower(log.address)
    const transfer = decodeErc20Transfer(log)
    if (transfer) {
      legs.push({ legIndex: 2 * log.logIndex, logIndex: log.logIndex, source: 'log', token: address, ...transfer })
      continue
    }
    if (!weth || address !== weth) continue
    const deposit = decodeWrapEvent(log, DEPOSIT_TOPIC)
    if (deposit) {
      deposited.set(deposit.account, (deposited.get(deposit.account) ?? 0n) + deposit.amount)
      if (!hasTransfer(weth, ZERO_ADDRESS, deposit.account, deposit.amount)) {
        legs.push({
          legIndex: 2 * log.logIndex,
          logIndex: log.logIndex,
          source: 'deposit',
          token: weth,
          from: ZERO_ADDRESS,
          to: deposit.account,
          amount: deposit.amount,
        })
      }
      continue
    }
    const withdrawal = decodeWrapEvent(log, WITHDRAWAL_TOPIC)
    if (withdrawal) {
      if (!hasTransfer(weth, withdrawal.account, ZERO_ADDRESS, withdrawal.amount)) {
        legs.push({
          legIndex: 2 * log.logIndex,
          logIndex: log.logIndex,
          source: 'withdrawal',
          token: weth,
          from: withdrawal.account,
          to: ZERO_ADDRESS,
          amount: withdrawal.amount,
        })
      }
      const to = inferUnwrapRecipient(tx, withdrawal.account)
      legs.push({
        legIndex: 2 * log.logIndex + 1,
        logIndex: log.logIndex,
        source: 'withdrawal',
        token: null,
        from: to === withdrawal.account ? weth : withdrawal.account,
        to,
        amount: withdrawal.amount,
      })
    }
  }

  // Unused ETH a router refunds: only the wrapped part left the sender.
  const sent = (to: Address, value: bigint, input: Hex) => {
    const wrapped = deposited.get(to) ?? 0n
    return wrapped > 0n && wrapped < value && decodeRouterCall(ROUTER_REFUND_ABI, input) ? wrapped : value
  }
  const calls = innerCalls.filter((call) => call.value > 0n)
  // After the transaction's own value (-1): -2, -3… in call order.
  legs.unshift(
    ...calls.map((call, index) => ({
      legIndex: -2 - index,
      logIndex: null,
      source: 'tx' as const,
      token: null,
      from: lower(call.from),
      to: lower(call.to),
      amount: sent(lower(call.to), call.value, call.input),
    })),
  )
  if (tx.value > 0n && recipient) {
    legs.unshift({
      legIndex: -1,
      logIndex: null,
      source: 'tx',
      token: null,
      from: lower(tx.from),
      to: recipient,
      amount: sent(recipient, tx.value, tx.input),
    })
  }
  return legs
}

/** What a transaction that moved nothing (for this account) was: by its shape and selector. */
export function intentOf(tx: ChainTx): 'deploy' | 'approve' | 'send' | 'execute' {
  if (!tx.to) return 'deploy'
  const selector = tx.input.slice(0, 10).toLowerCase()
  if (selector === APPROVE_SELECTOR) return 'approve'
  if (tx.value > 0n || TRANSFER_SELECTORS.has(selector)) return 'send'
  return 'execute'
}
