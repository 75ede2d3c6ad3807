import * as z from 'zod/mini'
import { FrameMaskedEmail } from '@airlock/protocol'
import { Base64, fromBase64, requestJson } from './json'

/**
 * The key service (apps/api/src/key-service), called straight from the frame: the secure-origin
 * server never sees what it releases. Each call carries a fresh single-use assertion of this
 * session from the secure-origin server; `credentials: 'include'` sends the key service's own
 * partitioned device cookie (the cookie vault's key is bound to it).
 */
export interface KeyServiceClient {
  /** New recovery key material for a wallet being created. */
  enrol(): Promise<{ keyId: string; material: Uint8Array }>
  /** Mails this device's second-factor code; where it went (masked). */
  sendCode(): Promise<{ sentTo: string }>
  /** The material of each wallet creation, for the code the key service mailed. */
  recover(code: string): Promise<{ keyId: string; material: Uint8Array }[]>
  /** This browser's cookie-vault key. */
  deviceKey(): Promise<Uint8Array>
}

const Material = z.object({ keyId: z.uuid(), material: Base64 })

export function createKeyServiceClient(options: {
  origin: string
  assertion: (purpose: 'enrol' | 'recover' | 'device-key') => Promise<string>
  fetch?: typeof fetch
}): KeyServiceClient {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init))
  const base = new URL(options.origin).origin
  const post = async <T>(path: string, purpose: 'enrol' | 'recover' | 'device-key', schema: z.ZodMiniType<T>, extra = {}) =>
    (
      await requestJson(
        doFetch,
        `${base}${path}`,
        { method: 'POST', credentials: 'include', body: { assertion: await options.assertion(purpose), ...extra } },
        schema,
      )
    ).data
  const material = ({ keyId, material }: z.infer<typeof Material>) => ({ keyId, material: fromBase64(material) })
  return {
    enrol: async () => material(await post('/v1/enrol', 'enrol', Material)),
    sendCode: () => post('/v1/codes', 'recover', z.object({ sentTo: FrameMaskedEmail })),
    recover: async (code) =>
      (await post('/v1/recover', 'recover', z.object({ materials: z.array(Material).check(z.maxLength(100)) }), { code })).materials.map(
        material,
      ),
    deviceKey: async () => fromBase64((await post('/v1/device-key', 'device-key', z.object({ deviceKey: Base64 }))).deviceKey),
  }
}
