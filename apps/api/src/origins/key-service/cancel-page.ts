import { escapeHtml } from '../../platform/http/escape-html'

/** The key service's one page: the cancel link of an email recovery (no script; escaped text only). */

export const CancelPageText = {
  unknown: 'This link is not valid any more: the recovery it named is over, or the link was mistyped.',
  already: 'This recovery was already cancelled: the device cannot open your wallet by email.',
  done: 'Cancelled. That device cannot open your wallet by email. Someone may have your login: secure your email and social accounts.',
} as const

const page = (body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
  `<title>Airlock wallet recovery</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem}` +
  `button{font:inherit;padding:.6rem 1.2rem}</style></head><body>${body}</body></html>`

export function cancelPage(
  recovery: { requestedAt: number; opensAt: number; device: string; place: string; match: string },
  token: string,
): string {
  return page(
    `<h1>Cancel this email recovery?</h1>` +
      `<p>A device asked to open your Airlock wallet by email on ${escapeHtml(new Date(recovery.requestedAt).toUTCString())}:</p>` +
      `<ul><li>Device: ${escapeHtml(recovery.device)}</li><li>Place (approximate): ${escapeHtml(recovery.place)}</li>` +
      `<li>Its number: ${escapeHtml(recovery.match)}</li></ul>` +
      `<p>Unless cancelled, it may open your wallet from ${escapeHtml(new Date(recovery.opensAt).toUTCString())}.</p>` +
      `<form method="post" action="/recoveries/cancel"><input type="hidden" name="t" value="${escapeHtml(token)}">` +
      `<button type="submit" id="cancel-recovery">Cancel the recovery</button></form>`,
  )
}

export function cancelledPage(text: string): string {
  return page(`<h1>Airlock wallet recovery</h1><p id="recovery-status">${escapeHtml(text)}</p>`)
}
