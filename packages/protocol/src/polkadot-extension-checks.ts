import * as l from './lite'
import * as p from './patterns'
import type { polkadotExtensionCallParams } from './polkadot-extension'

// A module of its own, which only the host SDK's extra part (its relay) imports: the zod twins
// (polkadot.ts, polkadot-extension.ts) would add zod to the extra part (+7.7 kB gzip).
const hexBytes = (min: number, max: number) => l.string(2 + 2 * max, /^0x(?:[0-9a-fA-F]{2})*$/, 2 + 2 * min)
const hexNumber = (bytes: number) => l.string(2 + 2 * bytes, /^0x[0-9a-fA-F]+$/)
const hash = hexBytes(32, 32)
const address = l.string(Infinity, p.POLKADOT_ADDRESS)
const maybe = (guard: l.Guard) => l.optional(l.nullable(guard))

const signerPayloadJson = l.object({
  address,
  assetId: maybe(hexBytes(1, p.POLKADOT_BYTES.assetId)),
  blockHash: hash,
  blockNumber: hexNumber(4),
  era: l.string(Infinity, /^0x(?:00|[0-9a-fA-F]{4})$/),
  genesisHash: hash,
  metadataHash: maybe(hash),
  method: hexBytes(2, p.POLKADOT_BYTES.method),
  mode: l.optional(l.oneOf([0, 1])),
  nonce: hexNumber(8),
  signedExtensions: l.array(l.string(Infinity, p.SIGNED_EXTENSION_NAME), 32),
  specVersion: hexNumber(4),
  tip: hexNumber(16),
  transactionVersion: hexNumber(4),
  version: l.literal(4),
  withSignedTransaction: l.optional(l.boolean),
})

/** The host checks the widget's calls to a Polkadot extension; the widget checks the answers with the zod schemas. */
export const polkadotExtensionParamChecks: l.Checks<typeof polkadotExtensionCallParams> = {
  enable: l.check(l.object({ originName: l.string(100, undefined, 1) })),
  'accounts.get': l.check(l.undef),
  'signer.signPayload': l.check(signerPayloadJson),
  'signer.signRaw': l.check(l.object({ address, data: hexBytes(0, p.POLKADOT_BYTES.method), type: l.oneOf(['bytes', 'payload']) })),
  disconnect: l.check(l.undef),
}

/** protocol's PolkadotAccount: what of an extension's accounts crosses to the widget. */
export const polkadotAccountCheck = l.check(
  l.object({ address, name: l.optional(l.string(64)), type: l.optional(l.oneOf(['sr25519', 'ed25519', 'ecdsa'])) }),
)
