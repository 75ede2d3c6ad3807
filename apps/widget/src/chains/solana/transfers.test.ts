import {
  SOLANA_DEVNET_USDC_DECIMALS,
  SOLANA_DEVNET_USDC_MINT,
  sendInstructions,
  solanaDevnetAccounts,
  solanaDevnetSigner,
  startSolanaDevnet,
  type SolanaDevnet,
} from '@airlock/devnet/solana'
import { RpcErrorCode } from '@airlock/protocol'
import {
  address,
  generateKeyPairSigner,
  getPublicKeyFromAddress,
  verifySignature,
  type KeyPairSigner,
  type SignatureBytes,
} from '@solana/kit'
import { getCreateAccountInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getInitializeMint2Instruction,
  getMintToInstruction,
} from '@solana-program/token'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Transfer } from '../types'
import { base58ToBytes } from './bytes'
import { solanaAdapter } from './index'
import { devnetRpc, keyWallet } from './testing'
import { TOKEN_2022_PROGRAM_ADDRESS } from './transfer'

/**
 * The transfers against the real Solana devnet (litesvm behind a JSON-RPC server): the adapter
 * builds, the test's wallet signs with a devnet key and sends, the node says what landed.
 */

let devnet: SolanaDevnet
let rpc: ReturnType<typeof devnetRpc>
let network: string
const LAMPORTS = 1_000_000_000n

beforeAll(async () => {
  devnet = await startSolanaDevnet({ port: 0 })
  network = devnet.caipNetworkId
  rpc = devnetRpc(devnet.url, network)
})
afterAll(() => devnet?.stop())

const balance = async (owner: string) => BigInt(((await rpc(network, 'getBalance', [owner])) as { value: number }).value)
const usdcOf = async (owner: string) => {
  const { value } = (await rpc(network, 'getTokenAccountsByOwner', [
    owner,
    { mint: SOLANA_DEVNET_USDC_MINT },
    { encoding: 'jsonParsed' },
  ])) as {
    value: { pubkey: string; account: { lamports: number; data: { parsed: { info: { tokenAmount: { amount: string } } } } } }[]
  }
  return value.map(({ pubkey, account }) => ({
    pubkey,
    lamports: BigInt(account.lamports),
    amount: BigInt(account.data.parsed.info.tokenAmount.amount),
  }))
}
const rentOf = async (size: number) => BigInt((await rpc(network, 'getMinimumBalanceForRentExemption', [size])) as number)
const fresh = async () => (await generateKeyPairSigner()).address as string
const usdc = (tokenAddress = SOLANA_DEVNET_USDC_MINT) => ({ address: tokenAddress, decimals: SOLANA_DEVNET_USDC_DECIMALS })

/** check, quote, send and wait, as the Send form does; the sender's SOL before and after. */
async function transferAndWait(signer: KeyPairSigner, transfer: Omit<Transfer, 'caipNetworkId' | 'from'>) {
  const full: Transfer = { caipNetworkId: network, from: signer.address, ...transfer }
  expect(await solanaAdapter.checkTransfer(rpc, full)).toBeUndefined()
  const fee = await solanaAdapter.quoteTransferFee(rpc, full)
  const before = await balance(signer.address)
  const signature = await solanaAdapter.sendTransfer(rpc, keyWallet(signer, rpc, network), full, fee)
  expect(await solanaAdapter.waitForTransaction(rpc, network, signature)).toBe('success')
  return { fee: fee!, spent: before - (await balance(signer.address)), signature }
}

/** A new account holding `lamports`, funded by devnet account 9. */
async function funded(lamports: bigint): Promise<KeyPairSigner> {
  const signer = await generateKeyPairSigner()
  await transferAndWait(await solanaDevnetSigner(9), { to: signer.address, amount: lamports })
  return signer
}

describe('the native balance', () => {
  it('is the account’s lamports, 0 for an account that does not exist', async () => {
    expect(await solanaAdapter.nativeBalance(rpc, network, solanaDevnetAccounts[0]!.address)).toBe(
      await balance(solanaDevnetAccounts[0]!.address),
    )
    expect(await solanaAdapter.nativeBalance(rpc, network, '11111111111111111111111111111112')).toBe(0n)
  })
})

