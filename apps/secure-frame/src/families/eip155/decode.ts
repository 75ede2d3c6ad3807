import { feeFieldsProblem, formatUnits, getEvmNetwork } from '@airlock/chains'
import { decodeExecute } from '@airlock/chains/eip155'
import { groupDigits, type TokenLookup } from '../../display/amounts'
import { invalidRequest, type ApprovalInput, type NetworkLabel, type RequestDecoder } from '../../display/decoded'
import { decodeMessage } from '../../display/message'
import { decodeSiwx } from '../../display/siwx'
import { decodeCalldata, isDataHex, type DecodedData } from './calldata'
import { revokedPermissions } from './permissions/revokeSheet'
import { decodePermissions, type DecodedPermissions, type PermissionLine } from './permissions/sheet'
import { knownToken } from './tokens'
import { chainIdOf, decodeTypedData, isPlainObject, type DecodedTypedData } from './typedData'

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/
const HEX_QUANTITY = /^0x[0-9a-fA-F]{1,64}$/

/** An eip155 transaction as the confirmation shows it. */
export interface DecodedTransaction {
  /** Absent for a contract creation. */
  to: string | undefined
  value: bigint
  /** '1.5 ETH' in the network's native currency (wei when the network is unknown). */
  valueText: string
  data: DecodedData
  /** The gas limit, in decimal. */
  gas?: string
  nonce?: string
  /** The most the network fee can cost: gas x maxFeePerGas (or gasPrice), in the native currency. */
  maxFeeText?: string
}

/** One call of a batch (wallet_sendCalls) as the confirmation shows it. */
export interface DecodedCall {
  to: string
  value: bigint
  valueText: string
  data: DecodedData
}

/** A batch of calls from the smart account: one user operation, read back from its signed callData. */
export interface DecodedCalls {
  calls: DecodedCall[]
  /** 'sponsored': the app's paymaster pays; else the most the network fee can cost the account. */
  fee: { sponsored: true } | { sponsored: false; maxFeeText: string }
  /** The DeleGator this batch delegates the account to (EIP-7702), when it is not delegated yet. */
  upgradeTo?: string
  nonce: string
}

/** The kinds only eip155 decodes (render.ts draws them). */
export type Eip155Kind =
  | { kind: 'typedData'; typedData: DecodedTypedData; address: string }
  | { kind: 'transaction'; transaction: DecodedTransaction }
  | { kind: 'calls'; batch: DecodedCalls }
  | { kind: 'permissions'; sheet: DecodedPermissions }
  /** A batch that disables permissions' delegations (revoke.ts), each described from its caveats. */
  | { kind: 'revoke'; batch: DecodedCalls; revoked: (PermissionLine | 'undescribed')[] }

function networkLabel(chainId: number): NetworkLabel {
  const network = getEvmNetwork(chainId)
  return network
    ? { chainId, name: network.name, native: { symbol: network.nativeCurrency.symbol, decimals: network.nativeCurrency.decimals } }
    : { chainId, name: `Chain ${chainId}`, native: undefined }
}

/**
 * personal_sign, eth_signTypedData_v4 and eth_sendTransaction: the message as text or hex, the typed
 * data as a tree, the transaction the widget filled with its call decoded.
 */
