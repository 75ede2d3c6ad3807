import { parseEther, toHex, verifyMessage, verifyTypedData, type Hex } from 'viem'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { devnetAccounts } from '../accounts'
import { startDevnet, type Devnet } from '../devnet'
import { createDevnetWallet, ProviderRpcError, type DevnetWalletProvider } from './provider'

// Ports reserved for this file.
const PORTS = [18655, 18656] as const
const [acc0, acc1] = [devnetAccounts[0]!, devnetAccounts[1]!]

let devnet: Devnet
let wallet: DevnetWalletProvider
let events: [string, unknown][]

beforeAll(async () => {
  devnet = await startDevnet({ ports: PORTS })
})
afterAll(() => devnet?.stop())

beforeEach(() => {
  wallet = createDevnetWallet({
    accounts: [acc0.privateKey, acc1.privateKey],
    chains: { 31337: devnet.chains[0]!.rpcUrl, 31338: devnet.chains[1]!.rpcUrl },
    defaultChainId: 31337,
  })
  events = []
  for (const name of ['connect', 'accountsChanged', 'chainChanged', 'disconnect']) {
    wallet.on(name, (data: unknown) => events.push([name, data]))
  }
})

const req = (method: string, params?: unknown[]) => wallet.request({ method, params })
const connect = () => req('eth_requestAccounts')
const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => {
      throw new Error('expected the request to reject')
    },
    (err: unknown) => err as ProviderRpcError,
  )
const freshAddress = (): Hex => toHex(crypto.getRandomValues(new Uint8Array(20)))

// anvil's automine commits the block just after eth_sendRawTransaction answers, so poll briefly.
async function receiptOf(hash: Hex): Promise<{ status: Hex; from: string; to: string }> {
  for (const deadline = Date.now() + 5000; Date.now() < deadline; await new Promise((r) => setTimeout(r, 10))) {
    const receipt = await req('eth_getTransactionReceipt', [hash])
    if (receipt) return receipt as { status: Hex; from: string; to: string }
  }
  throw new Error(`no receipt for ${hash}`)
}

const typedData = {
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ],
    Person: [
      { name: 'name', type: 'string' },
      { name: 'wallet', type: 'address' },
    ],
    Mail: [
      { name: 'from', type: 'Person' },
      { name: 'to', type: 'Person' },
      { name: 'contents', type: 'string' },
    ],
  },
  primaryType: 'Mail',
  domain: { name: 'Ether Mail', version: '1', chainId: 31337, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
  message: {
    from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' },
    to: { name: 'Bob', wallet: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB' },
    contents: 'Hello, Bob!',
  },
} as const

describe('connection', () => {
  it('exposes no accounts until eth_requestAccounts, then the selected one', async () => {
    expect(wallet.isDevnetWallet).toBe(true)
    expect(await req('eth_accounts')).toEqual([])
    expect(await connect()).toEqual([acc0.address])
    expect(await req('eth_accounts')).toEqual([acc0.address])
    expect(events).toEqual([
      ['connect', { chainId: '0x7a69' }],
      ['accountsChanged', [acc0.address]],
    ])
    await connect()
    expect(events).toHaveLength(2)
  })

  it('answers chain id and net_version locally', async () => {
    expect(await req('eth_chainId')).toBe('0x7a69')
    expect(await req('net_version')).toBe('31337')
  })

  it('disconnects on wallet_revokePermissions', async () => {
    await connect()
    expect(await req('wallet_getPermissions')).toMatchObject([{ parentCapability: 'eth_accounts' }])
    expect(await req('wallet_revokePermissions', [{ eth_accounts: {} }])).toBeNull()
    expect(events.at(-1)).toEqual(['accountsChanged', []])
    expect(await req('eth_accounts')).toEqual([])
    expect((await rejection(req('personal_sign', ['0x68', acc0.address]))).code).toBe(4100)
  })

  it('remembers the connected site across reloads, like an extension', async () => {
    let remembered = false
    const sitePermission = { load: () => remembered, save: (connected: boolean) => void (remembered = connected) }
    const make = () =>
      createDevnetWallet({
        accounts: [acc0.privateKey],
        chains: { 31337: devnet.chains[0]!.rpcUrl },
        defaultChainId: 31337,
        sitePermission,
      })
    const first = make()
    await first.request({ method: 'eth_requestAccounts' })
    expect(remembered).toBe(true)
    const afterReload = make()
    expect(await afterReload.request({ method: 'eth_accounts' })).toEqual([acc0.address])
    await afterReload.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] })
    expect(remembered).toBe(false)
    expect(await make().request({ method: 'eth_accounts' })).toEqual([])
  })

  it('switches accounts on demand and removes listeners', async () => {
    await connect()
    wallet.devnet.switchAccount(1)
    expect(events.at(-1)).toEqual(['accountsChanged', [acc1.address]])
    expect(await req('eth_accounts')).toEqual([acc1.address])
    expect(() => wallet.devnet.switchAccount(2)).toThrow(RangeError)

    const seen: unknown[] = []
    const listener = (data: unknown) => seen.push(data)
    wallet.on('message', listener)
    wallet.devnet.emit('message', { type: 'eth_subscription', data: 1 })
    wallet.removeListener('message', listener)
    wallet.devnet.emit('message', { type: 'eth_subscription', data: 2 })
    expect(seen).toEqual([{ type: 'eth_subscription', data: 1 }])
  })
})

