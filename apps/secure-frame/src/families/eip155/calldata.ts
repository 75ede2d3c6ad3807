import { formatUnits } from '@airlock/chains'
import { decodeFunctionData, maxUint256, type Abi, type AbiFunction, type Hex } from 'viem'
import { groupDigits, type NativeInfo, type TokenInfo, type TokenLookup } from '../../display/amounts'

/**
 * Transaction data for display: the calls a user of this project signs are decoded (ERC-20
 * transfer / approve / transferFrom, the Uniswap V2 router swaps that apps/api's aggregator builds
 * and their exact-output twins); anything else shows its selector, length and raw hex.
 */

/** Hex characters of raw data shown; the rest is cut (its byte length is shown). */
export const DATA_DISPLAY_LIMIT = 20_000

export interface DecodedArg {
  name: string
  type: string
  /** The raw value: decimal integer, address, or addresses joined by ' → ' for a path. */
  value: string
  /** A friendlier form when we know one: '1.5 USDC', 'Unlimited', a date. */
  display?: string
}

export type DecodedData =
  | { kind: 'none' }
  | {
      kind: 'call'
      selector: string
      functionName: string
      signature: string
      args: DecodedArg[]
      /** An ERC-20 approve of the maximum uint256. */
      unlimited: boolean
      byteLength: number
    }
  | { kind: 'raw'; selector: string | undefined; byteLength: number; hex: string; truncated: boolean; note?: string }

const erc20Functions = [
  fn('transfer', [
    ['to', 'address'],
    ['amount', 'uint256'],
  ]),
  fn('approve', [
    ['spender', 'address'],
    ['amount', 'uint256'],
  ]),
  fn('transferFrom', [
    ['from', 'address'],
    ['to', 'address'],
    ['amount', 'uint256'],
  ]),
] as const

const routerFunctions = [
  fn('swapExactETHForTokens', [
    ['amountOutMin', 'uint256'],
    ['path', 'address[]'],
    ['to', 'address'],
    ['deadline', 'uint256'],
  ]),
  fn('swapExactTokensForETH', [
    ['amountIn', 'uint256'],
    ['amountOutMin', 'uint256'],
    ['path', 'address[]'],
    ['to', 'address'],
    ['deadline', 'uint256'],
  ]),
  fn('swapExactTokensForTokens', [
    ['amountIn', 'uint256'],
    ['amountOutMin', 'uint256'],
    ['path', 'address[]'],
    ['to', 'address'],
    ['deadline', 'uint256'],
  ]),
  fn('swapETHForExactTokens', [
    ['amountOut', 'uint256'],
    ['path', 'address[]'],
    ['to', 'address'],
    ['deadline', 'uint256'],
  ]),
  fn('swapTokensForExactETH', [
    ['amountOut', 'uint256'],
    ['amountInMax', 'uint256'],
    ['path', 'address[]'],
    ['to', 'address'],
    ['deadline', 'uint256'],
  ]),
  fn('swapTokensForExactTokens', [
    ['amountOut', 'uint256'],
    ['amountInMax', 'uint256'],
    ['path', 'address[]'],
    ['to', 'address'],
    ['deadline', 'uint256'],
  ]),
] as const

/** Every function decoded, with its 4-byte selector (computed in the tests against viem). */
export const KNOWN_FUNCTIONS: readonly { selector: string; abi: AbiFunction }[] = [
  { selector: '0xa9059cbb', abi: erc20Functions[0] },
  { selector: '0x095ea7b3', abi: erc20Functions[1] },
  { selector: '0x23b872dd', abi: erc20Functions[2] },
  { selector: '0x7ff36ab5', abi: routerFunctions[0] },
  { selector: '0x18cbafe5', abi: routerFunctions[1] },
  { selector: '0x38ed1739', abi: routerFunctions[2] },
  { selector: '0xfb3bdb41', abi: routerFunctions[3] },
  { selector: '0x4a25d94a', abi: routerFunctions[4] },
  { selector: '0x8803dbee', abi: routerFunctions[5] },
]

function fn(name: string, inputs: readonly (readonly [string, string])[]): AbiFunction {
  return {
    type: 'function',
    name,
    inputs: inputs.map(([argName, type]) => ({ name: argName, type })),
    outputs: [],
    stateMutability: 'nonpayable',
  }
}

export const signatureOf = (abi: AbiFunction) => `${abi.name}(${abi.inputs.map((i) => i.type).join(',')})`

const EVEN_HEX = /^0x(?:[0-9a-fA-F]{2})*$/

