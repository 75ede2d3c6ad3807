import { hex } from '@scure/base'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstructionAsync,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import {
  address,
  appendTransactionMessageInstructions,
  assertIsTransactionWithBlockhashLifetime,
  createKeyPairSignerFromPrivateKeyBytes,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  getSignatureFromTransaction,
  pipe,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  type Instruction,
  type KeyPairSigner,
  type Signature,
} from '@solana/kit'
import { SOLANA_DEVNET_USDC_DECIMALS, SOLANA_DEVNET_USDC_MINT, solanaDevnetAccounts } from './accounts'

/**
 * @solana/kit helpers for tests and scripts that need transactions on the Solana devnet: the
 * devnet accounts as signers, and SOL / USDC transfers sent and confirmed the way a wallet does.
 */
export interface SolanaEndpoints {
  url: string
  wsUrl: string
}

/** A new key, not one of the devnet's: its address and 32-byte ed25519 seed (hex), as the devnet wallet takes it. */
export async function newSolanaKey(): Promise<{ address: string; secretKey: string }> {
  const seed = crypto.getRandomValues(new Uint8Array(32))
  const { address } = await createKeyPairSignerFromPrivateKeyBytes(seed)
  return { address, secretKey: hex.encode(seed) }
}

/** Devnet account `index` (0-9) as a kit signer. */
export function solanaDevnetSigner(index: number): Promise<KeyPairSigner> {
  const account = solanaDevnetAccounts[index]
  if (!account) throw new RangeError(`the Solana devnet has accounts 0 to ${solanaDevnetAccounts.length - 1}, not ${index}`)
  return createKeyPairSignerFromPrivateKeyBytes(hex.decode(account.secretKey))
}

/** A transaction of `instructions` paid by `payer`, on the cluster's latest blockhash, signed by `payer` (and any signer they name), not sent. */
export async function signInstructions(
  endpoints: Pick<SolanaEndpoints, 'url'>,
  payer: KeyPairSigner,
  instructions: readonly Instruction[],
) {
  const { value: blockhash } = await createSolanaRpc(endpoints.url).getLatestBlockhash().send()
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayerSigner(payer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  const transaction = await signTransactionMessageWithSigners(message)
  assertIsTransactionWithBlockhashLifetime(transaction)
  return transaction
}

/** Signs `instructions` with `payer` (and any signer they name), sends them and waits for confirmation. */
export async function sendInstructions(
  endpoints: SolanaEndpoints,
  payer: KeyPairSigner,
  instructions: readonly Instruction[],
): Promise<Signature> {
  const transaction = await signInstructions(endpoints, payer, instructions)
  const rpc = createSolanaRpc(endpoints.url)
  const rpcSubscriptions = createSolanaRpcSubscriptions(endpoints.wsUrl)
  await sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions })(transaction, { commitment: 'confirmed' })
  return getSignatureFromTransaction(transaction)
}

/** Sends `lamports` from a signer to any address. */
export function transferSol(endpoints: SolanaEndpoints, from: KeyPairSigner, to: string, lamports: bigint): Promise<Signature> {
  return sendInstructions(endpoints, from, [getTransferSolInstruction({ source: from, destination: address(to), amount: lamports })])
}

/** Sends devnet USDC (`amount` in base units, 6 decimals) to a wallet, creating its token account when it has none. */
export async function transferUsdc(endpoints: SolanaEndpoints, from: KeyPairSigner, to: string, amount: bigint): Promise<Signature> {
  const mint = address(SOLANA_DEVNET_USDC_MINT)
  const owner = address(to)
  const [source] = await findAssociatedTokenPda({ owner: from.address, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
  const [destination] = await findAssociatedTokenPda({ owner, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS })
  return sendInstructions(endpoints, from, [
    await getCreateAssociatedTokenIdempotentInstructionAsync({ payer: from, owner, mint }),
    getTransferCheckedInstruction({ source, mint, destination, authority: from, amount, decimals: SOLANA_DEVNET_USDC_DECIMALS }),
  ])
}