describe('signing', () => {
  it('personal_sign signs hex and text messages verifiably', async () => {
    await connect()
    const hexMessage = toHex('hello airlock')
    const signature = (await req('personal_sign', [hexMessage, acc0.address])) as Hex
    expect(await verifyMessage({ address: acc0.address, message: { raw: hexMessage }, signature })).toBe(true)
    expect(await verifyMessage({ address: acc0.address, message: 'hello airlock', signature })).toBe(true)

    const textSignature = (await req('personal_sign', ['plain text', acc0.address.toLowerCase()])) as Hex
    expect(await verifyMessage({ address: acc0.address, message: 'plain text', signature: textSignature })).toBe(true)
  })

  it('eth_signTypedData_v4 signs typed data verifiably', async () => {
    await connect()
    const signature = (await req('eth_signTypedData_v4', [acc0.address, JSON.stringify(typedData)])) as Hex
    const { EIP712Domain: _, ...types } = typedData.types
    expect(await verifyTypedData({ ...typedData, types, address: acc0.address, signature })).toBe(true)
    expect(await verifyTypedData({ ...typedData, types, address: acc1.address, signature })).toBe(false)
    expect((await rejection(req('eth_signTypedData_v4', [acc0.address, '{not json']))).code).toBe(-32602)
  })

  it('rejects signing before connecting with 4100', async () => {
    for (const [method, params] of [
      ['personal_sign', ['0x68', acc0.address]],
      ['eth_signTypedData_v4', [acc0.address, JSON.stringify(typedData)]],
      ['eth_sendTransaction', [{ from: acc0.address, to: acc1.address, value: '0x1' }]],
    ] as const) {
      const err = await rejection(req(method, [...params]))
      expect(err).toBeInstanceOf(ProviderRpcError)
      expect(err).toBeInstanceOf(Error)
      expect(err.code).toBe(4100)
      expect(err.message).toBe('The requested method and/or account has not been authorized by the user.')
    }
  })

  it('rejects signing for an address that is not the connected one with 4100', async () => {
    await connect()
    expect((await rejection(req('personal_sign', ['0x68', acc1.address]))).code).toBe(4100)
    expect((await rejection(req('eth_sendTransaction', [{ from: acc1.address, to: acc0.address }]))).code).toBe(4100)
  })
})

