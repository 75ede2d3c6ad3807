import { DEVNET_CONTRACTS, DEVNET_TOKENS, uniswapV2RouterAbi } from '@airlock/devnet/contracts'
import { encodeFunctionData, erc20Abi, maxUint256, parseEther, parseUnits, toFunctionSelector, toHex, type AbiFunction } from 'viem'
import { describe, expect, it } from 'vitest'
import { DATA_DISPLAY_LIMIT, KNOWN_FUNCTIONS, signatureOf } from './calldata'
import { PARAMS_DISPLAY_LIMIT, type ApprovalInput } from '../../display/decoded'
import { MESSAGE_DISPLAY_LIMIT } from '../../display/message'
import { decodeRequest, isApprovable, type DecodedRequest } from '../views'
import { knownToken } from './tokens'
import { TREE_MAX_DEPTH, TREE_MAX_NODES, TREE_VALUE_MAX, TYPED_DATA_MAX_CHARS, type TreeNode } from './typedData'

const FROM = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const OTHER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const DEVNET = 31337

const request = (method: string, params: unknown, chainId = DEVNET): ApprovalInput => ({ method, params, chainId, from: FROM })

function expectKind<K extends DecodedRequest['kind']>(decoded: DecodedRequest, kind: K): Extract<DecodedRequest, { kind: K }> {
  expect(decoded.kind, decoded.kind === 'invalid' ? decoded.error : undefined).toBe(kind)
  return decoded as Extract<DecodedRequest, { kind: K }>
}

/** A token the frame does not know: its amounts stay in base units. */
const UNKNOWN_TOKEN = '0x1111111111111111111111111111111111111111'

describe('personal_sign', () => {
  it('shows printable UTF-8 hex as text, with the signing address', () => {
    const text = 'Sign in to Example\nNonce: 42 — ✓ 👨‍👩‍👧'
    const decoded = expectKind(decodeRequest(request('personal_sign', [toHex(text), FROM])), 'message')
    expect(decoded.message).toMatchObject({ format: 'text', display: text, truncated: false })
    expect(decoded.message.byteLength).toBe(new TextEncoder().encode(text).length)
    expect(decoded.address).toBe(FROM)
    expect(decoded.warnings).toEqual([])
    expect(decoded.network.name).toBe('Airlock Devnet')
  })

  it('shows bytes that are not UTF-8 (a hash) as hex', () => {
    const hash = '0xff00aa11bb22cc33dd44ee55ff66007788990011223344556677889900aabbcc'
    const decoded = expectKind(decodeRequest(request('personal_sign', [hash, FROM])), 'message')
    expect(decoded.message).toMatchObject({ format: 'hex', display: hash, byteLength: 32 })
  })

  it('shows valid UTF-8 with control or bidi-override characters as hex', () => {
    for (const text of ['pay\u0000ment', 'abc\u202Edef', '\u0007bell']) {
      const decoded = expectKind(decodeRequest(request('personal_sign', [toHex(text), FROM])), 'message')
      expect(decoded.message.format).toBe('hex')
    }
  })

  it('shows odd-length hex and empty 0x as hex', () => {
    expect(expectKind(decodeRequest(request('personal_sign', ['0xabc', FROM])), 'message').message.format).toBe('hex')
    expect(expectKind(decodeRequest(request('personal_sign', ['0x', FROM])), 'message').message).toMatchObject({
      format: 'hex',
      byteLength: 0,
    })
  })

  it('shows a plain string as the UTF-8 text it signs, invisible characters escaped and flagged', () => {
    const plain = expectKind(decodeRequest(request('personal_sign', ['hello world', FROM])), 'message')
    expect(plain.message).toMatchObject({ format: 'text', display: 'hello world', byteLength: 11, hasHiddenCharacters: false })
    const hidden = expectKind(decodeRequest(request('personal_sign', ['send to 0xabc\u202Efed', FROM])), 'message')
    expect(hidden.message).toMatchObject({ format: 'text', display: 'send to 0xabc\\u{202e}fed', hasHiddenCharacters: true })
  })

  it('cuts an oversized message and says so', () => {
    const long = 'a'.repeat(MESSAGE_DISPLAY_LIMIT + 500)
    const decoded = expectKind(decodeRequest(request('personal_sign', [toHex(long), FROM])), 'message')
    expect(decoded.message.display).toHaveLength(MESSAGE_DISPLAY_LIMIT)
    expect(decoded.message).toMatchObject({ truncated: true, byteLength: long.length })
  })

  it('warns when the request names another address', () => {
    const decoded = expectKind(decodeRequest(request('personal_sign', ['0x68690a', OTHER])), 'message')
    expect(decoded.warnings[0]).toContain(OTHER)
  })

  it('is invalid (reject only) without a message', () => {
    for (const params of [[], {}, [42, FROM], undefined]) {
      const decoded = decodeRequest(request('personal_sign', params))
      expect(decoded.kind).toBe('invalid')
      expect(isApprovable(decoded)).toBe(false)
    }
  })
})

