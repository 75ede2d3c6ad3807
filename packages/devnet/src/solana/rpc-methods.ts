import { SOLANA_LOCALNET_GENESIS_HASH } from '@airlock/chains'
import { sha256 } from '@noble/hashes/sha2'
import { getCompiledTransactionMessageDecoder, isAddress, isSignature, type Address } from '@solana/kit'
import { FeatureSet } from 'litesvm'
import * as z from 'zod'
import { accountJson, type AccountEncoding } from './account-json'
import { airdrop } from './faucet'
import { SLOTS_PER_EPOCH, type LandedTransaction, type Ledger } from './ledger'
import { invalidParams } from './rpc-error'
import { TOKEN_PROGRAMS, readTokenAccount, uiTokenAmount } from './token-layout'
import { transactionJson } from './transaction-json'
import { decodeTransaction, decodeWireText } from './wire'

/** The agave runtime litesvm 1.5 is built from. */
export const SOLANA_CORE_VERSION = '4.3.0'
// A node's feature-set id: the first 4 bytes of a hash over its active features (all of them in litesvm).
const FEATURE_SET = new DataView(
  sha256(new Uint8Array(Buffer.concat(FeatureSet.allEnabled().getActiveFeatures().sort(Buffer.compare)))).buffer,
).getUint32(0, true)

const AddressParam = z
  .string()
  .refine(isAddress, { message: 'Invalid param: not a base58 32-byte public key' })
  .transform((value) => value as Address)
const SignatureParam = z.string().refine(isSignature, { message: 'Invalid param: not a base58 64-byte signature' })
const Commitment = {
  commitment: z.enum(['processed', 'confirmed', 'finalized']).optional(),
  minContextSlot: z.number().int().nonnegative().optional(),
}
const Config = z.object(Commitment).optional()
const DataSlice = z.object({ offset: z.number().int().nonnegative(), length: z.number().int().nonnegative() })
const AccountConfig = z
  .object({
    ...Commitment,
    encoding: z.enum(['binary', 'base58', 'base64', 'base64+zstd', 'jsonParsed']).optional(),
    dataSlice: DataSlice.optional(),
  })
  .optional()
const WireEncoding = z.enum(['base58', 'base64']).optional()

const methodParams = {
  none: z.tuple([]).rest(z.unknown()),
  config: z.tuple([Config]),
  address: z.tuple([AddressParam, Config]),
  account: z.tuple([AddressParam, AccountConfig]),
  accounts: z.tuple([z.array(AddressParam).max(100), AccountConfig]),
  tokenAccountsByOwner: z.tuple([
    AddressParam,
    z.union([z.object({ mint: AddressParam }), z.object({ programId: AddressParam })]),
    AccountConfig,
  ]),
  blockhash: z.tuple([z.string().max(64), Config]),
  rent: z.tuple([
    z
      .number()
      .int()
      .nonnegative()
      .max(10 * 1024 * 1024),
    Config,
  ]),
  feeForMessage: z.tuple([z.string().max(1644), Config]),
  prioritizationFees: z.tuple([z.array(AddressParam).max(128).optional()]),
  send: z.tuple([
    z.string(),
    z
      .object({
        encoding: WireEncoding,
        skipPreflight: z.boolean().optional(),
        preflightCommitment: Commitment.commitment,
        maxRetries: z.number().int().nonnegative().optional(),
        minContextSlot: Commitment.minContextSlot,
      })
      .optional(),
  ]),
  simulate: z.tuple([
    z.string(),
    z
      .object({
        ...Commitment,
        encoding: WireEncoding,
        sigVerify: z.boolean().optional(),
        replaceRecentBlockhash: z.boolean().optional(),
        innerInstructions: z.boolean().optional(),
        accounts: z.object({ addresses: z.array(AddressParam).max(100), encoding: AccountConfig.unwrap().shape.encoding }).optional(),
      })
      .optional(),
  ]),
  statuses: z.tuple([z.array(SignatureParam).max(256), z.object({ searchTransactionHistory: z.boolean().optional() }).optional()]),
  signaturesForAddress: z.tuple([
    AddressParam,
    z
      .object({
        ...Commitment,
        limit: z.number().int().min(1).max(1000).optional(),
        before: SignatureParam.optional(),
        until: SignatureParam.optional(),
      })
      .optional(),
  ]),
  transaction: z.tuple([
    SignatureParam,
    z
      .object({
        ...Commitment,
        encoding: z.enum(['json', 'jsonParsed', 'base64', 'base58']).optional(),
        maxSupportedTransactionVersion: z.number().int().min(0).optional(),
      })
      .optional(),
  ]),
  airdrop: z.tuple([AddressParam, z.number().int().positive().or(z.bigint().positive()), Config]),
}