describe('transactions', () => {
  it('fills, signs and broadcasts eth_sendTransaction; anvil mines it', async () => {
    await connect()
    const to = freshAddress()
    const hash = (await req('eth_sendTransaction', [{ from: acc0.address, to, value: toHex(parseEther('1.5')) }])) as Hex
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(await receiptOf(hash)).toMatchObject({ status: '0x1', from: acc0.address.toLowerCase(), to })
    expect(BigInt((await req('eth_getBalance', [to, 'latest'])) as Hex)).toBe(parseEther('1.5'))
    const tx = (await req('eth_getTransactionByHash', [hash])) as { type: Hex; chainId: Hex; gas: Hex }
    expect(tx).toMatchObject({ type: '0x2', chainId: '0x7a69' })
    // A transfer's 21000 plus the 20 % margin wallets add to the node's estimate.
    expect(BigInt(tx.gas)).toBe(25_200n)
  })

  it('honours a legacy gasPrice and sends on the currently selected chain', async () => {
    await connect()
    await req('wallet_switchEthereumChain', [{ chainId: '0x7a6a' }])
    const to = freshAddress()
    const hash = (await req('eth_sendTransaction', [{ from: acc0.address, to, value: '0x2a', gasPrice: toHex(2n * 10n ** 9n) }])) as Hex
    expect((await receiptOf(hash)).status).toBe('0x1')
    const tx = (await req('eth_getTransactionByHash', [hash])) as { type: Hex; chainId: Hex; gasPrice: Hex }
    expect(tx).toMatchObject({ type: '0x0', chainId: '0x7a6a', gasPrice: '0x77359400' })
    expect(await req('eth_getBalance', [to, 'latest'])).toBe('0x2a')
    await req('wallet_switchEthereumChain', [{ chainId: '0x7a69' }])
    expect(await req('eth_getTransactionByHash', [hash])).toBeNull()
  })

  it('gives concurrent sends distinct nonces', async () => {
    await connect()
    const to = freshAddress()
    const hashes = (await Promise.all(
      [1, 2, 3].map((v) => req('eth_sendTransaction', [{ from: acc0.address, to, value: toHex(v) }])),
    )) as Hex[]
    for (const hash of hashes) expect((await receiptOf(hash)).status).toBe('0x1')
    expect(await req('eth_getBalance', [to, 'latest'])).toBe('0x6')
  })

  it('passes JSON-RPC errors from the node through with their code', async () => {
    const err = await rejection(req('eth_fooBar'))
    expect(err).toMatchObject({ code: -32601, message: 'Method not found' })
    await connect()
    const poor = await rejection(req('eth_sendTransaction', [{ from: acc0.address, to: acc1.address, value: toHex(10n ** 30n) }]))
    expect(typeof poor.code).toBe('number')
    expect(poor.message).toMatch(/insufficient funds/i)
  })
})

describe('chains', () => {
  it('switches chain, emits chainChanged and reports the new id', async () => {
    expect(await req('wallet_switchEthereumChain', [{ chainId: '0x7a6a' }])).toBeNull()
    expect(events).toEqual([['chainChanged', '0x7a6a']])
    expect(await req('eth_chainId')).toBe('0x7a6a')
    // Forwarded reads go to the new chain's node.
    expect(await wallet.request({ method: 'eth_chainId' })).toBe('0x7a6a')
    expect(await req('net_version')).toBe('31338')
  })

  it('rejects unknown chains with 4902 and stays put', async () => {
    const err = await rejection(req('wallet_switchEthereumChain', [{ chainId: '0x1' }]))
    expect(err.code).toBe(4902)
    expect(err.message).toMatch(/^Unrecognized chain ID "0x1"/)
    expect(await req('eth_chainId')).toBe('0x7a69')
    expect(events).toEqual([])
  })

  it('adds a chain given its rpc url and switches to it', async () => {
    const bad = await rejection(req('wallet_addEthereumChain', [{ chainId: '0x1092', chainName: 'x' }]))
    expect(bad.code).toBe(-32602)
    // Same node under another id: enough to prove requests go to the added url.
    await req('wallet_addEthereumChain', [{ chainId: '0x1092', chainName: 'Extra', rpcUrls: [devnet.chains[1]!.rpcUrl] }])
    expect(await req('eth_chainId')).toBe('0x1092')
    expect(events).toEqual([['chainChanged', '0x1092']])
    expect(await req('eth_blockNumber')).toMatch(/^0x/)
    await req('wallet_switchEthereumChain', [{ chainId: '0x7a69' }])
    await req('wallet_switchEthereumChain', [{ chainId: '0x1092' }])
    expect(await req('eth_chainId')).toBe('0x1092')
  })
})

