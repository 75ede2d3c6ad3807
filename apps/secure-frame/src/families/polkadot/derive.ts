import { ed25519 } from '@noble/curves/ed25519'
import { polkadotAddressOn } from '@airlock/chains/polkadot'
import { wipe } from '../../custody/wipe'
import { assertAccountIndex, type AccountDeriver, type DerivedAccount } from '../../custody/derive'
import { ledgerEd25519Seed } from './ledger'
import { POLKADOT_MAIN, POLKADOT_NETWORKS, type PolkadotNetworkId } from './network'

/**
 * The i-th Polkadot account: ed25519 at `m/44'/354'/i'/0'/0'` by the Ledger Polkadot app's
 * derivation (ledger.ts), one key on every network, named in each network's SS58 format.
 * `address` is Polkadot Asset Hub's (prefix 0); `addresses` names it per network by CAIP-2 id.
 */
export interface PolkadotAccount extends DerivedAccount {
  readonly namespace: 'polkadot'
  /** Raw 32-byte ed25519 public key (the AccountId32). */
  readonly publicKey: Uint8Array
  readonly addresses: Readonly<Record<PolkadotNetworkId, string>>
  /** Ed25519 signature (64 bytes) over the bytes as given. Use through sign.ts. */
  signBytes(message: Uint8Array): Uint8Array
}

/** SLIP-44 coin type 354: Polkadot's, which the Ledger app uses on every network it serves. */
const POLKADOT_COIN_TYPE = 354

export const polkadotDeriver: AccountDeriver<PolkadotAccount> = {
  namespace: 'polkadot',
  path: (index) => {
    assertAccountIndex(index)
    return `m/44'/${POLKADOT_COIN_TYPE}'/${index}'/0'/0'`
  },
  derive(bip39Seed, index) {
    const path = polkadotDeriver.path(index)
    const secret = ledgerEd25519Seed(bip39Seed, [44, POLKADOT_COIN_TYPE, index, 0, 0])
    const publicKey = ed25519.getPublicKey(secret)
    let alive = true
    return {
      namespace: 'polkadot',
      index,
      path,
      address: polkadotAddressOn(publicKey, POLKADOT_MAIN.id),
      publicKey,
      addresses: Object.fromEntries(POLKADOT_NETWORKS.map((network) => [network.id, polkadotAddressOn(publicKey, network.id)])),
      signBytes(message) {
        if (!alive) throw new Error('account destroyed')
        return ed25519.sign(message, secret)
      },
      destroy() {
        alive = false
        wipe(secret)
      },
    }
  },
}
