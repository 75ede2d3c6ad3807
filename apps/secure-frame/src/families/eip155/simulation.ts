import { formatUnits, shortAddress } from '@airlock/chains'
import { decodeErrorResult, maxUint256, parseAbi, type Hex } from 'viem'
import * as z from 'zod/mini'
import type { UsdPrices } from '../../chain/prices'
import { groupDigits, type NativeInfo, type TokenLookup } from '../../display/amounts'
import { SimulationText, type BalanceChange, type GrantedAllowance, type Simulation } from '../../display/simulation'

/**
 * What an eip155 transaction would do to the account, read from the node's `eth_simulateV1` answer
 * (with `traceTransfers`, native transfers come as ERC-7528 Transfer logs of 0xeeee…eeee): the
 * balance changes (native and ERC-20, net per token), the allowances it grants, or that it fails
 * and why. Pure: simulator.ts asks the node, confirm/renderSimulation.ts draws the result.
 */

/** Reasons come from the node: one line, bounded. */
const REASON_MAX_LENGTH = 300

/** The native currency where a token address is expected (ERC-7528; also the data API's key for its price). */
export const NATIVE_TOKEN = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee'
const TRANSFER = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef'
const APPROVAL = '0x8c5be1e5ebec7d5bd14f71427d1e84f3dd0314c0f7b2291e5b200ac8c7c3b925'
const APPROVAL_FOR_ALL = '0x17307eab39ab6107e8899845ad3d59bd9653f200f220920489ca2b5937696c31'

const hex = z.string().check(z.regex(/^0x[0-9a-fA-F]*$/))
const Log = z.object({ address: hex, topics: z.array(hex).check(z.maxLength(4)), data: hex })
const Call = z.object({
  status: z.enum(['0x0', '0x1']),
  returnData: z.optional(hex),
  logs: z.array(Log).check(z.maxLength(2000)),
  error: z.optional(z.object({ message: z.optional(z.string()), data: z.optional(z.string()) })),
})
/** The node's answer to one block of one call, as the frame reads it. */
export const SimulateV1Result = z.array(z.object({ calls: z.array(Call).check(z.minLength(1)) })).check(z.minLength(1))
export type SimulateV1Result = z.infer<typeof SimulateV1Result>

const topicAddress = (topic: string | undefined) => (topic && topic.length === 66 ? `0x${topic.slice(26)}`.toLowerCase() : undefined)
const sameAddress = (a: string | undefined, b: string) => a !== undefined && a.toLowerCase() === b.toLowerCase()
const word = (data: string) => (/^0x[0-9a-fA-F]{64}$/.test(data) ? BigInt(data) : undefined)

/** The simulation of the transaction `account` sends, from the node's answer; each change of a token the frame names and `prices` prices gets its USD value. */
export function readSimulation(
  result: SimulateV1Result,
  account: string,
  native: NativeInfo | undefined,
  tokens: TokenLookup,
  prices: UsdPrices = new Map(),
): Simulation {
  const call = result[0]!.calls[0]!
  if (call.status === '0x0') return { status: 'fails', reason: revertReason(call) }
  const net = new Map<string, bigint>()
  const allowances: GrantedAllowance[] = []
  for (const log of call.logs) {
    const [topic0, topic1, topic2] = log.topics
    if (topic0 === TRANSFER && log.topics.length === 3) {
      const amount = word(log.data)
      if (amount === undefined) continue
      const key = log.address.toLowerCase()
      if (sameAddress(topicAddress(topic1), account)) net.set(key, (net.get(key) ?? 0n) - amount)
      if (sameAddress(topicAddress(topic2), account)) net.set(key, (net.get(key) ?? 0n) + amount)
    } else if (topic0 === APPROVAL && log.topics.length === 3 && sameAddress(topicAddress(topic1), account)) {
      const amount = word(log.data)
      if (amount === undefined || amount === 0n) continue
      allowances.push(allowance(log.address, topicAddress(topic2)!, amount, tokens))
    } else if (topic0 === APPROVAL_FOR_ALL && log.topics.length === 3 && sameAddress(topicAddress(topic1), account)) {
      if (word(log.data) === 1n) allowances.push(allowance(log.address, topicAddress(topic2)!, undefined, tokens))
    }
  }
  const changes = [...net]
    .filter(([, amount]) => amount !== 0n)
    .map(([token, amount]) => change(token === NATIVE_TOKEN ? undefined : token, amount, native, tokens, prices.get(token)))
  return { status: 'ok', changes: changes.slice(0, 50), allowances: allowances.slice(0, 50) }
}

