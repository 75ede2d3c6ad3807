import { polkadotMethodParams, ProviderRpcError, RpcErrorCode, type FrameChainId, type FrameRpcRequest } from '@airlock/protocol'
import { requestTools, RequestMessage, type PreparedRequest } from '../types'
import { isAddressOf } from './address'
import type { PolkadotAccount } from './derive'
import { messageBytes } from './message'
import { polkadotNetworkOf, PolkadotNetworkMessage } from './network'
import { PayloadError, readPayload, type ReadPayload } from './payload'
import { signPolkadotMessage, signPolkadotPayload } from './sign'

export const PolkadotRpcMessage = {
  otherAccount: 'The request names an account that is not this wallet',
  oddHex: 'The message is 0x-hex of an odd number of digits: it names no bytes',
} as const

/**
 * Checks a Polkadot confirmation request (WalletConnect's polkadot namespace, protocol polkadot.ts)
 * before the user is asked, and binds what will be signed. Both name this account (any SS58
 * prefix) on a network this wallet knows, the one `chainId` names. polkadot_signMessage signs
 * `<Bytes>message</Bytes>`, as extensions do. polkadot_signTransaction signs the payload only if its
 * genesis hash is that network's, every signed extension it lists is one whose bytes are known and
 * its era and metadata-hash fields hold together (payload.ts); a call the frame cannot read is
 * still shown, as its indices and bytes, with a warning. The bytes are computed here, once, from
 * the params the user is shown, which are frozen: nothing changed after this step reaches the
 * signature.
 */
export function preparePolkadotRequest(
  account: PolkadotAccount,
  request: FrameRpcRequest,
  chainId: FrameChainId | undefined,
): PreparedRequest {
  const network = polkadotNetworkOf(chainId)
  if (!network) throw new ProviderRpcError(RpcErrorCode.InvalidParams, PolkadotNetworkMessage.noNetwork(request.method))
  const { parse, prepared } = requestTools(request, { chainId: network.id, from: account.addresses[network.id]! })
  switch (request.method) {
    case 'polkadot_signMessage': {
      const params = deepFreeze(parse(polkadotMethodParams.polkadot_signMessage))
      if (!isAddressOf(params.address, account.publicKey))
        throw new ProviderRpcError(RpcErrorCode.Unauthorized, PolkadotRpcMessage.otherAccount)
      const bytes = messageBytes(params.message)
      if (!bytes) throw new ProviderRpcError(RpcErrorCode.InvalidParams, PolkadotRpcMessage.oddHex)
      return prepared(params, async () => ({ signature: signPolkadotMessage(account, bytes) }))
    }
    case 'polkadot_signTransaction': {
      const params = deepFreeze(parse(polkadotMethodParams.polkadot_signTransaction))
      const payload = params.transactionPayload
      if (!isAddressOf(params.address, account.publicKey) || !isAddressOf(payload.address, account.publicKey))
        throw new ProviderRpcError(RpcErrorCode.Unauthorized, PolkadotRpcMessage.otherAccount)
      const { signingBytes } = checked(() => readPayload(payload, network))
      return prepared(params, async () => ({ signature: signPolkadotPayload(account, signingBytes) }))
    }
    default:
      throw new ProviderRpcError(RpcErrorCode.UnsupportedMethod, RequestMessage.notSupported(request.method))
  }
}

/** The payload read, or its reason for refusal as the request's error (-32602). */
function checked(read: () => ReadPayload): ReadPayload {
  try {
    return read()
  } catch (error) {
    if (error instanceof PayloadError) throw new ProviderRpcError(RpcErrorCode.InvalidParams, error.message)
    throw error
  }
}

/** The params as shown, read-only from here on (zod's parse made them a copy of the request's). */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const field of Object.values(value)) deepFreeze(field)
    Object.freeze(value)
  }
  return value
}
