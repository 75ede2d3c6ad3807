import { createHash } from 'node:crypto'
import type { Context } from 'hono'
import { SOCIAL_PROOF_MESSAGE_TYPE } from '@airlock/protocol'
import { serializeCsp } from '../../platform/http/csp'
import { escapeHtml } from '../../platform/http/escape-html'

/**
 * The social login popup's own pages on the secure origin (top-level, outside `/api`). No
 * Cross-Origin-Opener-Policy, on purpose: the widget that opened the popup keeps its handle, so it
 * sees a close by the user (cancel) and closes the popup itself once the frame has claimed the
 * login; and the callback page needs its opener to hand the frame the proof.
 */

const LOCKED = {
  'default-src': [],
  'base-uri': [],
  'form-action': [],
  'frame-ancestors': [],
}

/** Every page but the proof page: no script, no style, no framing, nothing loaded. */
const PAGE_CSP = serializeCsp(LOCKED)

/**
 * The proof page's one script. It posts the proof to each frame of the opener (the widget window
 * that opened the popup), with the target origin pinned to this very origin: only the secure frame
 * inside the widget receives it. Without an opener (a link opened by someone else, or a provider
 * whose Cross-Origin-Opener-Policy cut it) it posts nothing and the page keeps saying so.
 */
export const PROOF_SCRIPT = `(() => {
  const opener = window.opener
  if (!opener) return
  const data = document.getElementById('proof').dataset
  const message = { type: ${JSON.stringify(SOCIAL_PROOF_MESSAGE_TYPE)}, flow: data.flow, proof: data.proof }
  for (let i = 0; i < opener.length; i++) {
    try {
      opener[i].postMessage(message, location.origin)
    } catch {
      // A frame that went away meanwhile.
    }
  }
  document.getElementById('orphan').hidden = true
  document.getElementById('done').hidden = false
})()`

/** The proof page may run that exact script and nothing else. */
const PROOF_CSP = serializeCsp({
  ...LOCKED,
  'script-src': [`'sha256-${createHash('sha256').update(PROOF_SCRIPT, 'utf8').digest('base64')}'`],
})

export const SocialPageText = {
  loading: 'This window will take you to the sign-in page.',
  done: 'You can close this window and go back to the app.',
  orphanTitle: 'This sign-in cannot be used',
  orphan:
    'This window was not opened by the app you were signing in to, so nothing was signed in. ' +
    'If someone sent you this link, they were trying to get into your account: close this window.',
} as const

type PageStatus = 200 | 400 | 404 | 502

const document = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
  `<title>${escapeHtml(title)}</title></head><body>${body}</body></html>`

function pageHeaders(c: Context, csp: string): void {
  c.header('Content-Security-Policy', csp)
  c.header('X-Content-Type-Options', 'nosniff')
  // The callback URL carries the authorization code, the start URL the flow token: never sent on, never cached.
  c.header('Referrer-Policy', 'no-referrer')
  c.header('Cache-Control', 'no-store')
}

/** A script-free page: a title and a sentence. */
export function socialPage(c: Context, status: PageStatus, title: string, message: string): Response {
  pageHeaders(c, PAGE_CSP)
  return c.html(document(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`), status)
}

/**
 * The callback's answer to a finished login: the proof for the frame. It reads as unusable until
 * its script has handed the proof to an opener (with script off, or without an opener, it stays so).
 */
export function proofPage(c: Context, proof: { title: string; flowHash: string; proof: string }): Response {
  pageHeaders(c, PROOF_CSP)
  return c.html(
    document(
      'Airlock sign-in',
      `<div id="proof" data-flow="${escapeHtml(proof.flowHash)}" data-proof="${escapeHtml(proof.proof)}" hidden></div>` +
        `<section id="done" hidden><h1>${escapeHtml(proof.title)}</h1><p>${escapeHtml(SocialPageText.done)}</p></section>` +
        `<section id="orphan"><h1>${escapeHtml(SocialPageText.orphanTitle)}</h1><p>${escapeHtml(SocialPageText.orphan)}</p></section>` +
        `<script>${PROOF_SCRIPT}</script>`,
    ),
    200,
  )
}
