import { shortAddress } from '@airlock/chains'
import type { ApprovalInput } from '../display/decoded'
import { button, el, label, note, row, type Parts } from '../display/dom'
import type { Simulation } from '../display/simulation'
import { decodeRequest, familyPrompt, isApprovable, type DecodedRequest } from '../families/views'
import { simulationSection } from './renderSimulation'
import { siwxParts, siwxTitle } from './renderSiwx'

/**
 * The confirmation as DOM, drawn the same in the frame and in its popup. Everything the request
 * carries is untrusted text: it is set with textContent, never parsed as markup.
 */

/** Who asks: the browser's word for the dapp's origin (verified), or the modal's (not verified). */
export interface DappOrigin {
  value: string
  verified: boolean
}

export interface PromptView {
  request: ApprovalInput
  origin: DappOrigin | undefined
  /** The name the dapp gives itself in its metadata: a claim, shown as one. */
  dappName: string | undefined
  /** What the node says the transaction would do. */
  simulation?: Simulation | undefined
}

export interface RenderedPrompt {
  root: HTMLElement
  /**
   * Who asks, what, on which network, with which warnings, and for a transaction all it moves: what
   * must be wholly in view with the buttons for Approve to arm (guard.ts).
   */
  summary: HTMLElement
  /** The buttons' bar, pinned to the bottom of the frame. */
  footer: HTMLElement
  /** Says why Approve is not armed when the prompt is not all in view. */
  hint: HTMLElement
  reject: HTMLButtonElement
  /** Absent where visibility cannot be proven: only the popup confirms then. */
  approve: HTMLButtonElement | undefined
  /** "Review in a secure window" (the frame only). */
  popup: HTMLButtonElement | undefined
  /** Where the frame says what happened to the popup (blocked, open). */
  popupStatus: HTMLElement | undefined
}

const TITLES = { message: 'Signature request', invalid: 'Wallet request' } as const

export function renderPrompt(view: PromptView, options: { popupButton: boolean; canProveVisibility: boolean }): RenderedPrompt {
  const decoded = decodeRequest(view.request, { dappOrigin: view.origin?.value, now: Date.now() })
  const siwx = decoded.kind === 'message' ? decoded.siwx : undefined
  const approvable = isApprovable(decoded)
  const reject = button('Reject', 'secondary', 'approve-reject')
  const approve = options.canProveVisibility && approvable ? button('Approve', 'primary', 'approve-confirm') : undefined
  const popup = options.popupButton && approvable ? button('Review in a secure window', 'link', 'approve-popup') : undefined
  const popupStatus = popup ? el('p', { className: 'al-approve-note', testId: 'approve-popup-status' }) : undefined
  const { title, parts } = prompt(view.request, decoded)
  const { facts, details } = parts
  // Who asks is the first thing a user checks: where the browser does not vouch for it, say so aloud.
  const warnings = view.origin?.verified ? decoded.warnings : [originWarning(view.origin), ...decoded.warnings]
  const summary = el(
    'div',
    { className: 'al-approve-summary', testId: 'approve-summary' },
    originRow(view),
    siwx
      ? el('h2', { className: 'al-approve-title', testId: 'siwx-title', text: siwxTitle(siwx) })
      : el('h2', { className: 'al-approve-title', text: title }),
    el(
      'dl',
      { className: 'al-approve-rows' },
      row('Method', el('code', { testId: 'approve-method', text: decoded.method })),
      // A sign-in names its own account and network (renderSiwx.ts); where they are not the wallet's, a warning says so.
      !siwx && row('Network', el('span', { testId: 'approve-network', text: decoded.network.name })),
      // A signature names its account (a message, typed data); a transaction's are in its facts.
      !siwx &&
        'address' in decoded &&
        row('Account', el('span', { testId: 'approve-from', title: decoded.address, text: shortAddress(decoded.address) })),
      // What is made of the message (a sign-in's too): a family that signs it in more than one form names the one asked.
      decoded.kind === 'message' &&
        decoded.signature !== undefined &&
        row('Signature', el('span', { testId: 'approve-signature', text: decoded.signature })),
    ),
    warnings.length > 0 &&
      el('ul', { className: 'al-approve-warnings', testId: 'approve-warnings' }, ...warnings.map((w) => el('li', { text: w }))),
    facts,
    view.simulation && simulationSection(view.simulation),
  )
  const hint = el('p', { className: 'al-approve-note', testId: 'approve-hint' })
  hint.setAttribute('role', 'status')
  const footer = el(
    'div',
    { className: 'al-approve-footer', testId: 'approve-footer' },
    !options.canProveVisibility &&
      approvable &&
      note('This browser cannot prove that this confirmation is visible: review it in a secure window to approve.'),
    hint,
    el('div', { className: approve ? 'al-approve-actions' : 'al-approve-actions al-approve-actions-single' }, reject, approve),
    popup,
    popupStatus,
  )
  // What follows the summary may be longer than any frame: it is read by scrolling (guard.ts, readThrough).
  const root = el(
    'section',
    { className: 'al-approve', testId: 'approve-transaction', data: { kind: decoded.kind } },
    summary,
    details,
    footer,
  )
  root.querySelector('.al-approve-warnings')?.setAttribute('role', 'alert')
  return { root, summary, footer, hint, reject, approve, popup, popupStatus }
}

