import { decodeExecute, delegationManagerAbi } from '@airlock/chains/eip155'
import { decodeFunctionData, type Hex } from 'viem'
import { frameworkOfManager } from './framework'
import { permissionLine, type PermissionLine } from './sheet'
import { permissionOfDelegation } from './terms'

/**
 * What a revoke disables, read from the signed operation's own calls (never from the dapp's
 * params): each DelegationManager.disableDelegation call's delegation, in the sheet's words, or
 * 'undescribed' for one whose caveats this wallet did not write. Empty: the batch revokes nothing.
 */
export function revokedPermissions(callData: Hex, chainId: number): (PermissionLine | 'undescribed')[] {
  const revoked: (PermissionLine | 'undescribed')[] = []
  for (const call of decodeExecute(callData)) {
    const framework = frameworkOfManager(call.to)
    if (!framework) continue
    let delegation
    try {
      const decoded = decodeFunctionData({ abi: delegationManagerAbi, data: call.data })
      if (decoded.functionName !== 'disableDelegation') continue
      delegation = decoded.args[0]
    } catch {
      continue
    }
    const permission = permissionOfDelegation(delegation, framework, chainId)
    revoked.push((permission && permissionLine(permission, chainId)) ?? 'undescribed')
  }
  return revoked
}