export const decodeEip155Request: RequestDecoder<number, Eip155Kind> = (request, context) => {
  const network = networkLabel(request.chainId)
  const common = { method: request.method, network, warnings: [] as string[] }
  const params = request.params
  const invalid = (error: string) => invalidRequest(common, params, error)
  switch (request.method) {
    case 'personal_sign': {
      if (!Array.isArray(params) || typeof params[0] !== 'string') return invalid('The message to sign is missing.')
      const address = typeof params[1] === 'string' ? params[1] : request.from
      checkAddress(common.warnings, address, request.from, 'The request names the address')
      const message = decodeMessage(params[0])
      const siwx = decodeSiwx(
        message,
        { ...context, chainId: request.chainId, networkName: network.name, from: request.from },
        common.warnings,
      )
      return { ...common, kind: 'message', message, address, ...(siwx ? { siwx } : {}) }
    }
    case 'eth_signTypedData_v4': {
      if (!Array.isArray(params) || params.length < 2) return invalid('The typed data to sign is missing.')
      const decoded = decodeTypedData(params[1])
      if (!decoded.ok) return invalid(decoded.error)
      const address = typeof params[0] === 'string' ? params[0] : request.from
      checkAddress(common.warnings, address, request.from, 'The request names the address')
      const domainChain = decoded.data.domainChainId
      if (decoded.data.domain.chainId !== undefined && domainChain !== request.chainId) {
        common.warnings.push(
          `This signature is for chain ${decoded.data.domain.chainId}, not ${network.name} (${request.chainId}) the wallet is on.`,
        )
      }
      return { ...common, kind: 'typedData', typedData: decoded.data, address }
    }
    case 'eth_sendTransaction': {
      const tx = Array.isArray(params) ? params[0] : undefined
      if (!isPlainObject(tx)) return invalid('The transaction is missing.')
      const decoded = decodeTransaction(tx, network, request, common.warnings)
      return typeof decoded === 'string' ? invalid(decoded) : { ...common, kind: 'transaction', transaction: decoded }
    }
    case 'wallet_sendCalls': {
      const shown = Array.isArray(params) ? params[0] : undefined
      if (!isPlainObject(shown)) return invalid('The calls are missing.')
      const decoded = decodeCalls(shown, network, request, common.warnings)
      return typeof decoded === 'string' ? invalid(decoded) : { ...common, kind: 'calls', batch: decoded }
    }
    case 'wallet_revokeExecutionPermission':
    case 'wallet_revokePermissions': {
      const shown = Array.isArray(params) ? params[0] : undefined
      if (!isPlainObject(shown)) return invalid('The calls are missing.')
      const batch = decodeCalls(shown, network, request, common.warnings)
      if (typeof batch === 'string') return invalid(batch)
      // decodeCalls read the call data: it is hex that decodes.
      const revoked = revokedPermissions((shown.userOperation as { callData: `0x${string}` }).callData, request.chainId)
      return revoked.length === 0 ? invalid('The batch revokes no permission.') : { ...common, kind: 'revoke', batch, revoked }
    }
    case 'wallet_requestExecutionPermissions':
    case 'wallet_grantPermissions': {
      const sheet = decodePermissions(params, request.from, request.chainId)
      return typeof sheet === 'string' ? invalid(sheet) : { ...common, kind: 'permissions', sheet }
    }
    default:
      // The frame refuses other methods before it asks the user (prepare.ts).
      return invalid(`${request.method} cannot be confirmed here.`)
  }
}

/** The transaction, or why it cannot be read. Mismatches the user should see go to `warnings`. */
function decodeTransaction(
  tx: Record<string, unknown>,
  network: NetworkLabel,
  request: ApprovalInput<number>,
  warnings: string[],
): DecodedTransaction | string {
  const { to, value, gas, nonce } = tx
  // The frame shows what it built to sign (prepare.ts): one kind of fee, which its type names.
  const mixed = feeFieldsProblem({ gasPrice: hexOrUndefined(tx.gasPrice), maxFeePerGas: hexOrUndefined(tx.maxFeePerGas) })
  if (mixed) return mixed
  const feePerGas = tx.type === '0x2' || tx.maxFeePerGas !== undefined ? tx.maxFeePerGas : tx.gasPrice
  const data = tx.data ?? tx.input
  if (to !== undefined && to !== null && (typeof to !== 'string' || !EVM_ADDRESS.test(to))) return 'The recipient is not an address.'
  if (value !== undefined && value !== null && (typeof value !== 'string' || !HEX_QUANTITY.test(value)))
    return 'The value is not a hex quantity.'
  if (data !== undefined && data !== null && (typeof data !== 'string' || !isDataHex(data))) return 'The data is not hex bytes.'
  if (tx.data !== undefined && tx.input !== undefined && tx.data !== tx.input) return 'The transaction has two different data fields.'
  if (gas !== undefined && gas !== null && (typeof gas !== 'string' || !HEX_QUANTITY.test(gas)))
    return 'The gas limit is not a hex quantity.'
  if (nonce !== undefined && nonce !== null && (typeof nonce !== 'string' || !HEX_QUANTITY.test(nonce)))
    return 'The nonce is not a hex quantity.'
  if (feePerGas !== undefined && feePerGas !== null && (typeof feePerGas !== 'string' || !HEX_QUANTITY.test(feePerGas)))
    return 'The fee is not a hex quantity.'
  checkAddress(warnings, tx.from, request.from, 'The transaction names the sender')
  checkChain(warnings, tx.chainId, network)

  const recipient = typeof to === 'string' ? to : undefined
  const amount = typeof value === 'string' ? BigInt(value) : 0n
  const decoded = decodeCall(typeof data === 'string' ? (data as `0x${string}`) : '0x', recipient, network, request, warnings)
  return {
    to: recipient,
    value: amount,
    valueText: nativeAmount(amount, network),
    data: decoded,
    ...(typeof gas === 'string' ? { gas: BigInt(gas).toString() } : {}),
    ...(typeof nonce === 'string' ? { nonce: BigInt(nonce).toString() } : {}),
    ...(typeof gas === 'string' && typeof feePerGas === 'string'
      ? { maxFeeText: nativeAmount(BigInt(gas) * BigInt(feePerGas), network) }
      : {}),
  }
}

