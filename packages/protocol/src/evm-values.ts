import * as z from 'zod/mini'
import { POLLUTING_KEYS } from './bounded-json'

/**
 * The EVM values the EIP-5792 and ERC-7715 schemas share, each bounded. Addresses are common.ts's
 * EvmAddress, checked by shape only: an EIP-55 checksum needs keccak, which this package does not
 * compute (the frame, which has viem, checks mixed-case addresses before it shows or signs).
 */

/** Whole bytes as 0x hex (an odd digit count is a broken encoder), at most `maxBytes` of them. */
export const hexBytes = (maxBytes: number) =>
  z.string().check(z.maxLength(2 + 2 * maxBytes), z.regex(/^0x(?:[0-9a-fA-F]{2})*$/, 'Expected 0x-prefixed hex bytes'))

export const Hash32 = z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/, 'Expected a 32-byte 0x hash'))

/** A uint256 as a JSON-RPC quantity: 1 to 64 hex digits, so never above 2^256-1. */
export const HexUint256 = z.string().check(z.regex(/^0x[0-9a-fA-F]{1,64}$/, 'Expected a 0x quantity of at most 256 bits'))

/** The same, above zero: an amount of 0 per period grants nothing and is a mistake. */
export const PositiveHexUint256 = z
  .string()
  .check(z.regex(/^0x(?=[0-9a-fA-F]*[1-9a-fA-F])[0-9a-fA-F]{1,64}$/, 'Expected a 0x quantity above 0 of at most 256 bits'))

/** EIP-2294's bound on a chain id, so that v = chainId * 2 + 36 fits in 64 bits. */
export const EIP2294_MAX_CHAIN_ID = 0x7fffffffffffffdbn

/** A chain id as hex (ERC-7715 writes "0x01", so leading zeros pass); 0 is every chain, never one. */
export const HexChainId = z.string().check(
  z.regex(/^0x[0-9a-fA-F]{1,16}$/, { error: 'Expected a 0x chain id', abort: true }),
  z.refine((id) => BigInt(id) > 0n && BigInt(id) <= EIP2294_MAX_CHAIN_ID, 'Chain id must be 1 to 2^63-37 (EIP-2294)'),
)

/** 9999-12-31T23:59:59Z: later times are typing mistakes (or milliseconds), and Date shows this one. */
export const MAX_UNIX_SECONDS = 253_402_300_799
/** Unix time in whole seconds. Whether it is in the past is the frame's question, not the schema's. */
export const UnixSeconds = z.int().check(z.minimum(0), z.maximum(MAX_UNIX_SECONDS))
/** A duration in whole seconds, at least one. */
export const DurationSeconds = z.int().check(z.minimum(1), z.maximum(MAX_UNIX_SECONDS))

/**
 * A record whose keys match `key` and that has at most `maxEntries` of them. A prototype key is
 * refused outright: zod would drop `__proto__` silently, and a dapp that sent one is hostile.
 */
export const boundedRecord = <V extends z.core.SomeType>(key: RegExp, value: V, maxEntries: number) =>
  z.pipe(
    z
      .unknown()
      .check(
        z.refine(
          (input) =>
            typeof input !== 'object' ||
            input === null ||
            (Object.keys(input).length <= maxEntries && Object.keys(input).every((name) => !POLLUTING_KEYS.has(name) && key.test(name))),
          `Expected at most ${maxEntries} keys matching ${key}, none of __proto__, constructor, prototype`,
        ),
      ),
    z.record(z.string(), value),
  )
