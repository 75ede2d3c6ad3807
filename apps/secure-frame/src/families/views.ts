import type { ApprovalInput, DecodeContext, Decoded } from '../display/decoded'
import { invalidRequest } from '../display/decoded'
import type { Parts } from '../display/dom'
import type { BitcoinKind } from './bip122/view'
import { eip155View, type Eip155Kind } from './eip155/view'
import type { PolkadotKind } from './polkadot/view'
import type { SolanaKind } from './solana/view'
import type { FamilyView } from './types'

/**
 * What an embedded-wallet request asks the user to sign, decoded for the frame's confirmation (and
 * its popup). Pure: no DOM, no network. The frame decodes what it will sign: the params after its
 * own checks, and for eth_sendTransaction the transaction the widget filled (nonce, gas, fees), so
 * that what is shown is what is signed. Every field is still treated as untrusted: a malformed
 * request decodes to `invalid` and can only be rejected. Each family decodes its own requests
 * (families/<ns>/decode.ts) into the one shape of display/decoded.ts.
 */

/**
 * The families' confirmations: a line here per family of registry.ts. eip155's is in the prompt's
 * chunk; the others load with their family's first request (loadView), so that an eip155 prompt
 * never downloads Solana's transaction codec, bitcoinjs or Polkadot's payload decoder.
 */
const LAZY_VIEWS: Readonly<Record<string, () => Promise<FamilyView>>> = {
  solana: () => import('./solana/view').then((module) => module.solanaView as FamilyView),
  bip122: () => import('./bip122/view').then((module) => module.bip122View as FamilyView),
  polkadot: () => import('./polkadot/view').then((module) => module.polkadotView as FamilyView),
}
const views: FamilyView[] = [eip155View as FamilyView]

/**
 * Loads the confirmation of the family whose chain `chainId` is (a CAIP-2 id names it); undefined
 * when it is in already (eip155's always is), so that such a prompt draws at once.
 */
export function loadView(chainId: ApprovalInput['chainId']): Promise<void> | undefined {
  const namespace = typeof chainId === 'string' ? chainId.split(':')[0]! : 'eip155'
  if (views.some((view) => view.namespace === namespace) || !Object.hasOwn(LAZY_VIEWS, namespace)) return undefined
  return LAZY_VIEWS[namespace]!().then((view) => {
    if (!views.includes(view)) views.push(view)
  })
}

export type FamilyKinds = Eip155Kind | SolanaKind | BitcoinKind | PolkadotKind
export type DecodedRequest = Decoded<FamilyKinds>

/**
 * Whether the user may approve it: a request we could not read is rejected, never signed blind, and
 * so is a sign-in to another site than the one asking.
 */
export function isApprovable(decoded: DecodedRequest): boolean {
  return decoded.kind !== 'invalid' && !(decoded.kind === 'message' && decoded.siwx?.refusal !== undefined)
}

/**
 * The family that shows this request: the one whose chain it is for. The frame's chain ids name
 * their family (a CAIP-2 id its namespace, an eip155 chain is a number): each family reads its own.
 */
function viewOf(request: ApprovalInput) {
  for (const view of views) {
    const chainId = view.chainOf(request.chainId)
    if (chainId !== undefined) return { view, chainId }
  }
  return undefined
}

export function decodeRequest(request: ApprovalInput, context: DecodeContext = { dappOrigin: undefined, now: Date.now() }): DecodedRequest {
  const found = viewOf(request)
  if (!found) {
    const network = { chainId: request.chainId, name: String(request.chainId), native: undefined }
    return invalidRequest({ method: request.method, network, warnings: [] }, request.params, `${request.method} cannot be confirmed here.`)
  }
  return found.view.decode({ ...request, chainId: found.chainId }, context) as DecodedRequest
}

/** The title and parts of a family's own kind of request, drawn by that family. */
export function familyPrompt(request: ApprovalInput, decoded: Extract<DecodedRequest, FamilyKinds>): { title: string; parts: Parts } {
  const { view } = viewOf(request)!
  return { title: view.title(decoded), parts: view.parts(decoded) }
}
