import { Keyring } from '@polkadot/keyring'
import type { KeyringPair } from '@polkadot/keyring/types'
import { cryptoWaitReady } from '@polkadot/util-crypto'
import { DEVNET_MNEMONIC } from '../accounts'
import { POLKADOT_DEVNET_SS58_PREFIX, polkadotDevnetAccounts } from './accounts'

/**
 * The signing key of the devnet's i-th account (`DEVNET_MNEMONIC//i`, sr25519), for tests and the
 * devnet wallets: `pair.sign(message)`, or a signer for @polkadot/api's `signAndSend(pair)`.
 * Loads @polkadot/util-crypto's WASM on first use.
 */
export async function polkadotDevnetPair(index: number): Promise<KeyringPair> {
  const account = polkadotDevnetAccounts[index]
  if (!account) throw new RangeError(`the Polkadot devnet has accounts 0 to ${polkadotDevnetAccounts.length - 1}, not ${index}`)
  await cryptoWaitReady()
  const keyring = new Keyring({ type: 'sr25519', ss58Format: POLKADOT_DEVNET_SS58_PREFIX })
  return keyring.addFromUri(`${DEVNET_MNEMONIC}${account.derivation}`)
}
