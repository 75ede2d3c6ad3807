import { getEvmNetwork, getNetwork } from '@airlock/chains'
import { parseAnySiwxMessage } from '@airlock/protocol'
import type { DecodedMessage } from './message'
import type { ApprovalChainId, DecodedSiwx } from './decoded'

/**
 * A message to sign that is a sign-in (Sign in with X: EIP-4361 for eip155, CAIP-122 for Solana),
 * recognised so that the confirmation says what it is: a sign-in to a site, as an account, on a
 * network, valid for a while. Pure. The text is the one `decodeMessage` read, so what is shown is
 * what is signed; `parseAnySiwxMessage` accepts only a text its template writes byte for byte, so
 * no field can hide in a layout the fields shown would not give back.
 */

/** Who asks and when, for the checks a sign-in gets. */
export interface SiwxContext {
  /** The dapp's origin (the browser's word, or the widget's), undefined when neither says it. */
  dappOrigin: string | undefined
  /** The chain the wallet is on, and its name. */
  chainId: ApprovalChainId
  networkName: string
  /** The account that signs. */
  from: string
  now: number
}

export const SiwxText = {
  otherSite: (domain: string, origin: string) =>
    `This sign-in is for ${domain}, not the site asking (${origin}). A signature would let this site sign in as you there: it cannot be approved.`,
  otherUri: (uri: string, origin: string) => `The sign-in's URI ${uri.slice(0, 200)} is not on the site asking (${origin}).`,
  unknownSite: (domain: string) => `Nobody says which site asks: this wallet cannot check that this sign-in for ${domain} comes from it.`,
  otherAccount: (address: string, from: string) => `The sign-in is for the account ${address}, which is not your account ${from}.`,
  otherNetwork: (network: string, wallet: string) => `The sign-in is for ${network}, not ${wallet} the wallet is on.`,
  expired: (at: string) => `This sign-in message expired at ${at}: the site will refuse it.`,
  notYet: (at: string) => `This sign-in message is not valid before ${at}.`,
  malformed:
    'This message looks like a sign-in but is not a well-formed one: it is shown as a plain message. Sign it only if you trust this site.',
  hidden:
    'This message looks like a sign-in but holds invisible characters: it is shown as a plain message. Sign it only if you trust this site.',
} as const

/** The header line of a sign-in message, of any account kind: what a malformed one is known by. */
const HEADER = /^.* wants you to sign in with your .+ account:\r?$/

/**
 * The sign-in a decoded message is, with its warnings, or undefined for a plain message (warnings
 * added when it looks like a sign-in that is not a valid one).
 */
export function decodeSiwx(message: DecodedMessage, context: SiwxContext, warnings: string[]): DecodedSiwx | undefined {
  if (message.format !== 'text' || message.truncated) return undefined
  const looksLike = HEADER.test(message.display.split('\n', 1)[0]!)
  if (!looksLike) return undefined
  // Escaped invisible characters (a bidi override reads one text as another): never a sign-in.
  if (message.hasHiddenCharacters) {
    warnings.push(SiwxText.hidden)
    return undefined
  }
  const parsed = parseAnySiwxMessage(message.display)
  if (!parsed.ok) {
    warnings.push(SiwxText.malformed)
    return undefined
  }
  const { data } = parsed
  const siwx: DecodedSiwx = { namespace: parsed.namespace, data, networkName: networkName(data.chainId) }

  const origin = context.dappOrigin
  if (origin === undefined) warnings.push(SiwxText.unknownSite(data.domain))
  else if (!sameHost(data.domain, origin)) siwx.refusal = SiwxText.otherSite(data.domain, origin)
  else if (originOf(data.uri) !== originOf(origin)) warnings.push(SiwxText.otherUri(data.uri, origin))

  const sameAccount =
    parsed.namespace === 'eip155' ? data.accountAddress.toLowerCase() === context.from.toLowerCase() : data.accountAddress === context.from
  if (!sameAccount) warnings.push(SiwxText.otherAccount(data.accountAddress, context.from))
  const walletChain = typeof context.chainId === 'number' ? `eip155:${context.chainId}` : context.chainId
  if (data.chainId !== walletChain) warnings.push(SiwxText.otherNetwork(`${siwx.networkName} (${data.chainId})`, context.networkName))

  if (data.expirationTime && Date.parse(data.expirationTime) <= context.now) warnings.push(SiwxText.expired(data.expirationTime))
  if (data.notBefore && Date.parse(data.notBefore) > context.now) warnings.push(SiwxText.notYet(data.notBefore))
  return siwx
}

function networkName(chainId: string): string {
  const [namespace, reference] = chainId.split(':') as [string, string]
  const network = namespace === 'eip155' ? getEvmNetwork(Number(reference)) : getNetwork(chainId)
  return network?.name ?? chainId
}

/** The origin of a URL (`null` for one without, such as `did:` or `urn:`), or undefined when it is not one. */
function originOf(url: string): string | undefined {
  try {
    return new URL(url).origin
  } catch {
    return undefined
  }
}

/**
 * Whether a sign-in's domain (`host[:port]`, no scheme) is the origin's authority: read with the
 * origin's scheme, so that `example.com:443` is `https://example.com` and case does not count.
 */
export function sameHost(domain: string, origin: string): boolean {
  try {
    const site = new URL(origin)
    return new URL(`${site.protocol}//${domain}`).host === site.host
  } catch {
    return false
  }
}
