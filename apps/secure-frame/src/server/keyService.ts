import * as z from 'zod/mini'
import { FrameDeviceCodeSent, FrameRecoveries, type FrameRecovery } from '@airlock/protocol'
import type { CookieVaultKeys } from '../custody/vault'
import { Base64, fromBase64, requestJson } from './json'

/**
 * The key service (apps/api/src/origins/key-service), called straight from the frame: the secure-origin
 * server never sees what it releases. Each call carries a fresh single-use assertion of this
 * session from the secure-origin server; `credentials: 'include'` sends the key service's own
 * partitioned device cookie (the cookie vault's key is bound to it).
 */
export interface KeyServiceClient {
  /** New recovery key material for a wallet being created. */
  enrol(): Promise<{ keyId: string; material: Uint8Array }>
  /**
   * Mails this device's second-factor code: where it went (masked) and the number this device
   * shows; for an account with a passkey, first starts an email recovery that opens at `opensAt`.
   */
  sendCode(): Promise<FrameDeviceCodeSent>
  /** The material of each wallet creation, for the code the key service mailed. */
  recover(code: string): Promise<{ keyId: string; material: Uint8Array }[]>
  /** This browser's cookie-vault key (and, once after the key service's migration 003, its key of before). */
  deviceKey(): Promise<CookieVaultKeys>
  /** The account's email recoveries under way (a device with the wallet open shows them). */
  recoveries(): Promise<FrameRecovery[]>
  /** Cancels one; those left. */
  cancelRecovery(id: string): Promise<FrameRecovery[]>
}

export type KeyServicePurpose = 'enrol' | 'recover' | 'device-key' | 'recoveries'

const Material = z.object({ keyId: z.uuid(), material: Base64 })

export function createKeyServiceClient(options: {
  origin: string
  assertion: (purpose: KeyServicePurpose) => Promise<string>
  fetch?: typeof fetch
}): KeyServiceClient {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init))
  const base = new URL(options.origin).origin
  const post = async <T>(path: string, purpose: KeyServicePurpose, schema: z.ZodMiniType<T>, extra = {}) =>
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
    sendCode: () => post('/v1/codes', 'recover', FrameDeviceCodeSent),
    recover: async (code) =>
      (await post('/v1/recover', 'recover', z.object({ materials: z.array(Material).check(z.maxLength(100)) }), { code })).materials.map(
        material,
      ),
    deviceKey: async () => {
      const keys = await post('/v1/device-key', 'device-key', z.object({ deviceKey: Base64, legacyDeviceKey: z.optional(Base64) }))
      return { key: fromBase64(keys.deviceKey), ...(keys.legacyDeviceKey ? { legacyKey: fromBase64(keys.legacyDeviceKey) } : {}) }
    },
    recoveries: async () => (await post('/v1/recoveries', 'recoveries', FrameRecoveries)).recoveries,
    cancelRecovery: async (id) => (await post('/v1/recoveries/cancel', 'recoveries', FrameRecoveries, { id })).recoveries,
  }
}
