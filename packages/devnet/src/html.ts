import { randomBytes } from 'node:crypto'
import type { ServerResponse } from 'node:http'

/** Escapes text for HTML element content and double- or single-quoted attribute values (the devnet's pages). */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)
}

export interface HtmlPage {
  headers: Record<string, string>
  body: string
}

/**
 * A stand-in's HTML page (OIDC login, Farcaster app): no script at all, styles by nonce, no framing,
 * no referrer (their URLs carry codes and tokens), forms post to this origin and to `formTargets`
 * (browsers apply form-action to the redirects after a submission too), images from `imgSrc`.
 */
export function standInPage(options: {
  title: string
  content: string
  style: string
  /** The small print under every page: what this stand-in is. */
  footer: string
  formTargets?: readonly string[]
  imgSrc?: readonly string[]
}): HtmlPage {
  const nonce = randomBytes(16).toString('base64')
  const formAction = ["'self'", ...(options.formTargets ?? [])].join(' ')
  return {
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'no-referrer',
      'content-security-policy': [
        "default-src 'none'",
        `style-src 'nonce-${nonce}'`,
        ...(options.imgSrc ? [`img-src ${options.imgSrc.join(' ')}`] : []),
        `form-action ${formAction}`,
        "frame-ancestors 'none'",
        "base-uri 'none'",
      ].join('; '),
    },
    body: `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(options.title)}</title>
<style nonce="${nonce}">${options.style}</style>
</head>
<body>
<main>
${options.content}
<p class="devnet">${escapeHtml(options.footer)}</p>
</main>
</body>
</html>
`,
  }
}

/** A JSON answer of a devnet server: never cached, never sniffed. */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  })
  res.end(JSON.stringify(body))
}