describe('SOL transfers on the devnet', () => {
  it('sends SOL to a new address: it lands, and the quoted fee is what the sender lost beyond the amount', async () => {
    const sender = await solanaDevnetSigner(1)
    const to = await fresh()
    const { fee, spent, signature } = await transferAndWait(sender, { to, amount: LAMPORTS / 100n })
    expect(await balance(to)).toBe(LAMPORTS / 100n)
    expect(fee.amount).toBe(5000n)
    expect(spent - LAMPORTS / 100n).toBe(fee.amount)
    const { value } = (await rpc(network, 'getSignatureStatuses', [[signature]])) as { value: [{ err: unknown }] }
    expect(value[0].err).toBeNull()
  })

  it('refuses 0.0001 SOL to a new address with the rent text, which is the chain’s own rule', async () => {
    const sender = await solanaDevnetSigner(2)
    const to = await fresh()
    const transfer: Transfer = { caipNetworkId: network, from: sender.address, to, amount: 100_000n }
    expect(await solanaAdapter.checkTransfer(rpc, transfer)).toBe(
      'A new Solana account must receive at least 0.00089088 SOL (the rent-exempt minimum)',
    )
    expect(await balance(to)).toBe(0n)
    // Had it been sent, the node would have refused it: the check reads the cluster's minimum.
    await expect(solanaAdapter.sendTransfer(rpc, keyWallet(sender, rpc, network), transfer, undefined)).rejects.toThrow(
      /InsufficientFundsForRent|rent/i,
    )
    // The minimum itself passes; an existing account takes less.
    expect(await solanaAdapter.checkTransfer(rpc, { ...transfer, amount: 890_880n })).toBeUndefined()
    expect(await solanaAdapter.checkTransfer(rpc, { ...transfer, to: solanaDevnetAccounts[0]!.address })).toBeUndefined()
  })

  it('says the sender lacks SOL for the amount and the fee, and lets Max (balance minus the quote) go to zero', async () => {
    const sender = await funded(2_000_000n)
    const to = solanaDevnetAccounts[0]!.address
    const tooMuch: Transfer = { caipNetworkId: network, from: sender.address, to, amount: 2_000_000n }
    expect(await solanaAdapter.checkTransfer(rpc, tooMuch)).toBe(
      'Not enough SOL: sending 0.002 SOL and the 0.000005 SOL network fee needs 0.002005 SOL',
    )
    // 0.002 - 0.0015 - fee would leave 0.000495 SOL: a live account below the rent minimum.
    const dust: Transfer = { ...tooMuch, amount: 1_500_000n }
    expect(await solanaAdapter.checkTransfer(rpc, dust)).toBe(
      'Your account would keep 0.000495 SOL, below the rent-exempt minimum of 0.00089088 SOL: send at most 0.00110412 SOL, or all of it (Max)',
    )
    await expect(solanaAdapter.sendTransfer(rpc, keyWallet(sender, rpc, network), dust, undefined)).rejects.toThrow(/rent/i)
    const fee = await solanaAdapter.quoteTransferFee(rpc, tooMuch)
    const { spent } = await transferAndWait(sender, { to, amount: 2_000_000n - fee!.amount })
    expect(spent).toBe(2_000_000n)
    expect(await balance(sender.address)).toBe(0n)
  })

  it('waitForTransaction answers failed for a transaction that lands with an error, and the fee is still charged', async () => {
    const sender = await funded(10_000_000n)
    const transfer: Transfer = { caipNetworkId: network, from: sender.address, to: solanaDevnetAccounts[0]!.address, amount: 20_000_000n }
    expect(await solanaAdapter.checkTransfer(rpc, transfer)).toMatch(/^Not enough SOL/)
    // A wallet that skips preflight sends it anyway: it lands, and the System program refuses it.
    const wallet = keyWallet(sender, rpc, network, { skipPreflight: true })
    const signature = await solanaAdapter.sendTransfer(rpc, wallet, transfer, undefined)
    expect(await solanaAdapter.waitForTransaction(rpc, network, signature)).toBe('failed')
    expect(await balance(sender.address)).toBe(10_000_000n - 5000n)
  })

  it('waitForTransaction throws a clear error when the transaction never shows, and refuses a non-signature', async () => {
    const unknown = 'mSv2kgrfb2kLgWxHaKuJvMFe1FBSxPCjprCTEJvvMNamg4LvDtXkyKmhZt9tWkCW8GQkTRHtQd9RG2kMpuY1ZBQ'
    await expect(solanaAdapter.waitForTransaction(rpc, network, unknown, { timeoutMs: 300 })).rejects.toThrow(
      `Transaction ${unknown} was not confirmed within 0.3 s`,
    )
    await expect(solanaAdapter.waitForTransaction(rpc, network, '0xabc')).rejects.toMatchObject({ code: RpcErrorCode.InvalidParams })
  })
})

