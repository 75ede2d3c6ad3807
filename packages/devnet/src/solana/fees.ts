import type { Message } from './wire'

export const LAMPORTS_PER_SIGNATURE = 5000n
const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111'
const MAX_COMPUTE_UNIT_LIMIT = 1_400_000n
const DEFAULT_INSTRUCTION_COMPUTE_UNIT_LIMIT = 200_000n
/** Builtin programs are budgeted 3,000 units per instruction by default, others 200,000. */
const BUILTIN_INSTRUCTION_COMPUTE_UNIT_LIMIT = 3_000n
const BUILTINS = new Set([
  '11111111111111111111111111111111',
  COMPUTE_BUDGET_PROGRAM,
  'AddressLookupTab1e1111111111111111111111111',
  'BPFLoader1111111111111111111111111111111111',
  'BPFLoader2111111111111111111111111111111111',
  'BPFLoaderUpgradeab1e11111111111111111111111',
  'LoaderV411111111111111111111111111111111111',
  'Vote111111111111111111111111111111111111111',
  'Stake11111111111111111111111111111111111111',
  'Config1111111111111111111111111111111111111',
])

export interface ComputeBudget {
  /** Micro-lamports per compute unit (SetComputeUnitPrice), 0 when not set. */
  unitPrice: bigint
  /** The requested limit (SetComputeUnitLimit), or the default for these instructions. */
  unitLimit: bigint
}

/** The compute budget a legacy or v0 message asks for through ComputeBudget instructions. */
export function computeBudgetOf(message: Message): ComputeBudget {
  let unitPrice = 0n
  let requestedLimit: bigint | undefined
  let defaultLimit = 0n
  for (const instruction of message.instructions) {
    const program = message.staticAccounts[instruction.programAddressIndex]
    const data = instruction.data ?? new Uint8Array()
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
    if (program === COMPUTE_BUDGET_PROGRAM) {
      if (data[0] === 2 && data.length >= 5) requestedLimit = BigInt(view.getUint32(1, true))
      if (data[0] === 3 && data.length >= 9) unitPrice = view.getBigUint64(1, true)
    }
    defaultLimit += program && BUILTINS.has(program) ? BUILTIN_INSTRUCTION_COMPUTE_UNIT_LIMIT : DEFAULT_INSTRUCTION_COMPUTE_UNIT_LIMIT
  }
  const unitLimit = requestedLimit ?? defaultLimit
  return { unitPrice, unitLimit: unitLimit > MAX_COMPUTE_UNIT_LIMIT ? MAX_COMPUTE_UNIT_LIMIT : unitLimit }
}

/** What the cluster charges for this message: 5,000 lamports a signature plus the priority fee. */
export function feeFor(message: Message): bigint {
  const { unitPrice, unitLimit } = computeBudgetOf(message)
  const priority = (unitPrice * unitLimit + 999_999n) / 1_000_000n
  return LAMPORTS_PER_SIGNATURE * BigInt(message.header.numSignerAccounts) + priority
}