/** Whether `data` is 0x and whole bytes. */
export function isDataHex(data: string): data is Hex {
  return EVEN_HEX.test(data)
}

/**
 * `data` sent to `to` (undefined for a contract creation): decoded when its selector is known and
 * its arguments decode, else raw. Amounts are formatted with `tokens` when the token is known.
 */
export function decodeCalldata(data: Hex, to: string | undefined, native: NativeInfo | undefined, tokens?: TokenLookup): DecodedData {
  const byteLength = (data.length - 2) / 2
  if (byteLength === 0) return { kind: 'none' }
  const selector = byteLength >= 4 ? data.slice(0, 10).toLowerCase() : undefined
  const known = to !== undefined && selector ? KNOWN_FUNCTIONS.find((f) => f.selector === selector) : undefined
  if (known) {
    try {
      const { args } = decodeFunctionData({ abi: [known.abi] as Abi, data })
      return describeCall(known.abi, args ?? [], to!, native, tokens, byteLength, selector!)
    } catch {
      return raw(data, selector, byteLength, `Looks like ${signatureOf(known.abi)} but its arguments do not decode.`)
    }
  }
  return raw(data, selector, byteLength)
}

function raw(data: Hex, selector: string | undefined, byteLength: number, note?: string): DecodedData {
  const truncated = data.length > DATA_DISPLAY_LIMIT
  return {
    kind: 'raw',
    selector,
    byteLength,
    hex: truncated ? data.slice(0, DATA_DISPLAY_LIMIT) : data,
    truncated,
    ...(note ? { note } : {}),
  }
}

function describeCall(
  abi: AbiFunction,
  values: readonly unknown[],
  to: string,
  native: NativeInfo | undefined,
  tokens: TokenLookup | undefined,
  byteLength: number,
  selector: string,
): DecodedData {
  const byName = new Map(abi.inputs.map((input, i) => [input.name ?? String(i), values[i]]))
  const path = Array.isArray(byName.get('path')) ? (byName.get('path') as string[]) : []
  const isErc20 = erc20Functions.some((f) => f.name === abi.name)
  // Which token each amount is in: the contract itself for ERC-20; the path's ends for swaps.
  const firstIsNative = abi.name.startsWith('swapETH') || abi.name.startsWith('swapExactETH')
  const lastIsNative = abi.name.endsWith('ForETH') || abi.name.endsWith('ForExactETH')
  const tokenIn = (): AmountUnit => (firstIsNative ? native : tokens?.(path[0] ?? ''))
  const tokenOut = (): AmountUnit => (lastIsNative ? native : tokens?.(path.at(-1) ?? ''))
  const unitOf = (name: string): AmountUnit => {
    if (isErc20) return tokens?.(to)
    if (name === 'amountIn' || name === 'amountInMax') return tokenIn()
    if (name === 'amountOut' || name === 'amountOutMin') return tokenOut()
    return undefined
  }

  let unlimited = false
  const args = abi.inputs.map((input, i): DecodedArg => {
    const name = input.name ?? String(i)
    const value = values[i]
    if (Array.isArray(value)) {
      const addresses = value.map(String)
      const symbols = addresses.map((a) => tokens?.(a)?.symbol)
      return {
        name,
        type: input.type,
        value: addresses.join(' → '),
        ...(symbols.every(Boolean) ? { display: symbols.join(' → ') } : {}),
      }
    }
    if (typeof value === 'bigint') {
      if (abi.name === 'approve' && name === 'amount' && value === maxUint256) {
        unlimited = true
        return { name, type: input.type, value: value.toString(), display: 'Unlimited' }
      }
      if (name === 'deadline') return { name, type: input.type, value: value.toString(), ...deadlineDisplay(value) }
      const unit = unitOf(name)
      return { name, type: input.type, value: value.toString(), ...(unit ? { display: amountText(value, unit) } : {}) }
    }
    return { name, type: input.type, value: String(value) }
  })
  return { kind: 'call', selector, functionName: abi.name, signature: signatureOf(abi), args, unlimited, byteLength }
}

type AmountUnit = TokenInfo | NativeInfo | undefined

function amountText(value: bigint, unit: TokenInfo | NativeInfo): string {
  return `${groupDigits(formatUnits(value, unit.decimals))} ${unit.symbol}`
}

function deadlineDisplay(value: bigint): { display?: string } {
  // Seconds since 1970 up to the year 3000; other values are shown as they are.
  if (value <= 0n || value > 32_503_680_000n) return {}
  return { display: new Date(Number(value) * 1000).toISOString().replace('.000Z', 'Z') }
}
