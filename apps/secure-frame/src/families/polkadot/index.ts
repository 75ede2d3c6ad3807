import type { FrameFamily } from '../types'

/**
 * Polkadot out of the frame's first load: the ed25519 key (derive.ts) loads when a wallet opens,
 * the payload checks with the first Polkadot request. The account's `address` is its Polkadot
 * Asset Hub one; `networks` names it on each network in that network's SS58 format, for getUser.
 * The frame reaches no Polkadot node: it signs, the widget submits.
 */
export const polkadotFamily: FrameFamily = {
  namespace: 'polkadot',
  methods: ['polkadot_signMessage', 'polkadot_signTransaction'],
  async open(bip39Seed, index) {
    const { polkadotDeriver } = await import('./derive')
    const account = polkadotDeriver.derive(bip39Seed, index)
    return {
      namespace: 'polkadot',
      address: account.address,
      networks: account.addresses,
      async prepare(request, { chainId }) {
        const { preparePolkadotRequest } = await import('./prepare')
        return preparePolkadotRequest(account, request, request.chainId ?? chainId)
      },
      destroy: () => account.destroy(),
    }
  },
}
