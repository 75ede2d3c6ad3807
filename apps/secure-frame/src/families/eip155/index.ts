import type { FrameFamily } from '../types'
import { eip155Deriver } from './derive'
import { prepareRequest, type Eip155Services } from './prepare'

export type { Eip155Services } from './prepare'

/**
 * eip155 in the frame's first load: the frame opens every wallet with its eip155 account, whose
 * address names the wallet. Methods the wallet does not serve yet are its to refuse.
 */
export const eip155Family: FrameFamily<Eip155Services> = {
  namespace: 'eip155',
  methods: [
    'personal_sign',
    'eth_signTypedData_v4',
    'eth_sendTransaction',
    'wallet_sendCalls',
    'wallet_requestExecutionPermissions',
    'wallet_revokeExecutionPermission',
    'wallet_grantPermissions',
    'wallet_revokePermissions',
    'eth_sendUserOperation',
  ],
  async open(bip39Seed, index) {
    const account = eip155Deriver.derive(bip39Seed, index)
    return {
      namespace: 'eip155',
      address: account.address,
      async prepare(request, { chainId, projectId }, { simulate, smartAccounts }) {
        if (request.method === 'wallet_sendCalls') {
          // Its code (user operations, the EntryPoint's ABI) loads with the first batch.
          const { prepareCalls } = await import('./smart-account/prepareCalls')
          return prepareCalls(account, request, { chainId, projectId }, { simulate, smartAccounts })
        }
        if (request.method === 'wallet_requestExecutionPermissions' || request.method === 'wallet_grantPermissions') {
          const { preparePermissions } = await import('./permissions/grant')
          return preparePermissions(account, request, { chainId, projectId }, { simulate, smartAccounts })
        }
        if (request.method === 'wallet_revokeExecutionPermission' || request.method === 'wallet_revokePermissions') {
          const { prepareRevoke } = await import('./permissions/revoke')
          return prepareRevoke(account, request, { chainId, projectId }, { simulate, smartAccounts })
        }
        const onChain = typeof chainId === 'number' ? chainId : undefined
        return prepareRequest(
          account,
          request,
          chainId,
          simulate && onChain !== undefined ? (transaction) => simulate({ chainId: onChain, projectId, transaction }) : undefined,
        )
      },
      destroy: () => account.destroy(),
    }
  },
}
