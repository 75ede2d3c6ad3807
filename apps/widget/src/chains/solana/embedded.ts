import type { EmbeddedSigning } from '../types'

/**
 * What the secure frame signs on solana. Every request is shown: the frame checks a Solana
 * request itself before showing it, on the network the request names.
 */
export const solanaEmbedded: EmbeddedSigning = {
  signingMethods: new Set(['solana_signMessage', 'solana_signTransaction', 'solana_signAndSendTransaction']),
  request: (wallet, { params }) =>
    wallet.confirm(
      () => params,
      (checked, frame) => frame(checked),
    ),
}
