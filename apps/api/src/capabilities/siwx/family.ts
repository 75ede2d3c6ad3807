import type { SiwxTemplate } from '@airlock/protocol'
import type { ChainRegistry } from '../../chains/registry'

/** What the sign-in routes need of a namespace. */
export interface SiwxFamily {
  /** Its message template, @airlock/protocol's (the widget writes with the same). */
  template: SiwxTemplate
  /** The address exactly as the namespace's template writes it. */
  isAddress(address: string): boolean
  isSignature(signature: string): boolean
  /** True when `address` signed `message`; may throw ChainUnavailableError (chains/eip155/signatures.ts). */
  verify(chains: ChainRegistry, signed: { address: string; message: string; signature: string; caipNetworkId: string }): Promise<boolean>
}