describe('test modes and unsupported methods', () => {
  it('rejectNext says no to the next requests of one method only, then signs again', async () => {
    await connect()
    wallet.devnet.rejectNext('personal_sign', 2)
    expect((await rejection(req('personal_sign', ['0x68', acc0.address]))).code).toBe(4001)
    expect(await req('eth_chainId')).toBe('0x7a69')
    expect((await rejection(req('personal_sign', ['0x68', acc0.address]))).code).toBe(4001)
    expect(await req('personal_sign', ['0x68', acc0.address])).toMatch(/^0x[0-9a-f]{130}$/)
  })

  it('reject mode answers every user-facing request with 4001', async () => {
    wallet.devnet.setMode('reject')
    const err = await rejection(connect())
    expect(err).toBeInstanceOf(ProviderRpcError)
    expect(err).toMatchObject({ code: 4001, message: 'User rejected the request.' })
    expect(await req('eth_accounts')).toEqual([])

    wallet.devnet.setMode('approve')
    await connect()
    wallet.devnet.setMode('reject')
    const nonce = await req('eth_getTransactionCount', [acc0.address, 'latest'])
    for (const [method, params] of [
      ['personal_sign', ['0x68', acc0.address]],
      ['eth_signTypedData_v4', [acc0.address, JSON.stringify(typedData)]],
      ['eth_sendTransaction', [{ from: acc0.address, to: acc1.address, value: '0x1' }]],
      ['wallet_switchEthereumChain', [{ chainId: '0x7a6a' }]],
      ['eth_requestAccounts', []],
    ] as const) {
      expect((await rejection(req(method, [...params]))).code, method).toBe(4001)
    }
    expect(await req('eth_chainId')).toBe('0x7a69')
    expect(await req('eth_getTransactionCount', [acc0.address, 'latest'])).toBe(nonce)
    expect(wallet.devnet.state()).toMatchObject({ mode: 'reject', connected: true, chainId: 31337 })
  })

  it('throw mode rejects with a plain, non-EIP-1193 error', async () => {
    wallet.devnet.setMode('throw')
    const err = await rejection(connect())
    expect(err).not.toBeInstanceOf(ProviderRpcError)
    expect(err).toBeInstanceOf(Error)
    expect(err.message).toBe('Devnet wallet crashed')
    expect('code' in err).toBe(false)
  })

  it('hang mode never settles user-facing requests but still answers reads', async () => {
    wallet.devnet.setMode('hang')
    let settled = false
    void connect().finally(() => (settled = true))
    await new Promise((r) => setTimeout(r, 150))
    expect(settled).toBe(false)
    expect(await req('eth_chainId')).toBe('0x7a69')
    expect(() => wallet.devnet.setMode('explode' as never)).toThrow(/Unknown devnet wallet mode/)
  })

  it('rejects unknown non-eth methods and unimplemented signing methods with 4200', async () => {
    for (const method of ['foo_bar', 'wallet_doSomething', 'eth_sign', 'eth_signTransaction']) {
      const err = await rejection(req(method))
      expect(err, method).toMatchObject({ code: 4200, message: 'The Provider does not support the requested method.' })
    }
    expect((await rejection(wallet.request(undefined as never))).code).toBe(-32600)
  })
})
