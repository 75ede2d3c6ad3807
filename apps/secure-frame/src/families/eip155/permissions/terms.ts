import type { Delegation } from '@airlock/chains/eip155'
import type { ExecutionPermissionRequest, ExecutionRule } from '@airlock/protocol'
import { getAddress, hexToBigInt, numberToHex, size, slice, type Hex } from 'viem'
import type { DelegationFramework } from './framework'

/**
 * A delegation read back as the permission it holds, from its caveats' terms alone (caveats.ts
 * writes them): what a revoke's prompt shows of the delegation it disables. Undefined for a
 * delegation with a caveat this wallet does not write, which the prompt then says it cannot describe.
 */
export function permissionOfDelegation(
  delegation: Delegation,
  framework: DelegationFramework,
  chainId: number,
): ExecutionPermissionRequest | undefined {
  const is = (enforcer: string, known: string) => enforcer.toLowerCase() === known.toLowerCase()
  let period: ExecutionPermissionRequest['permission'] | undefined
  const rules: ExecutionRule[] = []
  for (const { enforcer, terms } of delegation.caveats) {
    if (is(enforcer, framework.erc20PeriodTransferEnforcer) && size(terms) === 116 && !period) {
      period = {
        type: 'erc20-token-periodic',
        isAdjustmentAllowed: false,
        data: {
          tokenAddress: getAddress(slice(terms, 0, 20)),
          periodAmount: numberToHex(hexToBigInt(slice(terms, 20, 52))),
          periodDuration: Number(hexToBigInt(slice(terms, 52, 84))),
          startTime: Number(hexToBigInt(slice(terms, 84, 116))),
        },
      }
    } else if (is(enforcer, framework.allowedCalldataEnforcer) && size(terms) === 64 && pinsFirstArgument(terms)) {
      rules.push({ type: 'payee', data: { addresses: [getAddress(slice(terms, 44, 64))] } })
    } else if (is(enforcer, framework.timestampEnforcer) && size(terms) === 32 && hexToBigInt(slice(terms, 0, 16)) === 0n) {
      rules.push({ type: 'expiry', data: { timestamp: Number(hexToBigInt(slice(terms, 16, 32))) } })
    } else {
      return undefined
    }
  }
  if (!period || new Set(rules.map((rule) => rule.type)).size !== rules.length) return undefined
  return {
    chainId: numberToHex(chainId),
    from: getAddress(delegation.delegator),
    to: getAddress(delegation.delegate),
    permission: period,
    rules,
  }
}

/** An AllowedCalldata pin of an address at byte 4: a transfer's recipient (the 12 bytes before it zero). */
const pinsFirstArgument = (terms: Hex) => hexToBigInt(slice(terms, 0, 32)) === 4n && hexToBigInt(slice(terms, 32, 44)) === 0n
