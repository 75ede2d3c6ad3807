import { decodeEip155Request } from './eip155'
import type { ApprovalInput, DecodedRequest } from './request'
import { decodeSolanaRequest } from './solana'

/**
 * What an embedded-wallet request asks the user to sign, decoded for the frame's confirmation (and
 * its popup). Pure: no DOM, no network. The frame decodes what it will sign: the params after its
 * own checks, and for eth_sendTransaction the transaction the widget filled (nonce, gas, fees), so
 * that what is shown is what is signed. Every field is still treated as untrusted: a malformed
 * request decodes to `invalid` and can only be rejected. Each family decodes its own requests
 * (eip155.ts, solana.ts) into the one shape of request.ts.
 */

export type { ApprovalChainId, ApprovalInput, DecodedRequest, DecodedSolanaTransaction, DecodedTransaction } from './request'
export { PARAMS_DISPLAY_LIMIT } from './request'
export type { DecodedSolanaInstruction, InstructionAccount } from './solanaInstructions'

/** Whether the user may approve it: a request we could not read is rejected, never signed blind. */
export function isApprovable(decoded: DecodedRequest): boolean {
  return decoded.kind !== 'invalid'
}

export function decodeRequest(request: ApprovalInput): DecodedRequest {
  const { chainId } = request
  return typeof chainId === 'number' ? decodeEip155Request({ ...request, chainId }) : decodeSolanaRequest({ ...request, chainId })
}