describe('SPL token transfers on the devnet', () => {
  it('sends USDC to a new address: its token account is created, and the quote covers fee and rent', async () => {
    const sender = await solanaDevnetSigner(3)
    const to = await fresh()
    const [source] = await usdcOf(sender.address)
    const { fee, spent } = await transferAndWait(sender, { to, amount: 2_500_000n, token: usdc(`${network}:${SOLANA_DEVNET_USDC_MINT}`) })
    const [account, ...others] = await usdcOf(to)
    expect(others).toEqual([])
    expect(account!.amount).toBe(2_500_000n)
    expect((await usdcOf(sender.address))[0]!.amount).toBe(source!.amount - 2_500_000n)
    const rent = await rentOf(165)
    expect(account!.lamports).toBe(rent)
    expect(fee.amount).toBe(5000n + rent)
    expect(spent).toBe(fee.amount)
    // A second transfer finds the account: no rent this time.
    const again = await transferAndWait(sender, { to, amount: 500_000n, token: usdc() })
    expect(again.fee.amount).toBe(5000n)
    expect(again.spent).toBe(5000n)
    expect((await usdcOf(to))[0]!.amount).toBe(3_000_000n)
  })

  it('sends a Token-2022 token: the receiver’s account is made by that program, its rent quoted at the sender’s account size', async () => {
    // A plain Token-2022 mint with 2 decimals, and 100.00 of it in account 7's ATA (170 bytes: ImmutableOwner).
    const authority = await solanaDevnetSigner(7)
    const mint = await generateKeyPairSigner()
    const program = { programAddress: TOKEN_2022_PROGRAM_ADDRESS }
    const ataOf = async (owner: string) =>
      (await findAssociatedTokenPda({ owner: address(owner), mint: mint.address, tokenProgram: TOKEN_2022_PROGRAM_ADDRESS }))[0]
    const source = await ataOf(authority.address)
    await sendInstructions(devnet, authority, [
      getCreateAccountInstruction({ payer: authority, newAccount: mint, lamports: await rentOf(82), space: 82, ...program }),
      getInitializeMint2Instruction({ mint: mint.address, decimals: 2, mintAuthority: authority.address }, program),
      getCreateAssociatedTokenIdempotentInstruction({
        payer: authority,
        ata: source,
        owner: authority.address,
        mint: mint.address,
        tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
      }),
      getMintToInstruction({ mint: mint.address, token: source, mintAuthority: authority, amount: 10_000n }, program),
    ])
    const to = await fresh()
    const { fee, spent } = await transferAndWait(authority, { to, amount: 1234n, token: { address: mint.address, decimals: 2 } })
    const [{ value: created }, { value: balanceOf }] = (await Promise.all([
      rpc(network, 'getAccountInfo', [await ataOf(to), { encoding: 'base64' }]),
      rpc(network, 'getTokenAccountBalance', [await ataOf(to)]),
    ])) as [{ value: { owner: string; lamports: number; space: number } }, { value: { amount: string } }]
    expect(created).toMatchObject({ owner: TOKEN_2022_PROGRAM_ADDRESS, space: 170 })
    expect(BigInt(created.lamports)).toBe(await rentOf(170))
    expect(fee.amount).toBe(5000n + BigInt(created.lamports))
    expect(spent).toBe(fee.amount)
    expect(balanceOf.amount).toBe('1234')
  })

  it('refuses what would fail in the wallet: no SOL for fee and rent, no token to send, a token account as receiver', async () => {
    const poor = await funded(1_000_000n)
    const to = await fresh()
    const token = usdc()
    expect(await solanaAdapter.checkTransfer(rpc, { caipNetworkId: network, from: poor.address, to, amount: 1n, token })).toBe(
      'Your account holds none of this token',
    )
    const sender = await solanaDevnetSigner(4)
    const [tokenAccount] = await usdcOf(solanaDevnetAccounts[0]!.address)
    expect(
      await solanaAdapter.checkTransfer(rpc, { caipNetworkId: network, from: sender.address, to: tokenAccount!.pubkey, amount: 1n, token }),
    ).toBe('This address is a token account, not a wallet: enter the address of its owner')
    // A sender with USDC and too little SOL for the new account's rent.
    await transferAndWait(sender, { to: poor.address, amount: 1_000_000n, token })
    expect(await solanaAdapter.checkTransfer(rpc, { caipNetworkId: network, from: poor.address, to, amount: 1n, token })).toBe(
      "Not enough SOL: the 0.000005 SOL network fee and the 0.00203928 SOL rent of the receiver's token account need 0.00204428 SOL",
    )
  })

  it('refuses a token of another network and a mint that is not one, with a clear text', async () => {
    const sender = await solanaDevnetSigner(4)
    const base: Transfer = { caipNetworkId: network, from: sender.address, to: await fresh(), amount: 1n }
    await expect(
      solanaAdapter.sendTransfer(
        rpc,
        keyWallet(sender, rpc, network),
        { ...base, token: usdc(`solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:${SOLANA_DEVNET_USDC_MINT}`) },
        undefined,
      ),
    ).rejects.toMatchObject({ code: RpcErrorCode.InvalidParams, message: expect.stringContaining('is not on') })
    expect(await solanaAdapter.checkTransfer(rpc, { ...base, token: usdc(solanaDevnetAccounts[0]!.address) })).toBe(
      `${solanaDevnetAccounts[0]!.address} is not a token mint on ${network}`,
    )
    expect(await solanaAdapter.checkTransfer(rpc, { ...base, token: usdc('constructor') })).toBe('Not a Solana token mint: constructor')
    // SPEC section 8's text for what is no transfer at all.
    for (const bad of [{ amount: 0n }, { to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' }, { from: 'nobody' }])
      expect(await solanaAdapter.checkTransfer(rpc, { ...base, ...bad })).toBe('Please enter a valid amount and receiver address')
    expect(await solanaAdapter.quoteTransferFee(rpc, { ...base, token: usdc('not-a-mint') })).toBeUndefined()
  })
})

describe('signing a message', () => {
  it('signs the UTF-8 bytes: the signature verifies with ed25519 against the address, and not for another message', async () => {
    const signer = await solanaDevnetSigner(5)
    const message = 'Sign in to Airlock ✓ nonce 42'
    const signature = await solanaAdapter.signMessage(keyWallet(signer, rpc, network), signer.address, message)
    const key = await getPublicKeyFromAddress(address(signer.address))
    const bytes = base58ToBytes(signature) as SignatureBytes
    expect(await verifySignature(key, bytes, new TextEncoder().encode(message))).toBe(true)
    expect(await verifySignature(key, bytes, new TextEncoder().encode(`${message}!`))).toBe(false)
  })

  it('refuses an empty or oversized message before the wallet is asked', async () => {
    const signer = await solanaDevnetSigner(5)
    const wallet = keyWallet(signer, rpc, network)
    await expect(solanaAdapter.signMessage(wallet, signer.address, '')).rejects.toMatchObject({ code: RpcErrorCode.InvalidParams })
    await expect(solanaAdapter.signMessage(wallet, signer.address, 'x'.repeat(4097))).rejects.toMatchObject({
      code: RpcErrorCode.InvalidParams,
    })
    expect(wallet.asked).toEqual([])
  })
})