const permit = {
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ],
    Permit: [
      { name: 'owner', type: 'address' },
      { name: 'spender', type: 'address' },
      { name: 'value', type: 'uint256' },
      { name: 'nonce', type: 'uint256' },
      { name: 'deadline', type: 'uint256' },
    ],
  },
  primaryType: 'Permit',
  domain: { name: 'USD Coin', version: '2', chainId: DEVNET, verifyingContract: DEVNET_CONTRACTS.usdc },
  message: { owner: FROM, spender: OTHER, value: '1000000', nonce: 0, deadline: '1900000000' },
}

const leaf = (nodes: TreeNode[], key: string) => nodes.find((n) => n.key === key)

describe('eth_signTypedData_v4', () => {
  it('shows the domain, the primary type and the message fields', () => {
    const decoded = expectKind(decodeRequest(request('eth_signTypedData_v4', [FROM, JSON.stringify(permit)])), 'typedData')
    expect(decoded.typedData.domain).toEqual({ name: 'USD Coin', version: '2', chainId: '31337', verifyingContract: DEVNET_CONTRACTS.usdc })
    expect(decoded.typedData.primaryType).toBe('Permit')
    expect(decoded.typedData.message.map((n) => [n.key, n.value])).toEqual([
      ['owner', FROM],
      ['spender', OTHER],
      ['value', '1000000'],
      ['nonce', '0'],
      ['deadline', '1900000000'],
    ])
    expect(decoded.warnings).toEqual([])
    expect(isApprovable(decoded)).toBe(true)
  })

  it('accepts the typed data as an object and a hex chain id', () => {
    const typed = { ...permit, domain: { ...permit.domain, chainId: '0x7a69' } }
    const decoded = expectKind(decodeRequest(request('eth_signTypedData_v4', [FROM, typed])), 'typedData')
    expect(decoded.typedData.domain.chainId).toBe('31337')
    expect(decoded.warnings).toEqual([])
  })

  it('warns when the domain is for another chain or the address is not the account', () => {
    const typed = { ...permit, domain: { ...permit.domain, chainId: 1 } }
    const decoded = expectKind(decodeRequest(request('eth_signTypedData_v4', [OTHER, JSON.stringify(typed)])), 'typedData')
    expect(decoded.warnings).toHaveLength(2)
    expect(decoded.warnings.join(' ')).toContain('chain 1')
  })

  it('nests objects and arrays, cuts long values and keeps the full one', () => {
    const long = 'x'.repeat(500)
    const typed = { ...permit, message: { order: { items: [{ id: 1 }, { id: 2 }], note: long } } }
    const decoded = expectKind(decodeRequest(request('eth_signTypedData_v4', [FROM, JSON.stringify(typed)])), 'typedData')
    const order = leaf(decoded.typedData.message, 'order')!
    expect(leaf(order.children!, 'items')!.children!.map((n) => n.children![0])).toEqual([
      { key: 'id', value: '1' },
      { key: 'id', value: '2' },
    ])
    const note = leaf(order.children!, 'note')!
    expect(note.value).toHaveLength(TREE_VALUE_MAX)
    expect(note.full).toBe(long)
  })

  it('bounds depth and size', () => {
    let deep: Record<string, unknown> = { end: true }
    for (let i = 0; i < 50; i++) deep = { level: deep }
    const deepDecoded = expectKind(
      decodeRequest(request('eth_signTypedData_v4', [FROM, JSON.stringify({ ...permit, message: deep })])),
      'typedData',
    )
    expect(deepDecoded.typedData.truncated).toBe(true)
    let node = deepDecoded.typedData.message[0]!
    let depth = 1
    while (node.children) {
      node = node.children[0]!
      depth++
    }
    expect(depth).toBe(TREE_MAX_DEPTH)
    expect(node.omitted).toBe('1 entry not shown')

    const wide = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`k${i}`, { a: i, b: i }]))
    const wideDecoded = expectKind(
      decodeRequest(request('eth_signTypedData_v4', [FROM, JSON.stringify({ ...permit, message: wide })])),
      'typedData',
    )
    const count = (nodes: TreeNode[]): number => nodes.reduce((n, x) => n + 1 + count(x.children ?? []), 0)
    expect(count(wideDecoded.typedData.message)).toBeLessThanOrEqual(TREE_MAX_NODES + 50)
    expect(wideDecoded.typedData.truncated).toBe(true)
  })

  it('is invalid (reject only) when malformed or oversized', () => {
    const cases: [unknown, RegExp][] = [
      ['{not json', /not valid JSON/],
      ['"a string"', /not an object/],
      [JSON.stringify({ ...permit, types: undefined }), /no types/],
      [JSON.stringify({ ...permit, primaryType: 'Order' }), /does not define its primary type Order/],
      [JSON.stringify({ ...permit, message: [1] }), /no message/],
      [JSON.stringify({ ...permit, domain: 'x' }), /domain is not an object/],
      [JSON.stringify({ ...permit, message: { blob: 'a'.repeat(TYPED_DATA_MAX_CHARS) } }), /too large/],
    ]
    for (const [typed, error] of cases) {
      const decoded = expectKind(decodeRequest(request('eth_signTypedData_v4', [FROM, typed])), 'invalid')
      expect(decoded.error).toMatch(error)
    }
    expect(decodeRequest(request('eth_signTypedData_v4', [FROM])).kind).toBe('invalid')
  })
})

