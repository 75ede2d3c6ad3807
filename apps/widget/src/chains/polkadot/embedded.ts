import { ProviderRpcError, RpcErrorCode, type PolkadotResult } from '@airlock/protocol'
import type { EmbeddedRequest, EmbeddedSigning, EmbeddedWallet } from '../types'
import { sameAccount } from './address'
import { isPolkadot } from './networks'
import { checkParams, checkResult } from './rpc'
import { otherAccountError } from '../rpcChecks'

/**
 * WalletConnect's polkadot_* RPC to the embedded wallet: its ed25519 account on the connection's
 * network (FrameUser.addresses.polkadot). The account comes from the connection; a message or a
 * payload naming it is checked here, then shown and signed by the secure frame, which decodes the
 * payload for its confirmation and checks it again. The frame reaches no node: a signed transfer
 * is submitted by whoever asked (the Send form through the API).
 */

/** A signing request of the connection's account, with the account written as the frame writes it (the payload's too). */
function ownRequest(method: 'polkadot_signMessage' | 'polkadot_signTransaction', params: unknown, address: string) {
  const checked = checkParams(method, params)
  if (!sameAccount(checked.address, address)) throw otherAccountError()
  if ('transactionPayload' in checked) {
    if (!sameAccount(checked.transactionPayload.address, address)) throw otherAccountError()
    return { ...checked, address, transactionPayload: { ...checked.transactionPayload, address } }
  }
  return { ...checked, address }
}

async function polkadotEmbeddedRequest(
  wallet: EmbeddedWallet,
  { caipNetworkId, address, method, params }: EmbeddedRequest,
): Promise<unknown> {
  if (!isPolkadot(caipNetworkId)) throw new ProviderRpcError(RpcErrorCode.Disconnected, 'The embedded wallet is not connected')
  switch (method) {
    case 'polkadot_accounts':
    case 'polkadot_requestAccounts':
      return [{ address, type: 'ed25519' }] satisfies PolkadotResult<'polkadot_accounts'>
    case 'polkadot_signMessage':
    case 'polkadot_signTransaction':
      return wallet.confirm(
        () => ownRequest(method, params, address),
        async (checked, frame) => checkResult(method, await frame(checked, caipNetworkId), 'The secure frame'),
      )
    default:
      throw wallet.notAllowed()
  }
}

/** What the secure frame signs on polkadot (its families/polkadot): `<Bytes>`-wrapped messages and transaction payloads. */
export const polkadotEmbedded: EmbeddedSigning = {
  signingMethods: new Set(['polkadot_signMessage', 'polkadot_signTransaction']),
  request: polkadotEmbeddedRequest,
}
