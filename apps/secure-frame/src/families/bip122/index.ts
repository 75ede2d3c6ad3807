import type { FrameFamily } from '../types'

/**
 * Bitcoin out of the frame's first load: the BIP-84 keys load when a wallet opens, bitcoinjs with
 * the first Bitcoin request (prepare.ts, which also refuses a chain id that is no Bitcoin network of
 * this wallet). The account's `address` is its Bitcoin (mainnet) one; `networks` names it on
 * each network (coin type 1 and another prefix on the test networks), for getUser.
 */
export const bip122Family: FrameFamily = {
  namespace: 'bip122',
  methods: ['signMessage', 'signPsbt'],
  async open(bip39Seed, index) {
    const { bitcoinDeriver } = await import('./derive')
    const account = bitcoinDeriver.derive(bip39Seed, index)
    return {
      namespace: 'bip122',
      address: account.address,
      networks: account.addresses,
      async prepare(request, { chainId }) {
        const { prepareBitcoinRequest } = await import('./prepare')
        return prepareBitcoinRequest(account, request, request.chainId ?? chainId)
      },
      destroy: () => account.destroy(),
    }
  },
}
