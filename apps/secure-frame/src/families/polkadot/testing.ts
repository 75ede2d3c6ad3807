import { polkadotAssetHub, polkadotDevnet } from '@airlock/chains'
import { polkadotDevnetAccounts } from '@airlock/devnet/polkadot/accounts'
import { DEVNET_TRANSFER_PAYLOAD } from '@airlock/devnet/wallet/polkadot-payload'
import { mnemonicToSeedEntropy, seedEntropyToBip39Seed } from '../../custody/seed'
import { polkadotDeriver } from './derive'
import { polkadotNetworkOf } from './network'

/** The devnet mnemonic's Polkadot account 0, the devnet and Polkadot Asset Hub, for the family's tests. */
export const DEVNET = polkadotNetworkOf(polkadotDevnet.caipNetworkId)!
export const ASSET_HUB = polkadotNetworkOf(polkadotAssetHub.caipNetworkId)!
export const devnetAccount = async () =>
  polkadotDeriver.derive(
    await seedEntropyToBip39Seed(mnemonicToSeedEntropy('test test test test test test test test test test test junk')),
    0,
  )

/** Someone else's account (the devnet's account 0), in the devnet's format (prefix 2). */
export const OTHER = polkadotDevnetAccounts[0]!.address
/** Who the recorded transfer pays: the devnet's account 1. */
export const RECEIVER = polkadotDevnetAccounts[1]!.address

/**
 * The devnet wallet's recorded payload (what @polkadot/api 16 hands an extension, with
 * CheckMetadataHash's mode 1 and metadataHash): balances.transferKeepAlive of 1 ROC to RECEIVER,
 * immortal, nonce 0, made for `address`.
 */
export const transferPayload = (address: string) => ({ ...DEVNET_TRANSFER_PAYLOAD, address })
