import { createTransport } from 'nodemailer'

/** How the secure-origin server and the key service send their one-time codes. */
export interface Mailer {
  send(mail: { to: string; subject: string; text: string }): Promise<void>
}

export const DEFAULT_MAIL_FROM = 'Airlock <no-reply@airlock.localhost>'

/**
 * Mail over SMTP with nodemailer: `smtp://host:port` (plain, as the devnet mail sink speaks) or
 * `smtps://user:pass@host:465`. In dev and tests the URL is the devnet mail sink's.
 */
export function smtpMailer(smtpUrl: string, from: string = DEFAULT_MAIL_FROM): Mailer & { close(): void } {
  const transport = createTransport(smtpUrl)
  return {
    async send({ to, subject, text }) {
      await transport.sendMail({ from, to, subject, text })
    },
    close: () => transport.close(),
  }
}
