import { bitcoinRegtest } from '@airlock/chains'
import { planBitcoinTransfer, transferPsbt, type BitcoinUtxo } from '@airlock/chains/bip122'
import { mnemonicToSeedEntropy, seedEntropyToBip39Seed } from '../../custody/seed'
import { bitcoinDeriver } from './derive'
import { bitcoinNetworkOf } from './network'

/** The devnet mnemonic's account 0 on regtest (bcrt1qquv9…), for the family's tests. */
export const REGTEST = bitcoinNetworkOf(bitcoinRegtest.caipNetworkId)!
export const regtestAccount = async () =>
  bitcoinDeriver.derive(
    await seedEntropyToBip39Seed(mnemonicToSeedEntropy('test test test test test test test test test test test junk')),
    0,
  )

/** Someone else's regtest address (the devnet's account 1). */
export const OTHER = 'bcrt1qlqj2pdsteppkcr8jkp9ms0wpvey89tna8v72sj'

export const utxo = (n: number, value: bigint): BitcoinUtxo => ({ txid: n.toString(16).padStart(64, '0'), vout: n, value })

/** A transfer of `amount` sats from `from` to OTHER, planned and built as the widget's Send does (@airlock/chains/bip122). */
export function transfer(from: string, amount: bigint, utxos: BitcoinUtxo[], feeRate = 2) {
  const request = { caipNetworkId: REGTEST.id, from, to: OTHER, amount, feeRate, utxos }
  const plan = planBitcoinTransfer(request)
  return { plan, psbt: transferPsbt(request, plan) }
}
