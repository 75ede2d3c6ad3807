import * as z from 'zod/mini'
import { POLKADOT_EXTENSION_MAX_ACCOUNTS, type POLKADOT_EXTENSION_CALLS } from './patterns'
import { PolkadotAccount, SignerPayloadJSON, SignerPayloadRaw, SignerResult } from './polkadot'

/**
 * A Polkadot extension of the dapp page (a `window.injectedWeb3[key]` entry, @polkadot/extension-inject)
 * as the widget reaches it through the host: the connector `pjs:<key>` (namespace polkadot, type
 * ANNOUNCED, named by its key, which carries no name or icon: the widget finds both in its wallet
 * registry, whose entries list the key as their polkadot `injected_id`), and
 * `connectorRequest(id, { method, params })` with a method of POLKADOT_EXTENSION_CALLS:
 *
 * - `enable {originName}`: the extension's `enable(originName)`, which may ask its user; the host
 *   calls it only then, never when it lists the extension. Answers the accounts, as `accounts.get`.
 * - `accounts.get`: the accounts the extension gives the dapp (those that are not a Polkadot
 *   address, such as an extension's Ethereum accounts, are left out).
 * - `signer.signPayload` / `signer.signRaw`: the extension's signer, with a SignerPayloadJSON /
 *   SignerPayloadRaw; answers its SignerResult.
 * - `disconnect`: the host forgets what `enable` gave and stops listening (extensions have no
 *   disconnect of their own; the next `enable` may not ask again).
 *
 * The host checks the params with these schemas before the extension sees them, and the answers
 * before the widget does. After `enable`, the host relays `accounts.subscribe` as the connector's
 * `accountsChanged` event, whose data is the accounts as `accounts.get` answers them. A user who
 * closes the extension's prompt (polkadot-js throws "Cancelled") is error 4001.
 */
export type PolkadotExtensionCall = (typeof POLKADOT_EXTENSION_CALLS)[number]

export const PolkadotExtensionAccounts = z.array(PolkadotAccount).check(z.maxLength(POLKADOT_EXTENSION_MAX_ACCOUNTS))

export const polkadotExtensionCallParams = {
  enable: z.object({ originName: z.string().check(z.minLength(1), z.maxLength(100)) }),
  'accounts.get': z.optional(z.undefined()),
  'signer.signPayload': SignerPayloadJSON,
  'signer.signRaw': SignerPayloadRaw,
  disconnect: z.optional(z.undefined()),
} satisfies Record<PolkadotExtensionCall, z.ZodMiniType>

export const polkadotExtensionCallResults = {
  enable: PolkadotExtensionAccounts,
  'accounts.get': PolkadotExtensionAccounts,
  'signer.signPayload': SignerResult,
  'signer.signRaw': SignerResult,
  disconnect: z.undefined(),
} satisfies Record<PolkadotExtensionCall, z.ZodMiniType>

export type PolkadotExtensionParams<C extends PolkadotExtensionCall> = z.output<(typeof polkadotExtensionCallParams)[C]>
export type PolkadotExtensionResult<C extends PolkadotExtensionCall> = z.output<(typeof polkadotExtensionCallResults)[C]>
