import { ed25519 } from '@noble/curves/ed25519'
import { sha256 } from '@noble/hashes/sha2'
import { base58, hex } from '@scure/base'
import {
  findAssociatedTokenPda,
  getMintEncoder,
  getMintSize,
  getTokenEncoder,
  getTokenSize,
  AccountState,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import { SYSTEM_PROGRAM_ADDRESS } from '@solana-program/system'
import { address, lamports, type Address } from '@solana/kit'
import { LiteSVM } from 'litesvm'
import { SOLANA_DEVNET_USDC_DECIMALS, SOLANA_DEVNET_USDC_MINT, solanaDevnetAccounts } from './accounts'

export const LAMPORTS_PER_SOL = 1_000_000_000n
/** What every devnet account holds at start. */
export const GENESIS_SOL = 1000n * LAMPORTS_PER_SOL
export const GENESIS_USDC = 10_000n * 10n ** BigInt(SOLANA_DEVNET_USDC_DECIMALS)
/** Transactions litesvm remembers (signature → result); also its duplicate check. */
const HISTORY_CAPACITY = 100_000n

/**
 * The faucet behind `requestAirdrop`: a plain system account whose key is
 * sha256('airlock solana devnet faucet'), so an airdrop is an ordinary signed transfer that
 * shows in the history like any other.
 */
export const FAUCET_SECRET = hex.encode(sha256(new TextEncoder().encode('airlock solana devnet faucet')))
export const FAUCET_ADDRESS = address(base58.encode(ed25519.getPublicKey(hex.decode(FAUCET_SECRET))))
const FAUCET_LAMPORTS = 1_000_000_000n * LAMPORTS_PER_SOL

export interface Genesis {
  svm: LiteSVM
  /** The associated token account of each devnet account for the USDC mint, by owner. */
  usdcAccounts: ReadonlyMap<string, Address>
}

/**
 * A fresh litesvm with the state every devnet start has: the builtins, SPL Token and the
 * Associated Token Account program, signatures verified, and written straight into the account
 * store (no transactions, like a genesis): 1000 SOL per devnet account, the USDC mint (its own
 * key is its mint authority, so whoever holds SOLANA_DEVNET_USDC_MINT_SECRET can mint more) and
 * 10,000 USDC in each account's associated token account, and the faucet.
 */
export async function createGenesis(): Promise<Genesis> {
  // Our server checks blockhashes itself: litesvm knows only the latest one, a real cluster
  // accepts any of the last 150 (see ledger.ts).
  const svm = new LiteSVM().withSigverify(true).withBlockhashCheck(false).withTransactionHistory(HISTORY_CAPACITY)
  const rentExempt = (size: number) => lamports(svm.minimumBalanceForRentExemption(BigInt(size)))
  const system = (owner: Address, balance: bigint) =>
    svm.setAccount({
      address: owner,
      lamports: lamports(balance),
      data: new Uint8Array(),
      programAddress: SYSTEM_PROGRAM_ADDRESS,
      executable: false,
      space: 0n,
    })

  system(FAUCET_ADDRESS, FAUCET_LAMPORTS)
  const mint = address(SOLANA_DEVNET_USDC_MINT)
  svm.setAccount({
    address: mint,
    lamports: rentExempt(getMintSize()),
    data: new Uint8Array(
      getMintEncoder().encode({
        mintAuthority: mint,
        supply: GENESIS_USDC * BigInt(solanaDevnetAccounts.length),
        decimals: SOLANA_DEVNET_USDC_DECIMALS,
        isInitialized: true,
        freezeAuthority: null,
      }),
    ),
    programAddress: TOKEN_PROGRAM_ADDRESS,
    executable: false,
    space: BigInt(getMintSize()),
  })
  const usdcAccounts = new Map<string, Address>()
  for (const account of solanaDevnetAccounts) {
    const owner = address(account.address)
    system(owner, GENESIS_SOL)
    const [ata] = await findAssociatedTokenPda({ owner, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
    svm.setAccount({
      address: ata,
      lamports: rentExempt(getTokenSize()),
      data: new Uint8Array(
        getTokenEncoder().encode({
          mint,
          owner,
          amount: GENESIS_USDC,
          delegate: null,
          state: AccountState.Initialized,
          isNative: null,
          delegatedAmount: 0n,
          closeAuthority: null,
        }),
      ),
      programAddress: TOKEN_PROGRAM_ADDRESS,
      executable: false,
      space: BigInt(getTokenSize()),
    })
    usdcAccounts.set(account.address, ata)
  }
  return { svm, usdcAccounts }
}