const tx = (fields: Record<string, unknown>) => request('eth_sendTransaction', [{ from: FROM, ...fields }])

describe('eth_sendTransaction', () => {
  it('shows the recipient, the value in the native currency and no data', () => {
    const decoded = expectKind(decodeRequest(tx({ to: OTHER, value: toHex(parseEther('1234.5')), gas: '0x5208' })), 'transaction')
    expect(decoded.transaction).toMatchObject({ to: OTHER, valueText: '1,234.5 ETH', data: { kind: 'none' }, gas: '21000' })
    expect(decoded.network).toMatchObject({ chainId: DEVNET, name: 'Airlock Devnet' })
  })

  it('shows the filled transaction the frame signs: nonce, gas and the most its network fee can cost', () => {
    const filled = {
      to: OTHER,
      value: '0x1',
      nonce: '0x3',
      gas: '0x5208',
      maxFeePerGas: toHex(2_000_000_000n),
      maxPriorityFeePerGas: '0x1',
    }
    expect(expectKind(decodeRequest(tx(filled)), 'transaction').transaction).toMatchObject({
      nonce: '3',
      gas: '21000',
      maxFeeText: '0.000042 ETH',
    })
    const legacy = { to: OTHER, nonce: '0x0', gas: '0x5208', gasPrice: toHex(1_000_000_000n) }
    expect(expectKind(decodeRequest(tx(legacy)), 'transaction').transaction.maxFeeText).toBe('0.000021 ETH')
    expect(expectKind(decodeRequest(tx({ to: OTHER })), 'transaction').transaction.maxFeeText).toBeUndefined()
  })

  it('shows a zero or absent value as 0', () => {
    expect(expectKind(decodeRequest(tx({ to: OTHER, value: '0x0' })), 'transaction').transaction.valueText).toBe('0 ETH')
    expect(expectKind(decodeRequest(tx({ to: OTHER })), 'transaction').transaction.valueText).toBe('0 ETH')
  })

  it('shows a contract creation without a recipient', () => {
    const decoded = expectKind(decodeRequest(tx({ data: '0x6080604052' })), 'transaction')
    expect(decoded.transaction.to).toBeUndefined()
    expect(decoded.transaction.data).toMatchObject({ kind: 'raw', byteLength: 5 })
    expect(expectKind(decodeRequest(tx({ to: null, data: '0x60' })), 'transaction').transaction.to).toBeUndefined()
  })

  it('shows the value in wei on a network it does not know', () => {
    const decoded = expectKind(decodeRequest({ ...tx({ to: OTHER, value: '0x10' }), chainId: 56 }), 'transaction')
    expect(decoded.transaction.valueText).toBe('16 wei')
    expect(decoded.network.name).toBe('Chain 56')
  })

  it('decodes an ERC-20 transfer, in the token units when the token is known', () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [OTHER, parseUnits('12.5', 6)] })
    const known = expectKind(decodeRequest(tx({ to: DEVNET_CONTRACTS.usdc, data })), 'transaction')
    expect(known.transaction.data).toMatchObject({
      kind: 'call',
      functionName: 'transfer',
      signature: 'transfer(address,uint256)',
      unlimited: false,
      args: [
        { name: 'to', value: OTHER },
        { name: 'amount', value: '12500000', display: '12.5 USDC' },
      ],
    })
    const unknown = expectKind(decodeRequest(tx({ to: UNKNOWN_TOKEN, data })), 'transaction')
    expect(unknown.transaction.data).toMatchObject({ args: [{}, { name: 'amount', value: '12500000' }] })
    expect((unknown.transaction.data as { args: { display?: string }[] }).args[1]!.display).toBeUndefined()
  })

  it('flags an approve of max uint256 as Unlimited', () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [OTHER, maxUint256] })
    const decoded = expectKind(decodeRequest(tx({ to: DEVNET_CONTRACTS.usdc, data })), 'transaction')
    expect(decoded.transaction.data).toMatchObject({
      kind: 'call',
      functionName: 'approve',
      unlimited: true,
      args: [{ name: 'spender', value: OTHER }, { display: 'Unlimited' }],
    })
    const limited = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [OTHER, maxUint256 - 1n] })
    expect(expectKind(decodeRequest(tx({ to: DEVNET_CONTRACTS.usdc, data: limited })), 'transaction').transaction.data).toMatchObject({
      unlimited: false,
    })
  })

  it('decodes transferFrom', () => {
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transferFrom', args: [FROM, OTHER, 5n] })
    const decoded = expectKind(decodeRequest(tx({ to: DEVNET_CONTRACTS.usdc, data })), 'transaction')
    expect(decoded.transaction.data).toMatchObject({
      functionName: 'transferFrom',
      args: [{ value: FROM }, { value: OTHER }, { display: '0.000005 USDC' }],
    })
  })

  it('decodes the Uniswap V2 router swaps the api builds', () => {
    const path = [DEVNET_CONTRACTS.weth, DEVNET_CONTRACTS.usdc]
    const ethIn = encodeFunctionData({
      abi: uniswapV2RouterAbi,
      functionName: 'swapExactETHForTokens',
      args: [parseUnits('99', 6), path, FROM, 1900000000n],
    })
    const decoded = expectKind(
      decodeRequest(tx({ to: DEVNET_CONTRACTS.uniswapV2Router, data: ethIn, value: toHex(parseEther('0.05')) })),
      'transaction',
    )
    expect(decoded.transaction.valueText).toBe('0.05 ETH')
    expect(decoded.transaction.data).toMatchObject({
      functionName: 'swapExactETHForTokens',
      args: [
        { name: 'amountOutMin', display: '99 USDC' },
        { name: 'path', value: `${path[0]} → ${path[1]}`, display: 'WETH → USDC' },
        { name: 'to', value: FROM },
        { name: 'deadline', value: '1900000000', display: '2030-03-17T17:46:40Z' },
      ],
    })
    expect(decoded.warnings).toEqual([])

    const tokensIn = encodeFunctionData({
      abi: uniswapV2RouterAbi,
      functionName: 'swapExactTokensForETH',
      args: [parseUnits('100', 6), parseEther('0.04'), [DEVNET_CONTRACTS.usdc, DEVNET_CONTRACTS.weth], OTHER, 1900000000n],
    })
    const out = expectKind(decodeRequest(tx({ to: DEVNET_CONTRACTS.uniswapV2Router, data: tokensIn })), 'transaction')
    expect(out.transaction.data).toMatchObject({ args: [{ display: '100 USDC' }, { display: '0.04 ETH' }, {}, {}, {}] })
    expect(out.warnings.join(' ')).toContain(`pays out to ${OTHER}`)

    const tokensToTokens = encodeFunctionData({
      abi: uniswapV2RouterAbi,
      functionName: 'swapExactTokensForTokens',
      args: [1n, 2n, [DEVNET_CONTRACTS.usdc, DEVNET_CONTRACTS.weth], FROM, 1n],
    })
    expect(
      expectKind(decodeRequest(tx({ to: DEVNET_CONTRACTS.uniswapV2Router, data: tokensToTokens })), 'transaction').transaction.data,
    ).toMatchObject({
      functionName: 'swapExactTokensForTokens',
    })
  })

  it('shows an unknown selector with its byte length and the raw hex', () => {
    const data = '0xdeadbeef' + '00'.repeat(32)
    const decoded = expectKind(decodeRequest(tx({ to: OTHER, data })), 'transaction')
    expect(decoded.transaction.data).toEqual({ kind: 'raw', selector: '0xdeadbeef', byteLength: 36, hex: data, truncated: false })
    expect(expectKind(decodeRequest(tx({ to: OTHER, data: '0xabcd' })), 'transaction').transaction.data).toMatchObject({
      kind: 'raw',
      selector: undefined,
      byteLength: 2,
    })
  })

  it('shows a known selector whose arguments do not decode as raw, with a note', () => {
    const decoded = expectKind(decodeRequest(tx({ to: DEVNET_CONTRACTS.usdc, data: '0xa9059cbb1234' })), 'transaction')
    expect(decoded.transaction.data).toMatchObject({
      kind: 'raw',
      selector: '0xa9059cbb',
      note: expect.stringContaining('transfer(address,uint256)'),
    })
  })

  it('cuts oversized data for display', () => {
    const data = '0x12345678' + 'ab'.repeat(50_000)
    const decoded = expectKind(decodeRequest(tx({ to: OTHER, data })), 'transaction')
    expect(decoded.transaction.data).toMatchObject({ kind: 'raw', byteLength: 50_004, truncated: true })
    expect((decoded.transaction.data as { hex: string }).hex).toHaveLength(DATA_DISPLAY_LIMIT)
  })

  it('accepts `input` for the data and warns on another sender or chain', () => {
    const decoded = expectKind(decodeRequest(tx({ to: OTHER, input: '0x', from: OTHER, chainId: '0x1' })), 'transaction')
    expect(decoded.warnings).toHaveLength(2)
    expect(expectKind(decodeRequest(tx({ to: OTHER, chainId: '0x7a69' })), 'transaction').warnings).toEqual([])
  })

  it('is invalid (reject only) when a field is malformed', () => {
    const cases: [Record<string, unknown>, RegExp][] = [
      [{ to: '0x1234' }, /recipient/],
      [{ to: 42 }, /recipient/],
      [{ to: OTHER, value: '100' }, /value/],
      [{ to: OTHER, value: 1 }, /value/],
      [{ to: OTHER, value: `0x${'f'.repeat(65)}` }, /value/],
      [{ to: OTHER, data: '0xabc' }, /data/],
      [{ to: OTHER, data: 'hello' }, /data/],
      [{ to: OTHER, data: '0x12', input: '0x34' }, /two different data/],
      [{ to: OTHER, gas: 21000 }, /gas/],
      [{ to: OTHER, nonce: 3 }, /nonce/],
      [{ to: OTHER, gas: '0x5208', maxFeePerGas: 'lots' }, /fee/],
    ]
    for (const [fields, error] of cases) expect(expectKind(decodeRequest(tx(fields)), 'invalid').error).toMatch(error)
    expect(decodeRequest(request('eth_sendTransaction', [])).kind).toBe('invalid')
    expect(decodeRequest(request('eth_sendTransaction', ['0x'])).kind).toBe('invalid')
  })
})

