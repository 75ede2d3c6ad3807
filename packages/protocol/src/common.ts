import * as z from 'zod/mini'
import {
  ACCOUNT_ADDRESS,
  CAIP_ADDRESS,
  CAIP_NETWORK_ID,
  CONNECTION_STATUSES,
  CONNECTOR_DESCRIPTION_TYPES,
  DATA_IMAGE_URI,
  EVM_ADDRESS,
  NAMESPACES,
  THEME_MODES,
} from './patterns'

export const Namespace = z.enum(NAMESPACES)
export type Namespace = z.infer<typeof Namespace>

/** CAIP-2 network id, e.g. `eip155:31337`. */
export const CaipNetworkId = z.string().check(z.regex(CAIP_NETWORK_ID))
export type CaipNetworkId = z.infer<typeof CaipNetworkId>

export const EvmAddress = z.string().check(z.regex(EVM_ADDRESS))
export type EvmAddress = z.infer<typeof EvmAddress>

/** An account address of any namespace (the account part of CAIP-10). */
export const AccountAddress = z.string().check(z.regex(ACCOUNT_ADDRESS))
export type AccountAddress = z.infer<typeof AccountAddress>

/** CAIP-10 account id, e.g. `eip155:31337:0xabc...`. */
export const CaipAddress = z.string().check(z.regex(CAIP_ADDRESS))
export type CaipAddress = z.infer<typeof CaipAddress>

export const ThemeMode = z.enum(THEME_MODES)
export type ThemeMode = z.infer<typeof ThemeMode>

/**
 * The theming contract. Values are applied with style.setProperty, never concatenated into CSS,
 * and characters that could close a declaration are refused anyway.
 */
const cssValue = z.union([z.string().check(z.maxLength(200), z.regex(/^[^;{}<>]*$/)), z.number()])
export const ThemeVariables = z.strictObject({
  '--airlock-accent': z.optional(cssValue),
  '--airlock-color-mix': z.optional(cssValue),
  '--airlock-color-mix-strength': z.optional(z.number().check(z.minimum(0), z.maximum(100))),
  '--airlock-font-family': z.optional(cssValue),
  '--airlock-font-size-master': z.optional(cssValue),
  '--airlock-border-radius-master': z.optional(cssValue),
  '--airlock-z-index': z.optional(z.number().check(z.int())),
  '--airlock-qr-color': z.optional(cssValue),
})
export type ThemeVariables = z.infer<typeof ThemeVariables>

/** Views a dapp may open directly with `open({view})`. */
export const OpenableView = z.enum(['Connect', 'Account', 'Networks'])
export type OpenableView = z.infer<typeof OpenableView>

export const ConnectionStatus = z.enum(CONNECTION_STATUSES)
export type ConnectionStatus = z.infer<typeof ConnectionStatus>

export const ConnectorType = z.enum(['EXTERNAL', 'WALLET_CONNECT', 'INJECTED', 'ANNOUNCED', 'AUTH', 'MULTI_CHAIN', 'ID_AUTH'])
export type ConnectorType = z.infer<typeof ConnectorType>

/**
 * A wallet the host SDK found in the dapp page. The dapp page is untrusted: the icon must be a
 * data URI of an image type (as EIP-6963 requires) and every string is bounded.
 */
export const ConnectorDescription = z.object({
  id: z.string().check(z.minLength(1), z.maxLength(200)),
  type: z.enum(CONNECTOR_DESCRIPTION_TYPES),
  namespace: Namespace,
  name: z.string().check(z.minLength(1), z.maxLength(100)),
  icon: z.optional(z.string().check(z.maxLength(200_000), z.regex(DATA_IMAGE_URI))),
  rdns: z.optional(z.string().check(z.maxLength(200))),
  /** The chains a Wallet Standard wallet declares (`solana:mainnet`, `solana:devnet`, …). */
  chains: z.optional(z.array(CaipNetworkId).check(z.maxLength(16))),
})
export type ConnectorDescription = z.infer<typeof ConnectorDescription>
