import { ProviderRpcError, RpcErrorCode } from '@airlock/protocol'
import type { FrameFamily } from '../types'
import { solanaClusterOf, SolanaClusterMessage } from './cluster'
import type { SolanaSender } from './sender'

/** What Solana requests are given by the frame (main.ts; fakes in tests). */
export interface SolanaServices {
  /** Sends what solana_signAndSendTransaction signed (sender.ts). */
  solana: SolanaSender
}

/**
 * Solana out of the frame's first load: ed25519 loads when a wallet opens (the frame's first job is
 * to say ready), @solana/kit's codecs with the first Solana request (most users never make one).
 */
export const solanaFamily: FrameFamily<SolanaServices> = {
  namespace: 'solana',
  methods: ['solana_signMessage', 'solana_signTransaction', 'solana_signAllTransactions', 'solana_signAndSendTransaction'],
  async open(bip39Seed, index) {
    const { solanaDeriver } = await import('./derive')
    const account = solanaDeriver.derive(bip39Seed, index)
    return {
      namespace: 'solana',
      address: account.address,
      async prepare(request, { chainId, projectId }, { solana }) {
        const cluster = solanaClusterOf(request.chainId ?? chainId)
        if (!cluster) throw new ProviderRpcError(RpcErrorCode.InvalidParams, SolanaClusterMessage.noCluster(request.method))
        const { prepareSolanaRequest } = await import('./prepare')
        return prepareSolanaRequest(account, request, cluster, (transaction, sendOptions) =>
          solana.sendTransaction({ cluster, projectId, transaction, sendOptions }),
        )
      },
      destroy: () => account.destroy(),
    }
  },
}
