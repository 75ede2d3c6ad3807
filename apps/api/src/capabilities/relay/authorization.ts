import { getAddress, type Address, type SignedAuthorization } from 'viem'
import { recoverAuthorizationAddress } from 'viem/utils'
import { nodeFailure, type RelayContext } from './context'
import { Eip7702Auth, RelayError, RelayErrorCode, type RpcUserOperation } from './rpc'

const refuse = (why: string) => new RelayError(RelayErrorCode.InvalidParams, `Invalid params at params.0.eip7702Auth: ${why}`)

/**
 * The operation's own EIP-7702 authorization (eip7702Auth), which its bundler puts in the type-4
 * handleOps transaction: read, and refused unless it delegates to this API's DeleGator on this
 * chain (never chain 0, valid on every chain). Undefined for an operation without one.
 */
export function readAuthorization(ctx: RelayContext, op: RpcUserOperation): SignedAuthorization | undefined {
  if (op.eip7702Auth === undefined) return undefined
  const parsed = Eip7702Auth.safeParse(op.eip7702Auth)
  if (!parsed.success) throw refuse('must be an EIP-7702 authorization { address, chainId, nonce, r, s, yParity }')
  const { address, chainId } = parsed.data
  if (chainId === 0) throw refuse('an EIP-7702 authorization must name its chain: chain id 0 is valid on every chain')
  if (chainId !== ctx.chainId) throw refuse(`the authorization is for chain ${chainId}, not this endpoint's chain (${ctx.chainId})`)
  if (address.toLowerCase() !== ctx.delegator.toLowerCase()) {
    throw refuse(`the authorization delegates to ${address}: accounts here delegate to the EIP7702StatelessDeleGator at ${ctx.delegator}`)
  }
  return parsed.data
}

/**
 * readAuthorization, and what the chain would skip silently (the transaction then lands without
 * the delegation, its operation failing at the relayer's cost): a nonce other than the sender's
 * next and, once `signed` (the operation sent), a signer other than the sender. Before that the
 * frame estimates and asks the paymaster with the authorization unsigned: it signs only after the
 * user's click, and neither the estimate nor the approval reads the signature.
 */
export async function checkAuthorization(
  ctx: RelayContext,
  op: RpcUserOperation,
  { signed }: { signed: boolean },
): Promise<SignedAuthorization | undefined> {
  const authorization = readAuthorization(ctx, op)
  if (!authorization) return undefined
  if (signed) {
    let signer: Address
    try {
      signer = await recoverAuthorizationAddress({ authorization })
    } catch {
      throw refuse('its signature is not valid')
    }
    if (signer.toLowerCase() !== op.sender.toLowerCase()) {
      throw refuse(`the authorization is signed by ${getAddress(signer)}, not by the operation's sender ${op.sender}`)
    }
  }
  const nonce = await ctx.client.getTransactionCount({ address: op.sender, blockTag: 'pending' }).catch((error: unknown) => {
    throw new RelayError(RelayErrorCode.Internal, `The chain node failed: ${nodeFailure(error)}`)
  })
  if (authorization.nonce !== nonce) {
    throw refuse(
      `the authorization's nonce ${authorization.nonce} is not ${op.sender}'s next nonce (${nonce}): it was used already or is out of order`,
    )
  }
  return authorization
}
