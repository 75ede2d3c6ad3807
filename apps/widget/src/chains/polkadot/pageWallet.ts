import {
  PolkadotExtensionAccounts,
  polkadotExtensionCallResults,
  ProviderRpcError,
  RpcErrorCode,
  type ConnectorDescription,
  type PolkadotAccount,
  type PolkadotExtensionCall,
  type PolkadotExtensionResult,
  type PolkadotResult,
} from '@airlock/protocol'
import { bytesToHex } from '@noble/hashes/utils'
import type { ConnectedNamespace } from '../../core/session/session'
import type { NetworkContext, PageCall, PageWallet } from '../types'
import { parseAddressOn } from './address'
import { pickNetwork } from './networks'
import { checkParams } from './rpc'
import { checkedResult } from '../rpcChecks'

/**
 * A Polkadot extension of the dapp page (polkadot-js, Talisman, SubWallet, ...: `window.injectedWeb3`),
 * spoken to through the host's relay of protocol's POLKADOT_EXTENSION_CALLS. The widget speaks
 * WalletConnect's polkadot_* JSON-RPC to every Polkadot wallet: `request` turns each method into the
 * extension's signer call. Extensions give addresses in any SS58 format (mostly the generic 42): the
 * connection writes them in its network's.
 */

async function extension<C extends PolkadotExtensionCall>(
  call: PageCall,
  method: C,
  params?: unknown,
): Promise<PolkadotExtensionResult<C>> {
  return checkedResult(polkadotExtensionCallResults, method, await call(method, params))
}

/** The accounts' addresses on `caipNetworkId`, each once, in the extension's order. */
const addressesOn = (accounts: readonly PolkadotAccount[], caipNetworkId: string) => [
  ...new Set(
    accounts.flatMap((account) => {
      const parsed = parseAddressOn(account.address, caipNetworkId)
      return parsed.ok ? [parsed.address] : []
    }),
  ),
]

function connection(accounts: readonly PolkadotAccount[], networks: NetworkContext): ConnectedNamespace | undefined {
  const caipNetworkId = pickNetwork(networks)
  const addresses = addressesOn(accounts, caipNetworkId)
  return addresses.length > 0 ? { namespace: 'polkadot', addresses, caipNetworkId } : undefined
}

const HEX = /^0x(?:[0-9a-fA-F]{2})*$/
/** A message as polkadot_signMessage takes it (hex bytes or text) as the hex bytes signRaw takes. */
const messageBytes = (message: string) => (HEX.test(message) ? message : `0x${bytesToHex(new TextEncoder().encode(message))}`)

/** The extension's `enable`: it may ask its user, so it runs on the user's pick (and on a reload, as every Polkadot dapp does at load). */
async function enable(call: PageCall, networks: NetworkContext): Promise<ConnectedNamespace | undefined> {
  return connection(await extension(call, 'enable', { originName: networks.dappName ?? 'Airlock' }), networks)
}

export const polkadotPageWallet: PageWallet = {
  async connect(call, _description: ConnectorDescription, networks) {
    const accounts = await enable(call, networks)
    if (!accounts) throw new ProviderRpcError(RpcErrorCode.Unauthorized, 'The wallet returned no Polkadot account')
    return accounts
  },
  // An extension that authorized this site answers enable without asking again.
  reconnect: (call, _description, networks) => enable(call, networks),

  async request(call, { address, method, params }) {
    switch (method) {
      case 'polkadot_accounts':
      case 'polkadot_requestAccounts':
        return extension(call, 'accounts.get')
      case 'polkadot_signMessage': {
        const { message } = checkParams(method, params)
        const { signature } = await extension(call, 'signer.signRaw', { address, data: messageBytes(message), type: 'bytes' })
        return { signature } satisfies PolkadotResult<'polkadot_signMessage'>
      }
      case 'polkadot_signTransaction': {
        const { transactionPayload } = checkParams(method, params)
        const { signature } = await extension(call, 'signer.signPayload', { ...transactionPayload, address })
        return { signature } satisfies PolkadotResult<'polkadot_signTransaction'>
      }
      default:
        throw new ProviderRpcError(RpcErrorCode.UnsupportedMethod, `A Polkadot wallet does not support ${method.slice(0, 100)}`)
    }
  },
  // Extensions have no disconnect: the host forgets what enable gave and stops listening. Not awaited.
  async disconnect(call) {
    call('disconnect').catch(() => {})
  },
  readEvent(event, data, current) {
    if (event !== 'accountsChanged') return undefined
    const accounts = PolkadotExtensionAccounts.safeParse(data)
    if (!accounts.success) return undefined
    const addresses = addressesOn(accounts.data, current.caipNetworkId)
    return addresses.length === 0 ? { disconnected: true } : { addresses }
  },
}
