import { escapeHtml } from '../html'
import type { Mail } from './mail'

/** Headers for the inbox page: nothing runs, nothing loads, nothing frames it. */
export const INBOX_PAGE_HEADERS: Readonly<Record<string, string>> = {
  'content-type': 'text/html; charset=utf-8',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
}

/**
 * The inbox a person reads their one-time code from: newest first, text bodies only (a mail's
 * HTML is never rendered, only its text), every value escaped, no script.
 */
export function renderInboxPage(options: { messages: readonly Mail[]; to?: string; total: number; smtpUrl: string }): string {
  const { messages, to, total, smtpUrl } = options
  const heading = to ? `${messages.length} of ${total} mails to ${to}` : `${total} ${total === 1 ? 'mail' : 'mails'}`
  const items = messages
    .map(
      (mail) => `<article>
<h2>${escapeHtml(mail.subject || '(no subject)')}</h2>
<p class="meta">from <b>${escapeHtml(mail.from)}</b> to <b>${escapeHtml(mail.to.join(', '))}</b> · <time datetime="${escapeHtml(mail.date)}">${escapeHtml(mail.date.replace('T', ' ').replace(/\.\d+Z$/, ' UTC'))}</time> · <a href="/messages/${encodeURIComponent(mail.id)}">json</a></p>
<pre>${escapeHtml(mail.text)}</pre>
</article>`,
    )
    .join('\n')
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Airlock devnet mail</title>
<style>
body { font: 15px/1.45 system-ui, sans-serif; margin: 0 auto; max-width: 52rem; padding: 1rem; color: #1c1c1e; }
h1 { font-size: 1.3rem; } h2 { font-size: 1.05rem; margin: 0 0 .25rem; }
article { border: 1px solid #d0d0d6; border-radius: 8px; padding: .75rem 1rem; margin: .75rem 0; }
.meta { color: #5c5c66; font-size: .85rem; margin: 0 0 .5rem; }
pre { white-space: pre-wrap; word-break: break-word; font-size: .95rem; margin: 0; }
form { display: flex; gap: .5rem; flex-wrap: wrap; align-items: center; }
input { flex: 1; min-width: 14rem; padding: .3rem .5rem; }
</style>
</head>
<body>
<h1>Airlock devnet mail</h1>
<p class="meta">Every mail sent to ${escapeHtml(smtpUrl)} lands here (kept in memory, newest first). Reload for new mail.</p>
<form method="get" action="/">
<label for="to">to</label>
<input id="to" name="to" type="email" value="${escapeHtml(to ?? '')}" placeholder="any address">
<button type="submit">filter</button>
<a href="/">all</a>
</form>
<p>${escapeHtml(heading)}</p>
${items || '<p class="meta">No mail yet.</p>'}
</body>
</html>
`
}
