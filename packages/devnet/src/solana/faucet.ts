import { hex } from '@scure/base'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  appendTransactionMessageInstruction,
  createKeyPairSignerFromPrivateKeyBytes,
  createTransactionMessage,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Address,
} from '@solana/kit'
import { FAUCET_SECRET, LAMPORTS_PER_SOL } from './genesis'
import type { LandedTransaction, Ledger } from './ledger'
import { invalidParams } from './rpc-error'
import { decodeTransaction } from './wire'

/** requestAirdrop gives at most this much at a time (the faucet is large, not endless). */
export const MAX_AIRDROP_LAMPORTS = 1000n * LAMPORTS_PER_SOL

const faucetSigner = createKeyPairSignerFromPrivateKeyBytes(hex.decode(FAUCET_SECRET))

/** requestAirdrop: a transfer from the faucet, signed and sent like any other transaction. */
export async function airdrop(ledger: Ledger, to: Address, lamports: bigint): Promise<LandedTransaction> {
  if (lamports <= 0n || lamports > MAX_AIRDROP_LAMPORTS)
    throw invalidParams(`Invalid param: an airdrop is 1 to ${MAX_AIRDROP_LAMPORTS} lamports (1000 SOL), got ${lamports}`)
  const faucet = await faucetSigner
  const message = pipe(
    createTransactionMessage({ version: 'legacy' }),
    (m) => setTransactionMessageFeePayerSigner(faucet, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(ledger.latestBlockhash(), m),
    (m) => appendTransactionMessageInstruction(getTransferSolInstruction({ source: faucet, destination: to, amount: lamports }), m),
  )
  const signed = await signTransactionMessageWithSigners(message)
  return ledger.submit(decodeTransaction(new Uint8Array(getTransactionEncoder().encode(signed))), { skipPreflight: false })
}
