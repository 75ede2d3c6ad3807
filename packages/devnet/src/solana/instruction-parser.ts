import { base58 } from '@scure/base'
import { ASSOCIATED_TOKEN_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { SYSTEM_PROGRAM_ADDRESS } from '@solana-program/system'
import { TOKEN_2022_PROGRAM_ADDRESS, programName, uiTokenAmount } from './token-layout'

/**
 * The `jsonParsed` form of instructions, as the RPC's instruction parsers write it, for the
 * programs the devnet's users touch: System (transfer, createAccount, assign, allocate), SPL Token
 * and Token-2022 (transfers, mints, burns, account set-up and closing) and the Associated Token
 * Account program. Any other instruction (or one that does not decode) keeps the partially decoded
 * form `{ programId, accounts, data }`, exactly as a real node answers for a program it cannot parse.
 */
export interface ParsedInstruction {
  program: string
  programId: string
  parsed: { type: string; info: Record<string, unknown> }
}

export interface PartiallyDecodedInstruction {
  programId: string
  accounts: string[]
  /** base58 */
  data: string
}

type Parser = (accounts: readonly string[], data: Uint8Array) => { type: string; info: Record<string, unknown> } | undefined

const u64 = (data: Uint8Array, offset: number) =>
  offset + 8 <= data.length ? new DataView(data.buffer, data.byteOffset, data.byteLength).getBigUint64(offset, true) : undefined
const u32 = (data: Uint8Array, offset: number) =>
  offset + 4 <= data.length ? new DataView(data.buffer, data.byteOffset, data.byteLength).getUint32(offset, true) : undefined
const pubkey = (data: Uint8Array, offset: number) =>
  offset + 32 <= data.length ? base58.encode(data.subarray(offset, offset + 32)) : undefined

const parseSystem: Parser = (accounts, data) => {
  switch (u32(data, 0)) {
    case 0: {
      const [lamports, space, owner] = [u64(data, 4), u64(data, 12), pubkey(data, 20)]
      if (lamports === undefined || space === undefined || !owner || accounts.length < 2) return undefined
      return { type: 'createAccount', info: { source: accounts[0], newAccount: accounts[1], lamports, space, owner } }
    }
    case 1: {
      const owner = pubkey(data, 4)
      return owner && accounts.length >= 1 ? { type: 'assign', info: { account: accounts[0], owner } } : undefined
    }
    case 2: {
      const lamports = u64(data, 4)
      if (lamports === undefined || accounts.length < 2) return undefined
      return { type: 'transfer', info: { source: accounts[0], destination: accounts[1], lamports } }
    }
    case 8: {
      const space = u64(data, 4)
      return space !== undefined && accounts.length >= 1 ? { type: 'allocate', info: { account: accounts[0], space } } : undefined
    }
    default:
      return undefined
  }
}

/**
 * The authority of a token instruction: a single signer (`authority` / `owner` / `mintAuthority`),
 * or a multisig account followed by its signers (`multisig<Name>` and `signers`), as the RPC names them.
 */
function authority(name: string, accounts: readonly string[], index: number): Record<string, unknown> | undefined {
  if (accounts.length <= index) return undefined
  if (accounts.length === index + 1) return { [name]: accounts[index] }
  return { [`multisig${name[0]!.toUpperCase()}${name.slice(1)}`]: accounts[index], signers: accounts.slice(index + 1) }
}

const parseToken: Parser = (accounts, data) => {
  const amount = u64(data, 1)
  const checked = (decimals: number | undefined) =>
    amount !== undefined && decimals !== undefined ? uiTokenAmount(amount, decimals) : undefined
  switch (data[0]) {
    case 1:
      return accounts.length >= 4
        ? { type: 'initializeAccount', info: { account: accounts[0], mint: accounts[1], owner: accounts[2], rentSysvar: accounts[3] } }
        : undefined
    case 3: {
      const auth = authority('authority', accounts, 2)
      return amount !== undefined && auth
        ? { type: 'transfer', info: { source: accounts[0], destination: accounts[1], ...auth, amount: amount.toString() } }
        : undefined
    }
    case 7: {
      const auth = authority('mintAuthority', accounts, 2)
      return amount !== undefined && auth
        ? { type: 'mintTo', info: { mint: accounts[0], account: accounts[1], ...auth, amount: amount.toString() } }
        : undefined
    }
    case 8: {
      const auth = authority('authority', accounts, 2)
      return amount !== undefined && auth
        ? { type: 'burn', info: { account: accounts[0], mint: accounts[1], ...auth, amount: amount.toString() } }
        : undefined
    }
    case 9: {
      const auth = authority('owner', accounts, 2)
      return auth ? { type: 'closeAccount', info: { account: accounts[0], destination: accounts[1], ...auth } } : undefined
    }
    case 12: {
      const [tokenAmount, auth] = [checked(data[9]), authority('authority', accounts, 3)]
      return tokenAmount && auth
        ? { type: 'transferChecked', info: { source: accounts[0], mint: accounts[1], destination: accounts[2], ...auth, tokenAmount } }
        : undefined
    }
    case 14: {
      const [tokenAmount, auth] = [checked(data[9]), authority('mintAuthority', accounts, 2)]
      return tokenAmount && auth
        ? { type: 'mintToChecked', info: { mint: accounts[0], account: accounts[1], ...auth, tokenAmount } }
        : undefined
    }
    case 15: {
      const [tokenAmount, auth] = [checked(data[9]), authority('authority', accounts, 2)]
      return tokenAmount && auth
        ? { type: 'burnChecked', info: { account: accounts[0], mint: accounts[1], ...auth, tokenAmount } }
        : undefined
    }
    case 18: {
      const owner = pubkey(data, 1)
      return owner && accounts.length >= 2
        ? { type: 'initializeAccount3', info: { account: accounts[0], mint: accounts[1], owner } }
        : undefined
    }
    case 22:
      return accounts.length >= 1 ? { type: 'initializeImmutableOwner', info: { account: accounts[0] } } : undefined
    default:
      return undefined
  }
}

const ATA_TYPES = ['create', 'createIdempotent']
const parseAssociatedToken: Parser = (accounts, data) => {
  const type = data.length === 0 ? 'create' : ATA_TYPES[data[0]!]
  if (!type || accounts.length < 6) return undefined
  const [source, account, wallet, mint, systemProgram, tokenProgram] = accounts
  return { type, info: { source, account, wallet, mint, systemProgram, tokenProgram } }
}

const PARSERS = new Map<string, { program: string; parse: Parser }>([
  [SYSTEM_PROGRAM_ADDRESS, { program: 'system', parse: parseSystem }],
  [TOKEN_PROGRAM_ADDRESS, { program: programName(TOKEN_PROGRAM_ADDRESS), parse: parseToken }],
  [TOKEN_2022_PROGRAM_ADDRESS, { program: programName(TOKEN_2022_PROGRAM_ADDRESS), parse: parseToken }],
  [ASSOCIATED_TOKEN_PROGRAM_ADDRESS, { program: 'spl-associated-token-account', parse: parseAssociatedToken }],
])

export function parseInstruction(
  programId: string,
  accounts: readonly string[],
  data: Uint8Array,
): ParsedInstruction | PartiallyDecodedInstruction {
  const parser = PARSERS.get(programId)
  const parsed = parser?.parse(accounts, data)
  if (parser && parsed) return { program: parser.program, programId, parsed }
  return { programId, accounts: [...accounts], data: base58.encode(data) }
}