function parse<T extends z.ZodType>(schema: T, params: unknown): z.infer<T> {
  const result = schema.safeParse(params ?? [])
  if (result.success) return result.data
  const issue = result.error.issues[0]
  const where = issue?.path.length ? ` (params[${issue.path.join('][')}])` : ''
  throw invalidParams(
    `${issue?.message.startsWith('Invalid param') ? issue.message : `Invalid params: ${issue?.message ?? 'malformed'}`}${where}`,
  )
}

type Handler = (params: unknown, ledger: Ledger) => unknown

/** `{ context, value }`, the wrapper of every "with context" answer. */
const withContext = (ledger: Ledger, value: unknown) => ({ context: { apiVersion: SOLANA_CORE_VERSION, slot: ledger.slot }, value })

function status(landed: LandedTransaction) {
  return {
    slot: landed.slot,
    // Every landed transaction here is final at once: a node reports null confirmations then.
    confirmations: null,
    err: landed.err,
    status: landed.err === null ? { Ok: null } : { Err: landed.err },
    confirmationStatus: 'finalized',
  }
}

function tokenAccountsByOwner(params: unknown, ledger: Ledger) {
  const [owner, filter, config] = parse(methodParams.tokenAccountsByOwner, params)
  let programs: string[]
  let mint: string | undefined
  if ('mint' in filter) {
    const account = ledger.account(filter.mint)
    if (!account.exists || !TOKEN_PROGRAMS.has(account.programAddress)) throw invalidParams('Invalid param: could not find mint')
    programs = [account.programAddress]
    mint = filter.mint
  } else {
    if (!TOKEN_PROGRAMS.has(filter.programId)) throw invalidParams('Invalid param: unrecognized Token program id')
    programs = [filter.programId]
  }
  const encoding = config?.encoding ?? 'binary'
  const value = programs.flatMap((program) =>
    ledger.svm
      .getProgramAccounts(program as Address)
      .filter((account) => {
        const token = readTokenAccount(account)
        return token !== undefined && token.owner === owner && (mint === undefined || token.mint === mint)
      })
      .map((account) => ({ pubkey: account.address, account: accountJson(account, ledger, encoding, config?.dataSlice) })),
  )
  return withContext(ledger, value)
}

const maybeAccount = (ledger: Ledger, address: Address, encoding: AccountEncoding, slice?: z.infer<typeof DataSlice>) => {
  const account = ledger.account(address)
  return account.exists ? accountJson(account, ledger, encoding, slice) : null
}

