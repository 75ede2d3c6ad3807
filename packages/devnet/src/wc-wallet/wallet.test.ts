import { createServer } from 'node:net'
import { SignClient } from '@walletconnect/sign-client'
import { createPublicClient, http, parseEther, verifyTypedData, type Hex } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { devnetAccounts } from '../accounts'
import { startDevnet, type Devnet } from '../devnet'
import { startRelay, type Relay } from '../relay/server'
import { createOfflineCore, stopWalletConnectCore } from './core'
import type { ReferenceWallet } from './types'
import { createReferenceWallet } from './wallet'

const PROJECT = 'wallet-test'
const METHODS = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'eth_accounts',
  'eth_chainId',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
]

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

const TYPED_DATA = {
  domain: { name: 'Airlock', version: '1', chainId: 31337, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ],
    Mail: [
      { name: 'to', type: 'address' },
      { name: 'contents', type: 'string' },
    ],
  },
  primaryType: 'Mail',
  message: { to: '0xbBbBBBBbbBBBbbbBbbBbbbbBBbBbbbbBbBbbBBbB', contents: 'Hello, Bob!' },
} as const

describe('reference wallet on the devnet', () => {
  let devnet: Devnet
  let relay: Relay
  let dapp: Awaited<ReturnType<typeof SignClient.init>>
  let wallet: ReferenceWallet
  let topic: string
  const me = devnetAccounts[0]!.address

  beforeAll(async () => {
    // The relay takes its port first: started beside the devnet, its port 0 could be one freePort just gave anvil.
    relay = await startRelay({ port: 0 })
    devnet = await startDevnet({ ports: [await freePort(), await freePort()], contracts: false })
    dapp = await SignClient.init({
      core: createOfflineCore({ relayUrl: relay.url, projectId: PROJECT, name: 'wallet-test-dapp' }),
      metadata: { name: 'Wallet test dapp', description: 'vitest', url: 'http://dapp.localhost', icons: [] },
      logger: 'silent',
    })
    wallet = await createReferenceWallet({
      relayUrl: relay.url,
      projectId: PROJECT,
      rpcUrls: Object.fromEntries(devnet.chains.map((c) => [c.chainId, c.rpcUrl])),
    })
    const { uri, approval } = await dapp.connect({
      optionalNamespaces: { eip155: { chains: ['eip155:31337'], methods: METHODS, events: ['chainChanged', 'accountsChanged'] } },
    })
    await wallet.pair(uri!)
    topic = (await approval()).topic
  })

  afterAll(async () => {
    await wallet?.stop()
    if (dapp) await stopWalletConnectCore(dapp.core)
    await Promise.all([relay?.stop(), devnet?.stop()])
  })

  const request = <T = unknown>(method: string, params: unknown[], chainId = 'eip155:31337') =>
    dapp.request<T>({ topic, chainId, request: { method, params } })

  it('answers eth_accounts and eth_chainId from the session', async () => {
    expect(await request('eth_accounts', [])).toEqual([me])
    expect(await request('eth_chainId', [])).toBe('0x7a69')
  })

  it('signs eth_signTypedData_v4', async () => {
    const signature = await request<Hex>('eth_signTypedData_v4', [me, JSON.stringify(TYPED_DATA)])
    const { domain, types, primaryType, message } = TYPED_DATA
    expect(await verifyTypedData({ address: me, domain, types: { Mail: types.Mail }, primaryType, message, signature })).toBe(true)
  })

  it('sends a transaction to the devnet chain of the request', async () => {
    const to = devnetAccounts[5]!.address
    const hash = await request<Hex>('eth_sendTransaction', [{ from: me, to, value: '0x' + parseEther('1.5').toString(16) }])
    const chain = createPublicClient({ transport: http(devnet.chains[0]!.rpcUrl) })
    const receipt = await chain.waitForTransactionReceipt({ hash, pollingInterval: 20 })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(me.toLowerCase())
  })

  it('wallet_switchEthereumChain to a chain outside the session adds it, emits chainChanged, and sends there', async () => {
    const changed = new Promise<string>((resolve) => dapp.on('session_event', ({ params }) => resolve(params.chainId)))
    expect(await request('wallet_switchEthereumChain', [{ chainId: '0x7a6a' }])).toBeNull()
    expect(await changed).toBe('eip155:31338')
    expect(dapp.session.get(topic).namespaces.eip155?.chains).toEqual(['eip155:31337', 'eip155:31338'])
    expect(wallet.sessions()[0]?.chainId).toBe(31338)

    const hash = await request<Hex>('eth_sendTransaction', [{ from: me, to: devnetAccounts[6]!.address, value: '0x1' }], 'eip155:31338')
    const chain2 = createPublicClient({ transport: http(devnet.chains[1]!.rpcUrl) })
    expect((await chain2.waitForTransactionReceipt({ hash, pollingInterval: 20 })).status).toBe('success')
  })

  it('wallet_switchEthereumChain to an unknown chain is 4902; wallet_addEthereumChain adds it', async () => {
    await expect(request('wallet_switchEthereumChain', [{ chainId: '0x7a6b' }])).rejects.toMatchObject({ code: 4902 })
    const params = [
      {
        chainId: '0x7a6b',
        chainName: 'Third',
        rpcUrls: [devnet.chains[0]!.rpcUrl],
        nativeCurrency: { name: 'E', symbol: 'E', decimals: 18 },
      },
    ]
    expect(await request('wallet_addEthereumChain', params)).toBeNull()
    expect(wallet.knownChains()).toContain(31339)
    expect(dapp.session.get(topic).namespaces.eip155?.chains).toContain('eip155:31339')
  })

  it('refuses a request for an account it did not expose (4100)', async () => {
    await expect(request('personal_sign', ['0x68690a', devnetAccounts[2]!.address])).rejects.toMatchObject({ code: 4100 })
  })
})