/** A call's data decoded, with the warnings it calls for (a swap paying out to someone else). */
function decodeCall(
  data: `0x${string}`,
  recipient: string | undefined,
  network: NetworkLabel,
  request: ApprovalInput<number>,
  warnings: string[],
): DecodedData {
  const tokens: TokenLookup = (address) => knownToken(request.chainId, address)
  const decoded = decodeCalldata(data, recipient, network.native, tokens)
  if (decoded.kind === 'call') {
    const receiver = decoded.functionName.startsWith('swap') ? decoded.args.find((a) => a.name === 'to')?.value : undefined
    if (receiver && receiver.toLowerCase() !== request.from.toLowerCase())
      warnings.push(`The swap pays out to ${receiver}, not to your address.`)
  }
  return decoded
}

const USER_OPERATION_GAS = [
  'callGasLimit',
  'verificationGasLimit',
  'preVerificationGas',
  'paymasterVerificationGasLimit',
  'paymasterPostOpGasLimit',
] as const

/**
 * The batch the frame built to sign (smart-account/prepareCalls.ts): its calls read back from the
 * user operation's callData, so that what is shown is what the account will execute.
 */
function decodeCalls(
  shown: Record<string, unknown>,
  network: NetworkLabel,
  request: ApprovalInput<number>,
  warnings: string[],
): DecodedCalls | string {
  const op = shown.userOperation
  if (!isPlainObject(op)) return 'The user operation is missing.'
  const { callData, nonce, maxFeePerGas, paymaster } = op
  if (typeof callData !== 'string' || !isDataHex(callData)) return 'The user operation has no call data.'
  if (typeof nonce !== 'string' || !HEX_QUANTITY.test(nonce)) return 'The nonce is not a hex quantity.'
  if (typeof maxFeePerGas !== 'string' || !HEX_QUANTITY.test(maxFeePerGas)) return 'The fee is not a hex quantity.'
  if (paymaster !== undefined && (typeof paymaster !== 'string' || !EVM_ADDRESS.test(paymaster))) return 'The paymaster is not an address.'
  let gas = 0n
  for (const name of USER_OPERATION_GAS) {
    const value = op[name]
    if (value === undefined) continue
    if (typeof value !== 'string' || !HEX_QUANTITY.test(value)) return `The ${name} is not a hex quantity.`
    gas += BigInt(value)
  }
  let executed: ReturnType<typeof decodeExecute>
  try {
    executed = decodeExecute(callData as `0x${string}`)
  } catch (error) {
    return `The calls cannot be read: ${(error as Error).message}`
  }
  const upgrade = shown.upgrade
  if (upgrade !== undefined && (!isPlainObject(upgrade) || typeof upgrade.contract !== 'string' || !EVM_ADDRESS.test(upgrade.contract)))
    return 'The account upgrade names no contract.'
  checkAddress(warnings, op.sender, request.from, 'The operation names the sender')
  checkAddress(warnings, shown.from, request.from, 'The request names the sender')
  checkChain(warnings, shown.chainId, network)
  return {
    calls: executed.map((call) => ({
      to: call.to,
      value: call.value,
      valueText: nativeAmount(call.value, network),
      data: decodeCall(call.data, call.to, network, request, warnings),
    })),
    fee: paymaster ? { sponsored: true } : { sponsored: false, maxFeeText: nativeAmount(gas * BigInt(maxFeePerGas), network) },
    ...(upgrade ? { upgradeTo: upgrade.contract as string } : {}),
    nonce: BigInt(nonce).toString(),
  }
}

const hexOrUndefined = (value: unknown) => (typeof value === 'string' && HEX_QUANTITY.test(value) ? value : undefined)

function nativeAmount(value: bigint, network: NetworkLabel): string {
  return network.native ? `${groupDigits(formatUnits(value, network.native.decimals))} ${network.native.symbol}` : `${value} wei`
}

function checkAddress(warnings: string[], named: unknown, from: string, what: string): void {
  if (named === undefined || named === null) return
  if (typeof named !== 'string' || named.toLowerCase() !== from.toLowerCase())
    warnings.push(`${what} ${String(named).slice(0, 64)}, which is not your account ${from}.`)
}

function checkChain(warnings: string[], named: unknown, network: NetworkLabel): void {
  if (named === undefined || named === null) return
  if (chainIdOf(named) !== network.chainId)
    warnings.push(`The request is for chain ${String(named).slice(0, 24)}, not ${network.name} (${network.chainId}) the wallet is on.`)
}
