import { kusama, kusamaAssetHub, polkadot, polkadotAssetHub, polkadotDevnet } from '../networks'
import { polkadotAddressOn } from './address'
import { ScaleError, ScaleReader, toHex } from './scale'

/**
 * The calls a confirmation reads field by field, by where each runtime dispatches them: [pallet
 * index, call index]. Pallet indices are per runtime: Balances 10 and Utility 40 on the Asset Hubs
 * (and the devnet, a statemine runtime), 5/26 on Polkadot, 4/24 on Kusama, System 0 everywhere.
 * Call indices are the pallets' own (`#[pallet::call_index]`), except on old runtimes: the devnet's
 * statemine 900 still has System.fill_block at 0, so remark is 1 there. packages/devnet's
 * polkadot/payload.test.ts checks the devnet's against its metadata. Any other call, or a network
 * not listed, is `unknown`: shown as indices and bytes.
 */
export type PolkadotCallName = 'transfer_allow_death' | 'transfer_keep_alive' | 'transfer_all' | 'remark' | 'batch_all'
type CallTable = Readonly<Record<PolkadotCallName, readonly [pallet: number, call: number]>>

const table = (system: number, balances: number, utility: number, remark = 0): CallTable => ({
  transfer_allow_death: [balances, 0],
  transfer_keep_alive: [balances, 3],
  transfer_all: [balances, 4],
  remark: [system, remark],
  batch_all: [utility, 2],
})
const ASSET_HUB = table(0, 10, 40)

export const POLKADOT_CALLS: Readonly<Record<string, CallTable>> = {
  [polkadotAssetHub.caipNetworkId]: ASSET_HUB,
  [kusamaAssetHub.caipNetworkId]: ASSET_HUB,
  [polkadotDevnet.caipNetworkId]: table(0, 10, 40, 1),
  [polkadot.caipNetworkId]: table(0, 5, 26),
  [kusama.caipNetworkId]: table(0, 4, 24),
}

/** A batch_all of more calls than this is shown as unknown: no one reviews them one by one. */
const MAX_BATCH = 64

/**
 * Where funds go. `Id` is an account (shown in the network's SS58); the other MultiAddress
 * variants (an account index, raw bytes, a 32- or 20-byte address) are shown as their value, and
 * most runtimes (AccountIdLookup) refuse all but Id and Index.
 */
export type PolkadotReceiver =
  { kind: 'id'; address: string } | { kind: 'index'; index: bigint } | { kind: 'raw' | 'address32' | 'address20'; hex: `0x${string}` }

export type PolkadotCall =
  | { kind: 'transfer'; call: 'transfer_allow_death' | 'transfer_keep_alive'; receiver: PolkadotReceiver; amount: bigint }
  | { kind: 'transferAll'; receiver: PolkadotReceiver; keepAlive: boolean }
  | { kind: 'remark'; remark: Uint8Array }
  | { kind: 'batchAll'; calls: PolkadotCall[] }
  | { kind: 'unknown'; pallet: number; call: number; hex: `0x${string}` }

/** The call `method` holds (its bytes whole: trailing bytes make it unknown), on `caipNetworkId`. */
export function decodeCall(method: Uint8Array, caipNetworkId: string): PolkadotCall {
  // Own keys only: a network id such as `constructor` names no table.
  const calls = Object.hasOwn(POLKADOT_CALLS, caipNetworkId) ? POLKADOT_CALLS[caipNetworkId] : undefined
  const reader = new ScaleReader(method)
  try {
    const call = calls && readCall(reader, calls, caipNetworkId, true)
    if (call) {
      reader.end('call')
      return call
    }
  } catch (error) {
    if (!(error instanceof ScaleError)) throw error
  }
  return { kind: 'unknown', pallet: method[0] ?? 0, call: method[1] ?? 0, hex: toHex(method) }
}

/** One call; undefined when it is none the table knows (its length then is unknown too). */
function readCall(reader: ScaleReader, calls: CallTable, caipNetworkId: string, outer: boolean): PolkadotCall | undefined {
  const index = [reader.u8('pallet index'), reader.u8('call index')] as const
  const is = (name: PolkadotCallName) => calls[name][0] === index[0] && calls[name][1] === index[1]
  if (is('transfer_allow_death') || is('transfer_keep_alive')) {
    const call = is('transfer_allow_death') ? 'transfer_allow_death' : 'transfer_keep_alive'
    const receiver = readMultiAddress(reader, caipNetworkId)
    return { kind: 'transfer', call, receiver, amount: reader.compact('amount') }
  }
  if (is('transfer_all')) {
    const receiver = readMultiAddress(reader, caipNetworkId)
    const keepAlive = reader.u8('keep_alive')
    if (keepAlive > 1) throw new ScaleError(`keep_alive: ${keepAlive} is no bool`)
    return { kind: 'transferAll', receiver, keepAlive: keepAlive === 1 }
  }
  if (is('remark')) return { kind: 'remark', remark: reader.bytesWithLength('remark') }
  // Batches nest no further: a batch inside a batch is shown as unknown.
  if (outer && is('batch_all')) {
    const count = reader.compact('batch_all length')
    if (count > BigInt(MAX_BATCH)) return undefined
    const inner: PolkadotCall[] = []
    for (let i = 0n; i < count; i++) {
      const call = readCall(reader, calls, caipNetworkId, false)
      if (!call) return undefined
      inner.push(call)
    }
    return { kind: 'batchAll', calls: inner }
  }
  return undefined
}

function readMultiAddress(reader: ScaleReader, caipNetworkId: string): PolkadotReceiver {
  const variant = reader.u8('MultiAddress variant')
  switch (variant) {
    case 0:
      return { kind: 'id', address: polkadotAddressOn(reader.take(32, 'MultiAddress::Id').slice(), caipNetworkId) }
    case 1:
      return { kind: 'index', index: reader.compact('MultiAddress::Index') }
    case 2:
      return { kind: 'raw', hex: toHex(reader.bytesWithLength('MultiAddress::Raw')) }
    case 3:
      return { kind: 'address32', hex: toHex(reader.take(32, 'MultiAddress::Address32')) }
    case 4:
      return { kind: 'address20', hex: toHex(reader.take(20, 'MultiAddress::Address20')) }
    default:
      throw new ScaleError(`MultiAddress: variant ${variant} does not exist`)
  }
}