const METHODS: Record<string, Handler> = {
  getVersion: () => ({ 'feature-set': FEATURE_SET, 'solana-core': SOLANA_CORE_VERSION }),
  getHealth: () => 'ok',
  getGenesisHash: () => SOLANA_LOCALNET_GENESIS_HASH,
  getSlot: (params, ledger) => (parse(methodParams.config, params), ledger.slot),
  getBlockHeight: (params, ledger) => (parse(methodParams.config, params), ledger.blockHeight),
  getEpochInfo: (params, ledger) => {
    parse(methodParams.config, params)
    return {
      absoluteSlot: ledger.slot,
      blockHeight: ledger.blockHeight,
      epoch: ledger.slot / SLOTS_PER_EPOCH,
      slotIndex: ledger.slot % SLOTS_PER_EPOCH,
      slotsInEpoch: SLOTS_PER_EPOCH,
      transactionCount: ledger.transactionCount,
    }
  },
  getLatestBlockhash: (params, ledger) => (parse(methodParams.config, params), withContext(ledger, ledger.latestBlockhash())),
  isBlockhashValid: (params, ledger) => withContext(ledger, ledger.isBlockhashValid(parse(methodParams.blockhash, params)[0])),
  getBalance: (params, ledger) => withContext(ledger, ledger.svm.getBalance(parse(methodParams.address, params)[0]) ?? 0n),
  getAccountInfo: (params, ledger) => {
    const [address, config] = parse(methodParams.account, params)
    return withContext(ledger, maybeAccount(ledger, address, config?.encoding ?? 'binary', config?.dataSlice))
  },
  getMultipleAccounts: (params, ledger) => {
    const [addresses, config] = parse(methodParams.accounts, params)
    // getMultipleAccounts has no legacy 'binary' default: it answers base64.
    return withContext(
      ledger,
      addresses.map((address) => maybeAccount(ledger, address, config?.encoding ?? 'base64', config?.dataSlice)),
    )
  },
  getTokenAccountsByOwner: tokenAccountsByOwner,
  getTokenAccountBalance: (params, ledger) => {
    const [address] = parse(methodParams.address, params)
    const account = ledger.account(address)
    const token = account.exists ? readTokenAccount(account) : undefined
    const decimals = token && ledger.mintDecimals(token.mint)
    if (!token || decimals === undefined) throw invalidParams('Invalid param: not a Token account')
    return withContext(ledger, uiTokenAmount(token.amount, decimals))
  },
  getMinimumBalanceForRentExemption: (params, ledger) => ledger.rentExemptMinimum(parse(methodParams.rent, params)[0]),
  getFeeForMessage: (params, ledger) => {
    const [text] = parse(methodParams.feeForMessage, params)
    let message: ReturnType<ReturnType<typeof getCompiledTransactionMessageDecoder>['decode']>
    try {
      message = getCompiledTransactionMessageDecoder().decode(decodeWireText(text, 'base64'))
    } catch {
      throw invalidParams('Invalid param: the message is not a base64 serialized transaction message')
    }
    if (message.version === 1) throw invalidParams('Invalid param: version 1 messages are not supported')
    return withContext(ledger, ledger.feeForMessage(message))
  },
  getRecentPrioritizationFees: (params, ledger) => ledger.recentPrioritizationFees(parse(methodParams.prioritizationFees, params)[0] ?? []),
  sendTransaction: (params, ledger) => {
    const [text, config] = parse(methodParams.send, params)
    // A node's default is the legacy base58; every current client sends base64 and says so.
    const wire = decodeTransaction(decodeWireText(text, config?.encoding ?? 'base58'))
    return ledger.submit(wire, { skipPreflight: config?.skipPreflight ?? false }).signature
  },
  simulateTransaction: (params, ledger) => {
    const [text, config] = parse(methodParams.simulate, params)
    if (config?.sigVerify && config.replaceRecentBlockhash) throw invalidParams('sigVerify may not be used with replaceRecentBlockhash')
    const wire = decodeTransaction(decodeWireText(text, config?.encoding ?? 'base58'))
    const addresses = config?.accounts?.addresses ?? []
    const result = ledger.simulate(wire, {
      sigVerify: config?.sigVerify ?? false,
      replaceRecentBlockhash: config?.replaceRecentBlockhash ?? false,
      accounts: addresses,
    })
    const accountEncoding = config?.accounts?.encoding ?? 'base64'
    return withContext(ledger, {
      err: result.err,
      logs: result.logs,
      accounts: config?.accounts
        ? addresses.map((address) => {
            const account = result.postAccounts.get(address)
            return account ? accountJson(account, ledger, accountEncoding) : maybeAccount(ledger, address, accountEncoding)
          })
        : null,
      unitsConsumed: result.unitsConsumed,
      returnData: null,
      innerInstructions: config?.innerInstructions
        ? result.innerInstructions.map(({ index, instructions }) => ({
            index,
            instructions: instructions.map((instruction) => ({ ...instruction, data: Buffer.from(instruction.data).toString('base64') })),
          }))
        : null,
      replacementBlockhash: result.replacementBlockhash,
    })
  },
  getSignatureStatuses: (params, ledger) => {
    const [signatures] = parse(methodParams.statuses, params)
    return withContext(
      ledger,
      signatures.map((signature) => {
        const landed = ledger.transaction(signature)
        return landed ? status(landed) : null
      }),
    )
  },
  getSignaturesForAddress: (params, ledger) => {
    const [address, config] = parse(methodParams.signaturesForAddress, params)
    return ledger.signaturesFor(address, { limit: config?.limit ?? 1000, before: config?.before, until: config?.until }).map((landed) => ({
      signature: landed.signature,
      slot: landed.slot,
      err: landed.err,
      memo: null,
      blockTime: landed.blockTime,
      confirmationStatus: 'finalized',
    }))
  },
  getTransaction: (params, ledger) => {
    const [signature, config] = parse(methodParams.transaction, params)
    const landed = ledger.transaction(signature)
    if (!landed) return null
    return transactionJson(landed, {
      encoding: config?.encoding ?? 'json',
      maxSupportedTransactionVersion: config?.maxSupportedTransactionVersion,
    })
  },
  requestAirdrop: async (params, ledger) => {
    const [to, lamports] = parse(methodParams.airdrop, params)
    return (await airdrop(ledger, to, BigInt(lamports))).signature
  },
}

const handlers = new Map(Object.entries(METHODS))

/** The handler of a method, or undefined (never an Object.prototype member such as `constructor`). */
export function solanaMethod(name: string): Handler | undefined {
  return handlers.get(name)
}

/** Methods a client may call (for logs and docs). */
export const SOLANA_METHODS: readonly string[] = [...handlers.keys()]
