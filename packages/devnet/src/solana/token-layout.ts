import { getMintDecoder, getMintSize, getTokenDecoder, getTokenSize, AccountState, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token'
import { isSome, type Address, type Option, type ReadonlyUint8Array } from '@solana/kit'

export const TOKEN_2022_PROGRAM_ADDRESS = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as Address
export const TOKEN_PROGRAMS: ReadonlySet<string> = new Set([TOKEN_PROGRAM_ADDRESS, TOKEN_2022_PROGRAM_ADDRESS])

/** The part of an account these readers need (what litesvm's getAccount gives). */
export interface RawAccount {
  programAddress: Address
  data: ReadonlyUint8Array
}

export interface TokenAccountState {
  programId: Address
  mint: Address
  owner: Address
  amount: bigint
  state: AccountState
  delegate: Address | null
  delegatedAmount: bigint
  /** The rent-exempt reserve of a wrapped SOL account, null for any other token. */
  isNative: bigint | null
  closeAuthority: Address | null
}

export interface MintState {
  programId: Address
  mintAuthority: Address | null
  supply: bigint
  decimals: number
  isInitialized: boolean
  freezeAuthority: Address | null
}

/** SPL Token's uiTokenAmount: the integer amount, and the same in whole tokens. */
export interface UiTokenAmount {
  amount: string
  decimals: number
  uiAmount: number | null
  uiAmountString: string
}

// Token-2022 appends extensions after the base layout, tagged by an account-type byte at offset 165.
const ACCOUNT_TYPE_OFFSET = 165
const ACCOUNT_TYPE = { mint: 1, account: 2 }

const optional = (value: Option<Address>) => (isSome(value) ? value.value : null)

/** An initialized SPL Token (or Token-2022) account, else undefined. */
export function readTokenAccount(account: RawAccount): TokenAccountState | undefined {
  if (!TOKEN_PROGRAMS.has(account.programAddress) || account.data.length < getTokenSize()) return undefined
  if (account.data.length > getTokenSize() && account.data[ACCOUNT_TYPE_OFFSET] !== ACCOUNT_TYPE.account) return undefined
  const token = getTokenDecoder().decode(account.data.subarray(0, getTokenSize()))
  if (token.state === AccountState.Uninitialized) return undefined
  return {
    programId: account.programAddress,
    mint: token.mint,
    owner: token.owner,
    amount: token.amount,
    state: token.state,
    delegate: optional(token.delegate),
    delegatedAmount: token.delegatedAmount,
    isNative: isSome(token.isNative) ? token.isNative.value : null,
    closeAuthority: optional(token.closeAuthority),
  }
}

/** An initialized SPL Token (or Token-2022) mint, else undefined. */
export function readMint(account: RawAccount): MintState | undefined {
  if (!TOKEN_PROGRAMS.has(account.programAddress) || account.data.length < getMintSize()) return undefined
  // A Token-2022 mint with extensions is padded to the account size and tagged like an account.
  if (account.data.length > getMintSize() && account.data[ACCOUNT_TYPE_OFFSET] !== ACCOUNT_TYPE.mint) return undefined
  const mint = getMintDecoder().decode(account.data.subarray(0, getMintSize()))
  if (!mint.isInitialized) return undefined
  return {
    programId: account.programAddress,
    mintAuthority: optional(mint.mintAuthority),
    supply: mint.supply,
    decimals: mint.decimals,
    isInitialized: mint.isInitialized,
    freezeAuthority: optional(mint.freezeAuthority),
  }
}

/** "1.0005" for 1_000_500n at 6 decimals: no trailing zeros, no exponent. */
export function formatUnits(amount: bigint, decimals: number): string {
  const negative = amount < 0n
  const digits = (negative ? -amount : amount).toString().padStart(decimals + 1, '0')
  const whole = digits.slice(0, digits.length - decimals)
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '')
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

export function uiTokenAmount(amount: bigint, decimals: number): UiTokenAmount {
  const uiAmountString = formatUnits(amount, decimals)
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString }
}

export function programName(programId: Address): string {
  return programId === TOKEN_2022_PROGRAM_ADDRESS ? 'spl-token-2022' : 'spl-token'
}

const STATE_NAMES: Record<AccountState, string> = {
  [AccountState.Uninitialized]: 'uninitialized',
  [AccountState.Initialized]: 'initialized',
  [AccountState.Frozen]: 'frozen',
}

/** The `jsonParsed` data of a token account, as the RPC's account parser writes it. */
export function parsedTokenAccount(token: TokenAccountState, decimals: number, space: number) {
  return {
    program: programName(token.programId),
    parsed: {
      info: {
        isNative: token.isNative !== null,
        mint: token.mint,
        owner: token.owner,
        state: STATE_NAMES[token.state],
        tokenAmount: uiTokenAmount(token.amount, decimals),
        ...(token.delegate ? { delegate: token.delegate, delegatedAmount: uiTokenAmount(token.delegatedAmount, decimals) } : {}),
        ...(token.closeAuthority ? { closeAuthority: token.closeAuthority } : {}),
        ...(token.isNative !== null ? { rentExemptReserve: uiTokenAmount(token.isNative, decimals) } : {}),
      },
      type: 'account',
    },
    space,
  }
}

/** The `jsonParsed` data of a mint. */
export function parsedMint(mint: MintState, space: number) {
  return {
    program: programName(mint.programId),
    parsed: {
      info: {
        decimals: mint.decimals,
        freezeAuthority: mint.freezeAuthority,
        isInitialized: mint.isInitialized,
        mintAuthority: mint.mintAuthority,
        supply: mint.supply.toString(),
      },
      type: 'mint',
    },
    space,
  }
}
