import { isHex, toHex, type Hex, type TypedDataDefinition } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { ProviderRpcError, rpcError } from './errors'
import { checkMode, confirm, type DevnetWalletMode } from './modes'
import { rpcCall } from './rpc'
import { DEVNET_WALLET_NAME, DEVNET_WALLET_RDNS } from './listing'
import { sendTransaction, type TransactionRequestJson } from './transaction'

export { ProviderRpcError } from './errors'

export type { DevnetWalletMode } from './modes'

export interface DevnetWalletConfig {
  /** Private keys; the first one is selected. */
  accounts: readonly Hex[]
  /** RPC url per chain id. */
  chains: Readonly<Record<number, string>>
  defaultChainId: number
  name?: string
  rdns?: string
  /** Where the wallet remembers that this site is connected, as an extension does across reloads. */
  sitePermission?: { load(): boolean; save(connected: boolean): void }
}

export interface RequestArguments {
  method: string
  params?: readonly unknown[] | object
}

// any: callers register typed listeners such as (accounts: string[]) => void.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Listener = (...args: any[]) => void

export interface DevnetWalletState {
  mode: DevnetWalletMode
  connected: boolean
  chainId: number
  account: Hex
}

export interface DevnetWalletControls {
  readonly name: string
  readonly rdns: string
  /** How user-facing requests (connect, sign, send, switch/add chain) are answered. */
  setMode(mode: DevnetWalletMode): void
  /** The user says no (4001) to the next `count` requests of `method`, whatever the mode. */
  rejectNext(method: string, count?: number): void
  /** Fires an arbitrary provider event at the listeners. */
  emit(event: string, ...args: unknown[]): void
  /** Selects another configured account; emits accountsChanged when connected. */
  switchAccount(index: number): void
  state(): DevnetWalletState
}

export interface DevnetWalletProvider {
  readonly isDevnetWallet: true
  request(args: RequestArguments): Promise<unknown>
  on(event: string, listener: Listener): DevnetWalletProvider
  removeListener(event: string, listener: Listener): DevnetWalletProvider
  off(event: string, listener: Listener): DevnetWalletProvider
  readonly devnet: DevnetWalletControls
}

// Signing methods we do not implement; forwarding them would let anvil sign with its own keys.
const UNSUPPORTED = new Set(['eth_sign', 'eth_signTransaction', 'eth_signTypedData', 'eth_signTypedData_v1', 'eth_signTypedData_v3'])

const invalidParams = (detail: string) => rpcError(-32602, `Invalid method parameters: ${detail}`)

function parseChainId(value: unknown): number {
  if (typeof value !== 'string' || !/^0x[0-9a-f]+$/i.test(value))
    throw invalidParams(`expected a hex chainId, got ${JSON.stringify(value)}`)
  return Number(value)
}

