import { encodePermissionContext, signDelegation } from '@airlock/chains/eip155'
import {
  executionPermissionError,
  fromLegacyGrant,
  ProviderRpcError,
  RpcErrorCode,
  WalletRequestExecutionPermissionsParams,
  type ExecutionPermissionRequest,
  type ExecutionPermissionResponse,
  type FrameRpcRequest,
} from '@airlock/protocol'
import { bytesToBigInt, numberToHex, type Address } from 'viem'
import * as z from 'zod/mini'
import { requestTools, type PrepareContext, type PreparedRequest } from '../../types'
import type { Eip155Account } from '../derive'
import type { Eip155Services } from '../prepare'
import { readChain, upgradeAccount } from '../smart-account/prepareCalls'
import { relayFailure } from '../smart-account/relay'
import { normalizeRequest, permissionDelegation, type GrantedRequest } from './caveats'
import { delegationFramework } from './framework'
import type { ShownPermissions } from './sheet'

export const GrantMessage = {
  unavailable: (chainId: unknown) => `Permissions need a smart account, which chain ${String(chainId)} does not have here`,
  noFramework: (delegator: string) => `The smart account's contract ${delegator} has no caveat enforcers this wallet knows`,
  noProject: 'Permissions need the dapp’s project to reach the chain',
  otherChain: (requested: number, current: unknown) =>
    `The permission is for chain ${requested}, the wallet is on chain ${String(current)}`,
  notMined: 'The account upgrade was sent but is not on chain yet: try again in a moment',
  failed: (reason: string) => `The account upgrade did not go through: ${reason}`,
} as const

const quantity = z.string().check(z.regex(/^0x[0-9a-fA-F]{1,64}$/))
const Block = z.object({ timestamp: quantity })
/** ERC-4337's eth_getUserOperationReceipt, as far as the grant reads it: null while pending. */
const Receipt = z.nullable(z.object({ success: z.boolean() }))
const UPGRADE_WAIT_MS = 30_000

/**
 * wallet_requestExecutionPermissions (and the first draft's wallet_grantPermissions, mapped): each
 * permission becomes a delegation from the account to the dapp's session account whose caveats
 * hold its limits on chain (caveats.ts). The sheet shows them; on approval the frame upgrades an
 * account not delegated yet (a delegation is redeemable only from a smart account), signs the
 * delegations and answers ERC-7715's responses, `context` the delegation the session key redeems.
 */
export async function preparePermissions(
  account: Eip155Account,
  request: FrameRpcRequest,
  { chainId, projectId }: PrepareContext,
  { smartAccounts }: Eip155Services,
): Promise<PreparedRequest> {
  const onChain = typeof chainId === 'number' ? chainId : undefined
  const { parse, prepared } = requestTools(request, { chainId: onChain, from: account.address })
  const requests = requestsOf(request, parse, onChain)
  const network = onChain === undefined ? undefined : smartAccounts?.network(onChain)
  if (onChain === undefined || !smartAccounts || !network)
    throw new ProviderRpcError(RpcErrorCode.UnsupportedMethod, GrantMessage.unavailable(chainId))
  for (const asked of requests) {
    const requested = Number(BigInt(asked.chainId))
    if (requested !== onChain) throw executionPermissionError(GrantMessage.otherChain(requested, onChain))
  }
  const framework = delegationFramework(network.delegator)
  if (!framework) throw new ProviderRpcError(RpcErrorCode.UnsupportedMethod, GrantMessage.noFramework(network.delegator))
  if (!projectId) throw new ProviderRpcError(RpcErrorCode.ResourceUnavailable, GrantMessage.noProject)

  const read = readChain(smartAccounts, network, projectId)
  const sender = account.address as Address
  const [block, delegated, transactionCount] = await Promise.all([
    // The chain's clock, not the frame's: a start after the latest block would refuse the first redemption.
    read('eth_getBlockByNumber', ['latest', false], Block),
    smartAccounts.refresh(onChain, sender, projectId),
    read('eth_getTransactionCount', [sender, 'pending'], quantity),
  ])
  const now = Number(BigInt(block.timestamp))
  const granted = requests.map((asked) => normalizeRequest(asked, sender, now))
  const upgrade = delegated ? undefined : { contract: network.delegator as Address, nonce: Number(BigInt(transactionCount)) }
  const shown: ShownPermissions = {
    from: sender,
    chainId: onChain,
    requests: granted,
    ...(upgrade ? { upgradeTo: upgrade.contract } : {}),
  }
  return prepared([shown], async (): Promise<ExecutionPermissionResponse[]> => {
    if (upgrade) {
      const relay = smartAccounts.relay(network, projectId)
      const hash = await upgradeAccount(account, { smartAccounts, network, projectId }, upgrade.nonce)
      await minedWithin(UPGRADE_WAIT_MS, async () => {
        const answer = await relay.call('eth_getUserOperationReceipt', [hash], Receipt)
        if (answer.kind !== 'result')
          throw new ProviderRpcError(RpcErrorCode.TransactionRejected, GrantMessage.failed(relayFailure(answer)))
        return answer.result
      })
    }
    const domain = { chainId: onChain, delegationManager: framework.delegationManager }
    return Promise.all(
      granted.map(async (grant: GrantedRequest) => {
        const delegation = await signDelegation(account.signer, permissionDelegation(grant, framework, randomSalt()), domain)
        return {
          ...grant,
          chainId: numberToHex(onChain),
          context: encodePermissionContext([delegation]),
          dependencies: [],
          delegationManager: framework.delegationManager,
        }
      }),
    )
  })
}

/** The requests as ERC-7715 spells them; the first draft's form is mapped, or refused with the reason. */
function requestsOf(
  request: FrameRpcRequest,
  parse: <T>(schema: z.ZodMiniType<T>) => T,
  chainId: number | undefined,
): ExecutionPermissionRequest[] {
  if (request.method !== 'wallet_grantPermissions') return parse(WalletRequestExecutionPermissionsParams)
  const mapped = fromLegacyGrant(request.params, chainId === undefined ? undefined : numberToHex(chainId))
  if (!mapped.ok) throw executionPermissionError(mapped.reason)
  return mapped.requests
}

/** Polls the upgrade's receipt until it is mined; a failed upgrade or none in time refuses the grant. */
async function minedWithin(ms: number, receipt: () => Promise<{ success: boolean } | null>): Promise<void> {
  const deadline = Date.now() + ms
  for (;;) {
    const mined = await receipt()
    if (mined) {
      if (mined.success) return
      break
    }
    if (Date.now() > deadline) break
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new ProviderRpcError(RpcErrorCode.TransactionRejected, GrantMessage.notMined)
}

/** A fresh salt per grant: two grants of the same permission are two delegations, each revoked on its own. */
const randomSalt = () => bytesToBigInt(crypto.getRandomValues(new Uint8Array(16)))
