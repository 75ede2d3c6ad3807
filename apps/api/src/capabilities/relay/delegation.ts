import { getAddress, type Address, type Hex, type SignedAuthorization } from 'viem'
import { recoverAuthorizationAddress } from 'viem/utils'
import { nodeFailure, SENT_TTL_MS, type BuiltInContext } from './context'
import { RelayError, RelayErrorCode, type AuthorizationParams } from './rpc'
import { getPolicy, releaseReservation, reserveSponsorship, settleReservation } from './store'
import type * as z from 'zod'

/**
 * The type-4 transaction's gas limit: 21,000, 25,000 for the authorization of an empty account,
 * and the DeleGator's receive() the call to the account runs; fixed and generous, its reservation
 * settles to the gas paid.
 */
export const DELEGATION_GAS = 100_000n

/** How long the relay waits for the delegation to be mined before it answers (the account cannot be used before). */
const MINED_WITHIN_MS = 60_000

/**
 * airlock_sendAuthorization: sends `authorization` (the account's own signature delegating it to
 * the DeleGator) in a type-4 transaction from the relayer, to the account with no data, and
 * answers its hash once mined; its gas is charged to the project's budget on this chain.
 */
export async function sendAuthorization(ctx: BuiltInContext, [params]: z.output<typeof AuthorizationParams>): Promise<Hex> {
  const { address, authorization } = params
  const refuse = (message: string) => new RelayError(RelayErrorCode.InvalidParams, message)
  if (authorization.chainId === 0) throw refuse('An EIP-7702 authorization must name its chain: chain id 0 is valid on every chain')
  if (authorization.chainId !== ctx.chainId) {
    throw refuse(`The authorization is for chain ${authorization.chainId}, not this endpoint's chain (${ctx.chainId})`)
  }
  if (authorization.address.toLowerCase() !== ctx.delegator.toLowerCase()) {
    throw refuse(
      `The authorization delegates to ${authorization.address}: this relay sends only delegations to the EIP7702StatelessDeleGator at ${ctx.delegator}`,
    )
  }
  const signed: SignedAuthorization = { ...authorization, yParity: authorization.yParity }
  let signer: Address
  try {
    signer = await recoverAuthorizationAddress({ authorization: signed })
  } catch {
    throw refuse('The authorization signature is not valid')
  }
  if (signer.toLowerCase() !== address.toLowerCase()) {
    throw refuse(`The authorization is signed by ${getAddress(signer)}, not by ${address}`)
  }
  const nonce = await ctx.client.getTransactionCount({ address, blockTag: 'pending' }).catch((error: unknown) => {
    throw new RelayError(RelayErrorCode.Internal, `The chain node failed: ${nodeFailure(error)}`)
  })
  // A type-4 transaction carrying a stale authorization is mined and skips it: refused before it costs gas.
  if (authorization.nonce !== nonce) {
    throw refuse(
      `The authorization's nonce ${authorization.nonce} is not ${address}'s next nonce (${nonce}): it was used already or is out of order`,
    )
  }

  const fees = await ctx.client.estimateFeesPerGas()
  const policy = await getPolicy(ctx.db, ctx.project.id)
  const reserved = await reserveSponsorship(
    ctx.db,
    policy,
    { chainId: ctx.chainId, maxCostWei: DELEGATION_GAS * fees.maxFeePerGas },
    { now: ctx.now(), ttlMs: SENT_TTL_MS, key: `delegation:${ctx.chainId}:${address.toLowerCase()}:${nonce}` },
  )
  if (!reserved.ok) throw new RelayError(RelayErrorCode.RejectedByPaymaster, reserved.reason)
  let hash: Hex
  try {
    hash = await ctx.relayer.send(ctx.client, { to: address, gas: DELEGATION_GAS, ...fees, authorizationList: [signed] })
  } catch (error) {
    await releaseReservation(ctx.db, reserved.id)
    throw new RelayError(RelayErrorCode.Internal, `The relayer could not send the delegation: ${nodeFailure(error)}`)
  }
  const receipt = await ctx.client.waitForTransactionReceipt({ hash, timeout: MINED_WITHIN_MS }).catch((error: unknown) => {
    throw new RelayError(RelayErrorCode.Internal, `The delegation ${hash} was sent but is not mined yet: ${nodeFailure(error)}`)
  })
  await settleReservation(ctx.db, reserved.id, receipt.gasUsed * receipt.effectiveGasPrice)
  return hash
}