describe('other methods', () => {
  it('are invalid: the frame confirms only what it signs', () => {
    const decoded = expectKind(decodeRequest(request('eth_sendUserOperation', [{ expiry: 1 }])), 'invalid')
    expect(decoded).toMatchObject({ error: 'eth_sendUserOperation cannot be confirmed here.', params: '[\n  {\n    "expiry": 1\n  }\n]' })
    expect(isApprovable(decoded)).toBe(false)
  })

  it('cut oversized params and survive params JSON cannot hold', () => {
    const decoded = expectKind(decodeRequest(request('solana_signMessage', ['x'.repeat(PARAMS_DISPLAY_LIMIT * 2)])), 'invalid')
    expect(decoded.params).toHaveLength(PARAMS_DISPLAY_LIMIT)
    expect(decoded.truncated).toBe(true)
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    expect(expectKind(decodeRequest(request('eth_sendUserOperation', [cyclic])), 'invalid').params).toContain('cannot be shown')
  })
})

describe('known tokens', () => {
  it('are the devnet tokens (spam aside) on both devnet chains, by address in any case', () => {
    for (const token of DEVNET_TOKENS.filter((t) => !t.spam)) {
      for (const chainId of [31337, 31338])
        expect(knownToken(chainId, token.address.toUpperCase().replace('0X', '0x'))).toEqual({
          symbol: token.symbol,
          decimals: token.decimals,
        })
    }
    expect(knownToken(31337, DEVNET_CONTRACTS.spam)).toBeUndefined()
    expect(knownToken(56, DEVNET_CONTRACTS.usdc)).toBeUndefined()
    expect(knownToken(31337, '__proto__')).toBeUndefined()
  })
})

describe('known selectors', () => {
  it('match the function signatures and the devnet router ABI', () => {
    for (const known of KNOWN_FUNCTIONS) expect(toFunctionSelector(`function ${signatureOf(known.abi)}`)).toBe(known.selector)
    for (const name of ['swapExactETHForTokens', 'swapExactTokensForETH', 'swapExactTokensForTokens']) {
      const item = uniswapV2RouterAbi.find((f) => f.type === 'function' && f.name === name) as AbiFunction
      expect(KNOWN_FUNCTIONS.map((k) => k.selector)).toContain(toFunctionSelector(item))
    }
  })
})