export function createDevnetWallet(config: DevnetWalletConfig): DevnetWalletProvider {
  const accounts = config.accounts.map((key) => privateKeyToAccount(key))
  if (accounts.length === 0) throw new Error('createDevnetWallet: at least one private key is required')
  const chains = new Map(Object.entries(config.chains).map(([id, url]) => [Number(id), url]))
  if (!chains.has(config.defaultChainId)) throw new Error(`createDevnetWallet: no rpc url for defaultChainId ${config.defaultChainId}`)

  let mode: DevnetWalletMode = 'approve'
  let connected = config.sitePermission?.load() ?? false
  let selected = 0
  let chainId = config.defaultChainId
  const listeners = new Map<string, Set<Listener>>()
  // Sends go out one at a time so concurrent requests never pick the same nonce.
  let sendQueue: Promise<unknown> = Promise.resolve()

  const account = () => accounts[selected]!
  const exposedAccounts = () => (connected ? [account().address] : [])
  const rpcUrl = () => chains.get(chainId)!

  function emit(event: string, ...args: unknown[]): void {
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        listener(...args)
      } catch (err) {
        console.error(`[devnet wallet] "${event}" listener threw`, err)
      }
    }
  }

  const prompt = () => confirm(mode)
  const rejections = new Map<string, number>()

  function authorize(address: unknown): void {
    if (!connected) throw rpcError(4100)
    if (typeof address !== 'string' || address.toLowerCase() !== account().address.toLowerCase()) throw rpcError(4100)
  }

  function connect(): void {
    if (connected) return
    connected = true
    config.sitePermission?.save(true)
    emit('connect', { chainId: toHex(chainId) })
    emit('accountsChanged', exposedAccounts())
  }

  function switchTo(id: number): void {
    if (id === chainId) return
    chainId = id
    emit('chainChanged', toHex(id))
  }

  const permissions = () =>
    connected ? [{ parentCapability: 'eth_accounts', caveats: [{ type: 'restrictReturnedAccounts', value: exposedAccounts() }] }] : []

  const handlers: Record<string, (params: readonly unknown[]) => Promise<unknown>> = {
    eth_requestAccounts: async () => {
      await prompt()
      connect()
      return exposedAccounts()
    },
    eth_accounts: async () => exposedAccounts(),
    eth_coinbase: async () => exposedAccounts()[0] ?? null,
    eth_chainId: async () => toHex(chainId),
    net_version: async () => String(chainId),

    personal_sign: async ([message, address]) => {
      authorize(address)
      if (typeof message !== 'string') throw invalidParams('personal_sign expects [message, address]')
      await prompt()
      return account().signMessage({ message: isHex(message) ? { raw: message } : message })
    },

    eth_signTypedData_v4: async ([address, data]) => {
      authorize(address)
      let typedData: TypedDataDefinition
      try {
        typedData = typeof data === 'string' ? JSON.parse(data) : (data as TypedDataDefinition)
      } catch {
        throw invalidParams('typed data is not valid JSON')
      }
      if (!typedData || typeof typedData !== 'object') throw invalidParams('eth_signTypedData_v4 expects [address, typedData]')
      await prompt()
      try {
        return await account().signTypedData(typedData)
      } catch (err) {
        throw invalidParams((err as Error).message)
      }
    },

    eth_sendTransaction: async ([tx]) => {
      if (!tx || typeof tx !== 'object') throw invalidParams('eth_sendTransaction expects [transaction]')
      const request = tx as TransactionRequestJson
      authorize(request.from ?? account().address)
      await prompt()
      const [from, url, id] = [account(), rpcUrl(), chainId]
      const sent = sendQueue.then(() => sendTransaction(from, url, id, request))
      sendQueue = sent.catch(() => undefined)
      return sent
    },

    wallet_switchEthereumChain: async ([arg]) => {
      const id = parseChainId((arg as { chainId?: unknown } | undefined)?.chainId)
      if (!chains.has(id)) {
        throw rpcError(4902, `Unrecognized chain ID "${toHex(id)}". Try adding the chain using wallet_addEthereumChain first.`)
      }
      await prompt()
      switchTo(id)
      return null
    },

    wallet_addEthereumChain: async ([arg]) => {
      const { chainId: hexId, rpcUrls } = (arg ?? {}) as { chainId?: unknown; rpcUrls?: unknown }
      const id = parseChainId(hexId)
      const url = Array.isArray(rpcUrls) ? rpcUrls[0] : undefined
      if (typeof url !== 'string' || !/^https?:\/\//.test(url)) throw invalidParams('rpcUrls must contain an http(s) url')
      await prompt()
      if (!chains.has(id)) chains.set(id, url)
      // MetaMask switches to the added chain; wagmi relies on that after a 4902.
      switchTo(id)
      return null
    },

    wallet_requestPermissions: async () => {
      await prompt()
      connect()
      return permissions()
    },
    wallet_getPermissions: async () => permissions(),
    wallet_revokePermissions: async () => {
      if (connected) {
        connected = false
        config.sitePermission?.save(false)
        emit('accountsChanged', [])
      }
      return null
    },
  }

  async function request(args: RequestArguments): Promise<unknown> {
    if (!args || typeof args !== 'object' || Array.isArray(args) || typeof args.method !== 'string') {
      throw new ProviderRpcError(-32600, 'Expected a single, non-array, object argument with a string "method".')
    }
    const { method, params } = args
    const handler = handlers[method]
    const rejected = rejections.get(method)
    if (handler && rejected) {
      rejections.set(method, rejected - 1)
      throw rpcError(4001)
    }
    if (handler) return handler(Array.isArray(params) ? params : [])
    if (method.startsWith('eth_') && !UNSUPPORTED.has(method)) return rpcCall(rpcUrl(), method, (params ?? []) as unknown[])
    throw rpcError(4200, undefined, { method })
  }

  const provider: DevnetWalletProvider = {
    isDevnetWallet: true,
    request,
    on(event, listener) {
      let set = listeners.get(event)
      if (!set) listeners.set(event, (set = new Set()))
      set.add(listener)
      return provider
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
      return provider
    },
    off: (event, listener) => provider.removeListener(event, listener),
    devnet: {
      name: config.name ?? DEVNET_WALLET_NAME,
      rdns: config.rdns ?? DEVNET_WALLET_RDNS,
      setMode(next) {
        mode = checkMode(next)
      },
      rejectNext(method, count = 1) {
        rejections.set(method, count)
      },
      emit,
      switchAccount(index) {
        if (!Number.isInteger(index) || !accounts[index])
          throw new RangeError(`No devnet wallet account at index ${index} (have ${accounts.length})`)
        if (index === selected) return
        selected = index
        if (connected) emit('accountsChanged', exposedAccounts())
      },
      state: () => ({ mode, connected, chainId, account: account().address }),
    },
  }
  return provider
}
