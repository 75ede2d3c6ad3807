import { HDKey } from '@scure/bip32'
import { bytesToHex, hexToBytes, type Address, type LocalAccount } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { wipe } from '../../custody/wipe'
import { assertAccountIndex, type AccountDeriver, type DerivedAccount } from '../../custody/derive'

export interface Eip155Account extends DerivedAccount {
  readonly namespace: 'eip155'
  readonly address: Address
  /** Uncompressed SEC1 secp256k1 public key (65 bytes, 0x04 prefix). */
  readonly publicKey: Uint8Array
  /** viem local account; throws once the account is destroyed. Use through sign.ts. */
  readonly signer: LocalAccount
}

/**
 * BIP-44 `m/44'/60'/0'/0/i` over secp256k1 (@scure/bip32), the path MetaMask and most EVM wallets
 * use for their i-th account.
 *
 * viem's `privateKeyToAccount` takes the key as a hex string and keeps it in a closure: strings
 * cannot be wiped, so after `destroy()` that copy lingers until garbage collection. We drop our
 * reference to it and zero the byte copy we own.
 */
export const eip155Deriver: AccountDeriver<Eip155Account> = {
  namespace: 'eip155',
  path: (index) => {
    assertAccountIndex(index)
    return `m/44'/60'/0'/0/${index}`
  },
  derive(bip39Seed, index) {
    const path = eip155Deriver.path(index)
    const master = HDKey.fromMasterSeed(bip39Seed)
    const child = master.derive(path)
    if (!child.privateKey) throw new Error('derivation produced no private key')
    const privateKey = child.privateKey.slice()
    master.wipePrivateData()
    child.wipePrivateData()

    let signer: LocalAccount | undefined = privateKeyToAccount(bytesToHex(privateKey))
    const address = signer.address
    const publicKey = hexToBytes(signer.publicKey)
    return {
      namespace: 'eip155',
      index,
      path,
      address,
      publicKey,
      get signer() {
        if (!signer) throw new Error('account destroyed')
        return signer
      },
      destroy() {
        wipe(privateKey)
        signer = undefined
      },
    }
  },
}