const USD = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

function change(
  token: string | undefined,
  amount: bigint,
  native: NativeInfo | undefined,
  tokens: TokenLookup,
  price: number | undefined,
): BalanceChange {
  const sign = amount < 0n ? '−' : '+'
  const size = amount < 0n ? -amount : amount
  const info = token === undefined ? native : tokens(token)
  const shown = info
    ? `${sign}${groupDigits(formatUnits(size, info.decimals))} ${info.symbol}`
    : token === undefined
      ? `${sign}${size} wei`
      : `${sign}${groupDigits(size.toString())} units of ${shortAddress(token)}`
  // Only for a token the frame names itself: its decimals are the frame's own, not the API's word.
  const worth = info && price !== undefined ? Number(formatUnits(size, info.decimals)) * price : undefined
  const usd = worth === undefined || !Number.isFinite(worth) ? undefined : worth < 0.01 ? '< $0.01' : USD.format(worth)
  return { ...(token ? { token } : {}), amount: amount.toString(), text: shown, ...(usd ? { usd } : {}) }
}

function allowance(token: string, spender: string, amount: bigint | undefined, tokens: TokenLookup): GrantedAllowance {
  const info = tokens(token)
  const name = info?.symbol ?? shortAddress(token)
  // A cap this large is never spent down: wallets flag it as unlimited.
  const unlimited = amount === undefined || amount >= maxUint256 / 2n
  const what =
    amount === undefined
      ? `every ${name} token of yours`
      : unlimited
        ? `unlimited ${name}`
        : `${groupDigits(info ? formatUnits(amount, info.decimals) : amount.toString())} ${info ? info.symbol : `units of ${name}`}`
  return {
    token,
    spender,
    ...(amount !== undefined ? { amount: amount.toString() } : {}),
    unlimited,
    text: `Lets ${shortAddress(spender)} spend ${what}`,
  }
}

/** Solidity's own Error(string) and Panic(uint256), and custom errors a revert names often: OpenZeppelin's ERC-20 and ERC-721 errors (v5). */
const KNOWN_ERRORS = parseAbi([
  'error Error(string message)',
  'error Panic(uint256 code)',
  'error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)',
  'error ERC20InsufficientAllowance(address spender, uint256 allowance, uint256 needed)',
  'error ERC20InvalidSender(address sender)',
  'error ERC20InvalidReceiver(address receiver)',
  'error ERC20InvalidApprover(address approver)',
  'error ERC20InvalidSpender(address spender)',
  'error ERC721NonexistentToken(uint256 tokenId)',
  'error ERC721IncorrectOwner(address sender, uint256 tokenId, address owner)',
  'error ERC721InsufficientApproval(address operator, uint256 tokenId)',
])

/** Solidity's panic codes, as its documentation words them. */
const PANICS: Record<number, string> = {
  0x01: 'an assertion failed',
  0x11: 'an arithmetic operation overflowed',
  0x12: 'a division by zero',
  0x21: 'a value out of its enum range',
  0x31: 'pop from an empty array',
  0x32: 'an array index out of bounds',
  0x41: 'out of memory',
  0x51: 'a call to an uninitialised function',
}

/** What the revert data says: Error(string)'s text, a panic, a known custom error with its arguments, or the selector. */
function decodedRevert(data: string | undefined): string | undefined {
  if (!data || !/^0x[0-9a-fA-F]{8,}$/.test(data)) return undefined
  try {
    const { errorName, args } = decodeErrorResult({ abi: KNOWN_ERRORS, data: data as Hex })
    if (errorName === 'Error') return String(args?.[0] ?? '')
    if (errorName === 'Panic') return `panic: ${PANICS[Number(args?.[0])] ?? `code ${String(args?.[0])}`}`
    return `${errorName}(${(args ?? []).map(String).join(', ')})`
  } catch {
    return `the contract reverted with error ${data.slice(0, 10)}`
  }
}

/** The revert's reason: decoded from its data, else the node's message, else that there is none. */
function revertReason(call: z.infer<typeof Call>): string {
  const reason =
    decodedRevert(call.returnData) ??
    decodedRevert(call.error?.data) ??
    (call.error?.message?.replace(/^execution reverted:?\s*/i, '') || SimulationText.unknownReason)
  const line = reason.replace(/\s+/g, ' ').trim() || SimulationText.unknownReason
  return line.length > REASON_MAX_LENGTH ? `${line.slice(0, REASON_MAX_LENGTH)}…` : line
}
