import { ProviderRpcError, RpcErrorCode } from '@airlock/protocol'
import type { EmbeddedSigning } from '../types'

/**
 * The embedded wallet holds no Bitcoin account yet: the secure frame's bip122 family (derive,
 * decode, sign) is being written. Every request is refused (4200) rather than shown and unsigned.
 */
export const bitcoinEmbedded: EmbeddedSigning = {
  signingMethods: new Set(),
  request: async (_wallet, { method }) => {
    throw new ProviderRpcError(RpcErrorCode.UnsupportedMethod, `The embedded wallet does not serve Bitcoin yet (${method.slice(0, 100)})`)
  },
}