export const OriginWarning = {
  reported: (origin: string) =>
    `The browser does not confirm which site asks: the modal says ${origin}. Approve only a request you made yourself.`,
  unknown: 'Neither the browser nor the modal says which site asks. Approve only a request you made yourself.',
} as const

const originWarning = (origin: DappOrigin | undefined) => (origin ? OriginWarning.reported(origin.value) : OriginWarning.unknown)

function originRow(view: PromptView): HTMLElement {
  const origin = view.origin
  const host = origin ? hostOf(origin.value) : 'Unknown site'
  return el(
    'div',
    { className: 'al-approve-origin', testId: 'approve-origin', data: { verified: String(origin?.verified ?? false) } },
    el('span', { className: 'al-approve-dapp-icon', text: (view.dappName || host).slice(0, 1).toUpperCase() }),
    el(
      'div',
      { className: 'al-approve-dapp' },
      view.dappName && el('div', { className: 'al-approve-dapp-name', text: view.dappName }),
      el('div', { className: 'al-approve-dapp-origin', testId: 'approve-origin-value', title: origin?.value, text: origin?.value ?? host }),
      origin && !origin.verified && el('div', { className: 'al-approve-note', text: 'as reported by the modal' }),
    ),
  )
}

/** The prompt's title and parts: a message or an unreadable request drawn here, a family's own kinds by the family. */
function prompt(request: ApprovalInput, decoded: DecodedRequest): { title: string; parts: Parts } {
  switch (decoded.kind) {
    case 'message':
      return { title: TITLES.message, parts: messageParts(decoded) }
    case 'invalid':
      return { title: TITLES.invalid, parts: invalidParts(decoded) }
    default:
      return familyPrompt(request, decoded)
  }
}

function messageParts(decoded: Extract<DecodedRequest, { kind: 'message' }>): Parts {
  const { message } = decoded
  if (decoded.siwx) return siwxParts(decoded.siwx, message)
  return {
    details: el(
      'div',
      { className: 'al-approve-section' },
      label(message.format === 'hex' ? 'Message (hex, not readable text)' : 'Message'),
      el('pre', {
        className: 'al-approve-message',
        testId: 'approve-message',
        data: { format: message.format },
        text: message.display,
      }),
      message.hasHiddenCharacters && note('The message holds invisible characters, shown as \\u{…}.'),
      message.truncated && note(`Showing the start of a ${message.byteLength.toLocaleString('en-US')}-byte message.`),
    ),
  }
}

function invalidParts(decoded: Extract<DecodedRequest, { kind: 'invalid' }>): Parts {
  return {
    facts: el('p', {
      className: 'al-approve-error',
      testId: 'approve-error',
      text: `${decoded.error} This request cannot be approved.`,
    }),
    details: el(
      'div',
      { className: 'al-approve-section' },
      el('details', {}, el('summary', { text: 'Parameters' }), el('pre', { className: 'al-approve-message', text: decoded.params })),
    ),
  }
}

function hostOf(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return url
  }
}
