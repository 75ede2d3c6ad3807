import { randomBytes } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { startMailSink, type MailSink } from '@airlock/devnet/mail'
import type { Database } from '../../platform/db/database'
import { openDatabase } from '../../platform/db/open'
import { smtpMailer } from '../../platform/mail/mailer'
import { createKeyServiceApp, type KeyServiceAppOptions } from './app'
import { ed25519FromSeed } from '../../platform/security/ed25519'
import { keyServiceKeys } from './secrets'

export const TEST_SECURE_ORIGIN = 'http://secure.localhost:4402'

/**
 * A key service for tests: its own PGlite with its migrations, a real mail sink it sends to, and a
 * secure-origin key pair whose private half signs the test's assertions.
 */
export async function startKeyServiceUnderTest(options: Partial<KeyServiceAppOptions> = {}) {
  const [db, sink]: [Database, MailSink] = await Promise.all([
    openDatabase({ migrationsDir: fileURLToPath(new URL('./migrations/', import.meta.url)) }),
    startMailSink({ smtpPort: 0, httpPort: 0 }),
  ])
  const mailer = smtpMailer(sink.smtpUrl)
  const sos = ed25519FromSeed(randomBytes(32))
  const app = createKeyServiceApp({
    secureOrigin: TEST_SECURE_ORIGIN,
    sosPublicKey: sos.publicKey,
    keys: keyServiceKeys(randomBytes(32)),
    db,
    mailer,
    rateLimit: false,
    ...options,
  })
  return {
    db,
    sink,
    sos,
    app,
    async close() {
      mailer.close()
      await Promise.all([db.close(), sink.stop()])
    },
  }
}

export type KeyServiceUnderTest = Awaited<ReturnType<typeof startKeyServiceUnderTest>>
