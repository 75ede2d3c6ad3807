import {
  concat,
  decodeAbiParameters,
  encodeAbiParameters,
  encodeFunctionData,
  hashStruct,
  hashTypedData,
  isAddress,
  maxUint256,
  size,
  toHex,
  type Address,
  type Hex,
  type LocalAccount,
} from 'viem'

/** The authority of a delegation made by the account itself (not re-delegated). */
export const ROOT_AUTHORITY: Hex = toHex(maxUint256)

export interface Caveat {
  enforcer: Address
  terms: Hex
  /** Supplied by the redeemer; not signed. */
  args: Hex
}

/** A Delegation Framework delegation: `delegator` lets `delegate` act for it within the caveats. */
export interface Delegation {
  delegate: Address
  delegator: Address
  authority: Hex
  caveats: readonly Caveat[]
  salt: bigint
  signature: Hex
}

export interface DelegationDomain {
  chainId: number
  delegationManager: Address
}

const DELEGATION_TYPES = {
  Delegation: [
    { name: 'delegate', type: 'address' },
    { name: 'delegator', type: 'address' },
    { name: 'authority', type: 'bytes32' },
    { name: 'caveats', type: 'Caveat[]' },
    { name: 'salt', type: 'uint256' },
  ],
  Caveat: [
    { name: 'enforcer', type: 'address' },
    { name: 'terms', type: 'bytes' },
  ],
} as const

/** What is signed of a delegation: all but the signature and the caveats' args. */
function delegationMessage(delegation: Delegation) {
  const { delegate, delegator, authority, caveats, salt } = delegation
  return { delegate, delegator, authority, caveats: caveats.map(({ enforcer, terms }) => ({ enforcer, terms })), salt }
}

export function delegationTypedData(delegation: Delegation, { chainId, delegationManager }: DelegationDomain) {
  return {
    domain: { name: 'DelegationManager', version: '1', chainId, verifyingContract: delegationManager },
    types: DELEGATION_TYPES,
    primaryType: 'Delegation' as const,
    message: delegationMessage(delegation),
  }
}

/** DelegationManager.getDelegationHash: the struct hash that enforcers and disabledDelegations key on. */
export function delegationHash(delegation: Delegation): Hex {
  return hashStruct({ data: delegationMessage(delegation), primaryType: 'Delegation', types: DELEGATION_TYPES })
}

/** The EIP-712 digest the delegator signs (DelegationManager domain). */
export function delegationTypedDataHash(delegation: Delegation, domain: DelegationDomain): Hex {
  return hashTypedData(delegationTypedData(delegation, domain))
}

export async function signDelegation(
  account: Pick<LocalAccount, 'address' | 'signTypedData'>,
  delegation: Delegation,
  domain: DelegationDomain,
): Promise<Delegation> {
  if (account.address.toLowerCase() !== delegation.delegator.toLowerCase()) {
    throw new Error(`The signer ${account.address} is not the delegator ${delegation.delegator}`)
  }
  return { ...delegation, signature: await account.signTypedData(delegationTypedData(delegation, domain)) }
}

/** Terms are bytes: one case, whatever case the addresses came in. */
const lower = (parts: Hex[]): Hex => concat(parts).toLowerCase() as Hex

function uint(value: bigint | number, bytes: number, name: string): Hex {
  if (typeof value === 'number' && !Number.isSafeInteger(value)) throw new Error(`${name} must be an integer, got ${value}`)
  const v = BigInt(value)
  if (v < 0n || v >= 1n << BigInt(bytes * 8)) throw new Error(`${name} must fit in ${bytes * 8} bits, got ${v}`)
  return toHex(v, { size: bytes })
}

/** ERC20PeriodTransferEnforcer terms: token ‖ periodAmount ‖ periodDuration (s) ‖ startDate (s, > 0). */
export function erc20PeriodTransferTerms(p: { token: Address; periodAmount: bigint; periodDuration: number; startDate: number }): Hex {
  if (!isAddress(p.token, { strict: false })) throw new Error('token is not an address')
  if (p.periodAmount <= 0n || p.periodDuration <= 0 || p.startDate <= 0) {
    throw new Error('A periodic allowance needs a positive amount, duration and start date (the enforcer refuses zeros)')
  }
  return lower([
    p.token,
    uint(p.periodAmount, 32, 'periodAmount'),
    uint(p.periodDuration, 32, 'periodDuration'),
    uint(p.startDate, 32, 'startDate'),
  ])
}

/** AllowedCalldataEnforcer terms: the call's data must hold `value` at byte `startIndex` (4 = the first argument). */
export function allowedCalldataTerms({ startIndex, value }: { startIndex: number; value: Hex }): Hex {
  if (size(value) === 0) throw new Error('AllowedCalldata needs a non-empty value')
  return lower([uint(startIndex, 32, 'startIndex'), value])
}

