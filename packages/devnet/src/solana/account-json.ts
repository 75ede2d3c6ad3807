import { base58 } from '@scure/base'
import type { EncodedAccount, ReadonlyUint8Array } from '@solana/kit'
import type { Ledger } from './ledger'
import { invalidParams } from './rpc-error'
import { parsedMint, parsedTokenAccount, readMint, readTokenAccount } from './token-layout'

export type AccountEncoding = 'binary' | 'base58' | 'base64' | 'base64+zstd' | 'jsonParsed'
export interface DataSlice {
  offset: number
  length: number
}

/** Every account here is rent exempt: a node reports those with rentEpoch u64::MAX. */
const RENT_EXEMPT_EPOCH = 18446744073709551615n
/** A node refuses base58 for larger data (it is slow to encode). */
const MAX_BASE58_BYTES = 128

function encodeData(data: ReadonlyUint8Array, encoding: Exclude<AccountEncoding, 'jsonParsed'>, slice: DataSlice | undefined): unknown {
  const bytes = (slice ? data.subarray(slice.offset, slice.offset + slice.length) : data) as Uint8Array
  if (encoding === 'base64+zstd') throw invalidParams('Invalid param: base64+zstd is not supported by this node: use base64')
  if (encoding === 'base64') return [Buffer.from(bytes).toString('base64'), 'base64']
  if (bytes.length > MAX_BASE58_BYTES)
    throw invalidParams(`Encoded binary (base 58) data should be less than ${MAX_BASE58_BYTES} bytes, please use Base64 encoding.`)
  // 'binary' is the legacy default: base58 as a bare string.
  return encoding === 'binary' ? base58.encode(bytes) : [base58.encode(bytes), 'base58']
}

/** The data of an account under jsonParsed: parsed for token accounts and mints, else base64 (as a node falls back). */
function parsedData(account: EncodedAccount, ledger: Ledger): unknown {
  const space = account.data.length
  const token = readTokenAccount(account)
  if (token) {
    const decimals = ledger.mintDecimals(token.mint)
    if (decimals !== undefined) return parsedTokenAccount(token, decimals, space)
  }
  const mint = readMint(account)
  if (mint) return parsedMint(mint, space)
  return [Buffer.from(account.data as Uint8Array).toString('base64'), 'base64']
}

/** An account as getAccountInfo / getMultipleAccounts / getTokenAccountsByOwner answer it. */
export function accountJson(account: EncodedAccount, ledger: Ledger, encoding: AccountEncoding, slice?: DataSlice) {
  return {
    data: encoding === 'jsonParsed' ? parsedData(account, ledger) : encodeData(account.data, encoding, slice),
    executable: account.executable,
    lamports: account.lamports,
    owner: account.programAddress,
    rentEpoch: RENT_EXEMPT_EPOCH,
    space: BigInt(account.data.length),
  }
}
