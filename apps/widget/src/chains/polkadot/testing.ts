import { createDevnetPolkadotWallet } from '@airlock/devnet/wallet/polkadot'
import { ProviderRpcError, RpcErrorCode } from '@airlock/protocol'
import type { PageCall } from '../types'

/**
 * Test parts for the polkadot adapter (its tests only): the devnet's Polkadot extension and the
 * host's side of the page boundary (what apps/host-sdk's polkadot-extensions.ts relays: enable, then
 * the Injected's accounts and signer), recording the calls.
 */
export function devnetPolkadotPage() {
  const polkadot = createDevnetPolkadotWallet()
  const calls: { method: string; params?: unknown }[] = []
  let injected: Awaited<ReturnType<typeof polkadot.extension.enable>> | undefined

  const call: PageCall = async (method, params) => {
    calls.push({ method, params })
    if (method === 'enable') {
      injected = await polkadot.extension.enable((params as { originName: string }).originName)
      return injected.accounts.get()
    }
    if (method === 'disconnect') return void (injected = undefined)
    if (!injected) throw new ProviderRpcError(RpcErrorCode.Unauthorized, 'Connect this wallet before using it')
    if (method === 'accounts.get') return injected.accounts.get()
    if (method === 'signer.signPayload') return injected.signer.signPayload(params as never)
    if (method === 'signer.signRaw') return injected.signer.signRaw(params as never)
    throw new ProviderRpcError(RpcErrorCode.UnsupportedMethod, `This wallet does not support ${method}`)
  }
  return { polkadot, call, calls }
}
