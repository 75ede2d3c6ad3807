import { decodeEip155Request } from './eip155'
import type { ApprovalInput, DecodeContext, DecodedRequest } from './request'
import { decodeSolanaRequest } from './solana'

/**
 * What an embedded-wallet request asks the user to sign, decoded for the frame's confirmation (and
 * its popup). Pure: no DOM, no network. The frame decodes what it will sign: the params after its
 * own checks, and for eth_sendTransaction the transaction the widget filled (nonce, gas, fees), so
 * that what is shown is what is signed. Every field is still treated as untrusted: a malformed
 * request decodes to `invalid` and can only be rejected. Each family decodes its own requests
 * (eip155.ts, solana.ts) into the one shape of request.ts.
 */

export type { ApprovalChainId, ApprovalInput, DecodeContext, DecodedRequest, DecodedSolanaTransaction, DecodedTransaction } from './request'
export { PARAMS_DISPLAY_LIMIT } from './request'
export type { DecodedSiwx } from './request'
export type { DecodedSolanaInstruction, InstructionAccount } from './solanaInstructions'

/**
 * Whether the user may approve it: a request we could not read is rejected, never signed blind, and
 * so is a sign-in to another site than the one asking.
 */
export function isApprovable(decoded: DecodedRequest): boolean {
  return decoded.kind !== 'invalid' && !(decoded.kind === 'message' && decoded.siwx?.refusal !== undefined)
}

export function decodeRequest(request: ApprovalInput, context: DecodeContext = { dappOrigin: undefined, now: Date.now() }): DecodedRequest {
  const { chainId } = request
  return typeof chainId === 'number'
    ? decodeEip155Request({ ...request, chainId }, context)
    : decodeSolanaRequest({ ...request, chainId }, context)
}
