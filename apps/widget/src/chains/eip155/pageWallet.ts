import { parseChainId } from '@airlock/chains'
import { EvmAddress, ProviderRpcError, RpcErrorCode } from '@airlock/protocol'
import { withTimeout } from '../../core/async'
import type { ConnectedNamespace } from '../../core/session/session'
import type { PageCall, PageWallet } from '../types'

/** An EIP-1193 wallet of the dapp page (EIP-6963, window.ethereum, or one the dapp passed). */

export function parseAccounts(value: unknown): `0x${string}`[] {
  if (!Array.isArray(value) || !value.every((account) => EvmAddress.safeParse(account).success)) {
    throw new ProviderRpcError(RpcErrorCode.InternalError, 'The wallet returned malformed accounts')
  }
  return value as `0x${string}`[]
}

async function connected(call: PageCall, method: 'eth_requestAccounts' | 'eth_accounts'): Promise<ConnectedNamespace | undefined> {
  const addresses = parseAccounts(await call(method))
  if (addresses.length === 0) return undefined
  const chainId = parseChainId(await call('eth_chainId'))
  if (chainId === undefined) throw new ProviderRpcError(RpcErrorCode.InternalError, 'The wallet returned a malformed chain id')
  return { namespace: 'eip155', addresses, caipNetworkId: `eip155:${chainId}` }
}

/**
 * A disconnect's revoke still on its way, by connector. The next connect to that wallet waits for it
 * (at most REVOKE_WAIT_MS): a slow wallet may answer out of order, and a revoke landing after the new
 * eth_requestAccounts would take back the grant the dapp was just told of (its next request: 4100).
 */
const revoking = new Map<string, Promise<unknown>>()
const REVOKE_WAIT_MS = 2000

export const eip155PageWallet: PageWallet = {
  async connect(call, description) {
    await revoking.get(description.id)
    const accounts = await connected(call, 'eth_requestAccounts')
    if (!accounts) throw new ProviderRpcError(RpcErrorCode.Unauthorized, 'The wallet returned no accounts')
    return accounts
  },
  // eth_accounts never prompts.
  reconnect: (call) => connected(call, 'eth_accounts'),
  request: (call, { method, params }) => call(method, params),
  // Best-effort: many wallets answer 4200, and a hung wallet must not keep the dapp connected.
  // Its accountsChanged([]) echo arrives after the session is gone.
  async disconnect(call, description) {
    const revoke = withTimeout(call('wallet_revokePermissions', [{ eth_accounts: {} }]), REVOKE_WAIT_MS, () => new Error('timeout'))
      .catch(() => {})
      .finally(() => revoking.get(description.id) === revoke && revoking.delete(description.id))
    revoking.set(description.id, revoke)
  },
  readEvent(event, data) {
    switch (event) {
      case 'accountsChanged': {
        let addresses: `0x${string}`[]
        try {
          addresses = parseAccounts(data)
        } catch {
          return undefined
        }
        return addresses.length === 0 ? { disconnected: true } : { addresses }
      }
      case 'chainChanged': {
        const chainId = parseChainId(data)
        return chainId === undefined ? undefined : { caipNetworkId: `eip155:${chainId}` }
      }
      case 'disconnect':
        return { disconnected: true }
      default:
        return undefined
    }
  },
}
