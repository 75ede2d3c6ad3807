import { evmChainIdToCoinType, formatNameMessage, NAME_MESSAGE_PURPOSE, NAME_MESSAGE_TTL_S, type NameMessage } from '@airlock/protocol'
import type { Address, Hex } from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import type * as z from 'zod'
import type { RegisterBody } from './routes'

/** Test helper: the body of a signed names call, as the widget posts it. */
export interface SignedNameBodyOptions {
  name: string
  /** The account the message and the body are for. */
  address: Address
  /** Signs the message text (EIP-191); another key's signer makes a forged body. */
  sign: (message: string) => Promise<Hex>
  /** The API origin the message is for (tests: `ctx.deps.apiOrigin`). */
  apiOrigin: string
  /** Issued at this time (ms), valid for NAME_MESSAGE_TTL_S. */
  nowMs: number
  purpose?: NameMessage['purpose']
  attributes?: NameMessage['attributes']
  /** Default: the devnet chain 31337's coin type, in the message and the body. */
  coinType?: number
  /** Message fields that differ from the body (another domain, address, issue time...). */
  message?: Partial<NameMessage>
}

export async function signedNameBody(options: SignedNameBodyOptions): Promise<z.input<typeof RegisterBody>> {
  const coinType = options.coinType ?? evmChainIdToCoinType(31337)
  const issuedAt = Math.floor(options.nowMs / 1000)
  const message = formatNameMessage({
    domain: new URL(options.apiOrigin).host,
    purpose: options.purpose ?? NAME_MESSAGE_PURPOSE.register,
    name: options.name,
    address: options.address,
    coinType,
    issuedAt,
    expiresAt: issuedAt + NAME_MESSAGE_TTL_S,
    attributes: options.attributes ?? {},
    ...options.message,
  })
  return { coin_type: coinType, address: options.address, message, signature: await options.sign(message) }
}

/** The body of `account` registering `name` now, for the test API of `ctx` (a TestContext). */
export const registrationBody = (
  ctx: { deps: { apiOrigin: string }; clock: { now: number } },
  account: PrivateKeyAccount,
  name: string,
  attributes: NameMessage['attributes'] = {},
  coinType?: number,
) =>
  signedNameBody({
    name,
    address: account.address,
    sign: (message) => account.signMessage({ message }),
    apiOrigin: ctx.deps.apiOrigin,
    nowMs: ctx.clock.now,
    attributes,
    ...(coinType === undefined ? {} : { coinType }),
  })