/** TimestampEnforcer terms: valid strictly after `after` and strictly before `before` (seconds; 0 = unbounded). */
export function timestampTerms({ after, before }: { after: number; before: number }): Hex {
  if (before !== 0 && before <= after) throw new Error('A timestamp window must end after it starts')
  return lower([uint(after, 16, 'after'), uint(before, 16, 'before')])
}

const CAVEAT_COMPONENTS = [
  { name: 'enforcer', type: 'address' },
  { name: 'terms', type: 'bytes' },
  { name: 'args', type: 'bytes' },
] as const
const DELEGATION_COMPONENTS = [
  { name: 'delegate', type: 'address' },
  { name: 'delegator', type: 'address' },
  { name: 'authority', type: 'bytes32' },
  { name: 'caveats', type: 'tuple[]', components: CAVEAT_COMPONENTS },
  { name: 'salt', type: 'uint256' },
  { name: 'signature', type: 'bytes' },
] as const
export const delegationManagerAbi = [
  {
    type: 'function',
    name: 'redeemDelegations',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'permissionContexts', type: 'bytes[]' },
      { name: 'modes', type: 'bytes32[]' },
      { name: 'executionCallDatas', type: 'bytes[]' },
    ],
    outputs: [],
  },
  {
    type: 'function',
    name: 'disableDelegation',
    stateMutability: 'nonpayable',
    inputs: [{ name: 'delegation', type: 'tuple', components: DELEGATION_COMPONENTS }],
    outputs: [],
  },
  {
    type: 'function',
    name: 'disabledDelegations',
    stateMutability: 'view',
    inputs: [{ name: 'delegationHash', type: 'bytes32' }],
    outputs: [{ type: 'bool' }],
  },
  {
    type: 'function',
    name: 'getDelegationHash',
    stateMutability: 'pure',
    inputs: [{ name: 'delegation', type: 'tuple', components: DELEGATION_COMPONENTS }],
    outputs: [{ type: 'bytes32' }],
  },
  // Its refusals, so a failed redemption reads as a reason rather than a selector.
  { type: 'error', name: 'AlreadyDisabled', inputs: [] },
  { type: 'error', name: 'BatchDataLengthMismatch', inputs: [] },
  { type: 'error', name: 'CannotUseADisabledDelegation', inputs: [] },
  { type: 'error', name: 'EmptySignature', inputs: [] },
  { type: 'error', name: 'InvalidAuthority', inputs: [] },
  { type: 'error', name: 'InvalidDelegate', inputs: [] },
  { type: 'error', name: 'InvalidDelegator', inputs: [] },
  { type: 'error', name: 'InvalidEOASignature', inputs: [] },
  { type: 'error', name: 'InvalidERC1271Signature', inputs: [] },
] as const

/** A permission context: the chain of delegations, the redeemer's own (leaf) first, the root last. */
export function encodePermissionContext(chain: readonly Delegation[]): Hex {
  return encodeAbiParameters([{ type: 'tuple[]', components: DELEGATION_COMPONENTS }], [chain])
}

/** The delegation chain of a permission context (encodePermissionContext's inverse); throws on bytes that do not decode. */
export function decodePermissionContext(context: Hex): Delegation[] {
  const [chain] = decodeAbiParameters([{ type: 'tuple[]', components: DELEGATION_COMPONENTS }], context)
  return chain.map((delegation) => ({ ...delegation, caveats: delegation.caveats.map((caveat) => ({ ...caveat })) }))
}

/**
 * DelegationManager.redeemDelegations calldata: one permission context (delegation chain, leaf first), mode and
 * execution calldata (see encodeExecution) per redemption.
 */
export function encodeRedeemDelegations(
  delegations: readonly (readonly Delegation[])[],
  modes: readonly Hex[],
  executions: readonly Hex[],
): Hex {
  if (delegations.length === 0 || delegations.length !== modes.length || modes.length !== executions.length) {
    throw new Error(
      `redeemDelegations needs as many delegation chains, modes and executions (got ${delegations.length}, ${modes.length}, ${executions.length})`,
    )
  }
  return encodeFunctionData({
    abi: delegationManagerAbi,
    functionName: 'redeemDelegations',
    args: [delegations.map(encodePermissionContext), modes, executions],
  })
}

/** DelegationManager.disableDelegation calldata; only the delegator may call it (e.g. in a user operation). */
export function encodeDisableDelegation(delegation: Delegation): Hex {
  return encodeFunctionData({ abi: delegationManagerAbi, functionName: 'disableDelegation', args: [delegation] })
}
