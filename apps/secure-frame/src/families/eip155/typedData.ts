/**
 * eth_signTypedData_v4's typed data for display: checked to be EIP-712 shaped (bounded), its domain
 * and primary type picked out, its message as a bounded key/value tree.
 */

/** Longest JSON text of typed data we parse (the frame bounds all params at 1 MB). */
export const TYPED_DATA_MAX_CHARS = 200_000
export const TREE_MAX_DEPTH = 8
export const TREE_MAX_NODES = 400
export const TREE_MAX_CHILDREN = 100
/** Longer leaf values are shown cut, with the full value (up to TREE_FULL_VALUE_MAX) on expand. */
export const TREE_VALUE_MAX = 80
export const TREE_FULL_VALUE_MAX = 10_000

export interface TreeNode {
  key: string
  /** A leaf's value as shown (cut to TREE_VALUE_MAX characters). */
  value?: string
  /** A cut leaf's whole value (itself cut to TREE_FULL_VALUE_MAX). */
  full?: string
  children?: TreeNode[]
  /** What was left out here: deeper levels or further entries. */
  omitted?: string
}

export interface TypedDataDomain {
  name?: string
  version?: string
  chainId?: string
  verifyingContract?: string
  salt?: string
}

export interface DecodedTypedData {
  domain: TypedDataDomain
  /** The domain's chainId as a number when it is one. */
  domainChainId: number | undefined
  primaryType: string
  message: TreeNode[]
  /** Some of the message was left out (depth, size). */
  truncated: boolean
}

export type TypedDataResult = { ok: true; data: DecodedTypedData } | { ok: false; error: string }

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const proto = Object.getPrototypeOf(value) as unknown
  return proto === Object.prototype || proto === null
}

export function decodeTypedData(input: unknown): TypedDataResult {
  let value: unknown = input
  if (typeof input === 'string') {
    if (input.length > TYPED_DATA_MAX_CHARS) return { ok: false, error: 'The typed data is too large to show.' }
    try {
      value = JSON.parse(input)
    } catch {
      return { ok: false, error: 'The typed data is not valid JSON.' }
    }
  } else if (!fitsSize(input, TYPED_DATA_MAX_CHARS)) {
    return { ok: false, error: 'The typed data is too large to show.' }
  }
  if (!isPlainObject(value)) return { ok: false, error: 'The typed data is not an object.' }
  const { types, primaryType, domain, message } = value
  if (!isPlainObject(types)) return { ok: false, error: 'The typed data has no types.' }
  if (typeof primaryType !== 'string' || primaryType.length === 0 || primaryType.length > 200)
    return { ok: false, error: 'The typed data has no primary type.' }
  if (domain !== undefined && !isPlainObject(domain)) return { ok: false, error: 'The typed data domain is not an object.' }
  const isDomainOnly = primaryType === 'EIP712Domain'
  if (!isDomainOnly && !Object.hasOwn(types, primaryType))
    return { ok: false, error: `The typed data does not define its primary type ${primaryType}.` }
  if (!isDomainOnly && !isPlainObject(message)) return { ok: false, error: 'The typed data has no message.' }

  const budget = { nodes: TREE_MAX_NODES, truncated: false }
  const tree = isPlainObject(message) ? objectNodes(message, 1, budget) : []
  return {
    ok: true,
    data: {
      domain: pickDomain(domain ?? {}),
      domainChainId: chainIdOf(domain?.chainId),
      primaryType,
      message: tree,
      truncated: budget.truncated,
    },
  }
}

function pickDomain(domain: Record<string, unknown>): TypedDataDomain {
  const picked: TypedDataDomain = {}
  for (const key of ['name', 'version', 'verifyingContract', 'salt'] as const) {
    const field = domain[key]
    if (field !== undefined && field !== null) picked[key] = leafText(field).slice(0, TREE_FULL_VALUE_MAX)
  }
  if (domain.chainId !== undefined && domain.chainId !== null) {
    const id = chainIdOf(domain.chainId)
    picked.chainId = id !== undefined ? String(id) : leafText(domain.chainId).slice(0, TREE_VALUE_MAX)
  }
  return picked
}

/** 1, "1", "0x1" and 1n read as chain 1; anything else (or a huge number) as undefined. */
export function chainIdOf(value: unknown): number | undefined {
  let id: number | undefined
  if (typeof value === 'number') id = value
  else if (typeof value === 'bigint') id = value <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(value) : undefined
  else if (typeof value === 'string' && /^(0x[0-9a-fA-F]{1,13}|\d{1,15})$/.test(value)) id = Number(value)
  return id !== undefined && Number.isSafeInteger(id) && id >= 0 ? id : undefined
}

interface Budget {
  nodes: number
  truncated: boolean
}

function objectNodes(value: Record<string, unknown> | unknown[], depth: number, budget: Budget): TreeNode[] {
  const entries: [string, unknown][] = Array.isArray(value) ? value.map((item, i) => [String(i), item]) : Object.entries(value)
  const nodes: TreeNode[] = []
  for (const [index, [key, child]] of entries.entries()) {
    if (budget.nodes <= 0 || index >= TREE_MAX_CHILDREN) {
      budget.truncated = true
      nodes.push({ key: '…', omitted: `${entries.length - index} more` })
      break
    }
    budget.nodes--
    nodes.push(node(key.slice(0, TREE_VALUE_MAX), child, depth, budget))
  }
  return nodes
}

function node(key: string, value: unknown, depth: number, budget: Budget): TreeNode {
  if (Array.isArray(value) || isPlainObject(value)) {
    const size = Array.isArray(value) ? value.length : Object.keys(value).length
    if (depth >= TREE_MAX_DEPTH) {
      budget.truncated = true
      return { key, omitted: `${size} ${size === 1 ? 'entry' : 'entries'} not shown` }
    }
    return { key, children: objectNodes(value, depth + 1, budget) }
  }
  const text = leafText(value)
  return text.length > TREE_VALUE_MAX
    ? { key, value: `${text.slice(0, TREE_VALUE_MAX - 1)}…`, full: text.slice(0, TREE_FULL_VALUE_MAX) }
    : { key, value: text }
}

function leafText(value: unknown): string {
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return String(value)
  if (value === null) return 'null'
  return typeof value
}

/** Whether `value`'s JSON form fits in `max` characters (the frame protocol already bounds params at 1 MB). */
function fitsSize(value: unknown, max: number): boolean {
  try {
    const json = JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v))
    return json === undefined || json.length <= max
  } catch {
    return false
  }
}
