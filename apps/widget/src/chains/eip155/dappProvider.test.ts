import { ProviderRpcError } from '@airlock/protocol'
import { describe, expect, it, vi } from 'vitest'
import { createEip155DappProvider } from './dappProvider'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
/** Without a wallet, the provider's network is the one the widget shows. */
const disconnected = undefined
const connected = { addresses: [ADDRESS], caipNetworkId: 'eip155:31337' }

function setup(connection: typeof connected | undefined) {
  const deps = {
    connection: () => connection,
    networks: () => ({ active: 'eip155:1', requested: ['eip155:1', 'eip155:31337'] }),
    walletRequest: vi.fn(async () => 'from-wallet'),
    proxyRequest: vi.fn(async () => 'from-proxy'),
    requestAccounts: vi.fn(async () => [ADDRESS]),
    awaitConnection: vi.fn(async (): Promise<unknown> => {
      throw new ProviderRpcError(4100)
    }),
  }
  return { deps, request: createEip155DappProvider(deps) }
}

const rejection = (promise: Promise<unknown>) =>
  promise.then(
    () => expect.unreachable(),
    (error: ProviderRpcError) => error,
  )

describe('the dapp provider', () => {
  it('rejects unsupported methods with 4200 without asking anyone', async () => {
    const { deps, request } = setup(connected)
    const error = await rejection(request({ method: 'eth_coinbase' }))
    expect(error.code).toBe(4200)
    expect(deps.walletRequest).not.toHaveBeenCalled()
    expect(deps.proxyRequest).not.toHaveBeenCalled()
  })

  it('answers eth_accounts from state', async () => {
    expect(await setup(disconnected).request({ method: 'eth_accounts' })).toEqual([])
    expect(await setup(connected).request({ method: 'eth_accounts' })).toEqual([ADDRESS])
  })

  it('answers eth_chainId from state in hex', async () => {
    expect(await setup(disconnected).request({ method: 'eth_chainId' })).toBe('0x1')
    expect(await setup(connected).request({ method: 'eth_chainId' })).toBe('0x7a69')
  })

  it('eth_requestAccounts waits for a connection when disconnected, answers from state when connected', async () => {
    const off = setup(disconnected)
    expect(await off.request({ method: 'eth_requestAccounts' })).toEqual([ADDRESS])
    expect(off.deps.requestAccounts).toHaveBeenCalledOnce()
    const on = setup(connected)
    expect(await on.request({ method: 'eth_requestAccounts' })).toEqual([ADDRESS])
    expect(on.deps.requestAccounts).not.toHaveBeenCalled()
  })

  it('rejects wallet methods as the wait for a connection does when disconnected (4100 with nothing in progress)', async () => {
    const { deps, request } = setup(disconnected)
    const error = await rejection(request({ method: 'personal_sign', params: ['0x00', ADDRESS] }))
    expect(error.code).toBe(4100)
    expect(deps.proxyRequest).not.toHaveBeenCalled()
    expect(deps.walletRequest).not.toHaveBeenCalled()
  })

  it('sends a wallet method to the wallet once a connection in progress lands', async () => {
    const { deps, request } = setup(disconnected)
    deps.awaitConnection.mockResolvedValueOnce(undefined)
    expect(await request({ method: 'personal_sign', params: ['0x00', ADDRESS] })).toBe('from-wallet')
    expect(deps.walletRequest).toHaveBeenCalledWith('personal_sign', ['0x00', ADDRESS])
  })

  it('sends read-only methods to the RPC proxy of the active network when disconnected', async () => {
    const { deps, request } = setup(disconnected)
    expect(await request({ method: 'eth_blockNumber', params: [] })).toBe('from-proxy')
    expect(deps.proxyRequest).toHaveBeenCalledWith('eip155:1', 'eth_blockNumber', [])
  })

  it('sends everything else to the connected wallet, reads included', async () => {
    const { deps, request } = setup(connected)
    expect(await request({ method: 'eth_getBalance', params: [ADDRESS, 'latest'] })).toBe('from-wallet')
    expect(await request({ method: 'personal_sign', params: ['0x00', ADDRESS] })).toBe('from-wallet')
    expect(deps.walletRequest).toHaveBeenCalledWith('personal_sign', ['0x00', ADDRESS])
    expect(deps.proxyRequest).not.toHaveBeenCalled()
  })

  it.each(['wallet_getCapabilities', 'wallet_sendCalls', 'wallet_getCallsStatus', 'wallet_showCallsStatus'])(
    'EIP-5792: %s goes to the connected wallet as the dapp sent it (a page or WalletConnect wallet that has batches answers it)',
    async (method) => {
      const { deps, request } = setup(connected)
      const params = [{ version: '2.0.0', chainId: '0x7a69', atomicRequired: true, calls: [{ to: ADDRESS }] }]
      expect(await request({ method, params })).toBe('from-wallet')
      expect(deps.walletRequest).toHaveBeenCalledWith(method, params)
      expect(deps.proxyRequest).not.toHaveBeenCalled()
    },
  )

  it("passes the wallet's error through", async () => {
    const { deps, request } = setup(connected)
    deps.walletRequest.mockRejectedValueOnce(new ProviderRpcError(4001))
    expect((await rejection(request({ method: 'eth_sendTransaction', params: [{}] }))).code).toBe(4001)
  })

  it("without a wallet, reads the widget's eip155 network, else the dapp's first eip155 one, else mainnet", async () => {
    const chainIdWith = (active: string, requested: string[]) =>
      createEip155DappProvider({ ...setup(disconnected).deps, networks: () => ({ active, requested }) })({ method: 'eth_chainId' })
    expect(await chainIdWith('eip155:10', ['eip155:1'])).toBe('0xa')
    expect(await chainIdWith('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'eip155:8453'])).toBe(
      '0x2105',
    )
    expect(await chainIdWith('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', [])).toBe('0x1')
  })
})
