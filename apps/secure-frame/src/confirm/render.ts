import { shortAddress } from '@airlock/chains'
import type { DecodedData } from './decode/calldata'
import { decodeRequest, isApprovable, type ApprovalInput, type DecodedRequest, type DecodedTransaction } from './decode/decode'
import type { TreeNode } from './decode/typedData'
import { button, el, label, mono, note, row, type Child } from './dom'
import { simulationSection } from './renderSimulation'
import { siwxParts, siwxTitle } from './renderSiwx'
import { solanaTransactionParts } from './renderSolana'
import type { Simulation } from './simulate/eip155'

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

const TITLES: Record<DecodedRequest['kind'], string> = {
  message: 'Signature request',
  typedData: 'Signature request',
  transaction: 'Transaction request',
  solanaTransaction: 'Transaction request',
  invalid: 'Wallet request',
}

export function renderPrompt(view: PromptView, options: { popupButton: boolean; canProveVisibility: boolean }): RenderedPrompt {
  const decoded = decodeRequest(view.request, { dappOrigin: view.origin?.value, now: Date.now() })
  const siwx = decoded.kind === 'message' ? decoded.siwx : undefined
  const approvable = isApprovable(decoded)
  const reject = button('Reject', 'secondary', 'approve-reject')
  const approve = options.canProveVisibility && approvable ? button('Approve', 'primary', 'approve-confirm') : undefined
  const popup = options.popupButton && approvable ? button('Review in a secure window', 'link', 'approve-popup') : undefined
  const popupStatus = popup ? el('p', { className: 'al-approve-note', testId: 'approve-popup-status' }) : undefined
  const { facts, details } = parts(decoded)
  // Who asks is the first thing a user checks: where the browser does not vouch for it, say so aloud.
  const warnings = view.origin?.verified ? decoded.warnings : [originWarning(view.origin), ...decoded.warnings]
  const summary = el(
    'div',
    { className: 'al-approve-summary', testId: 'approve-summary' },
    originRow(view),
    siwx
      ? el('h2', { className: 'al-approve-title', testId: 'siwx-title', text: siwxTitle(siwx) })
      : el('h2', { className: 'al-approve-title', text: TITLES[decoded.kind] }),
    el(
      'dl',
      { className: 'al-approve-rows' },
      row('Method', el('code', { testId: 'approve-method', text: decoded.method })),
      // A sign-in names its own account and network (renderSiwx.ts); where they are not the wallet's, a warning says so.
      !siwx && row('Network', el('span', { testId: 'approve-network', text: decoded.network.name })),
      !siwx &&
        (decoded.kind === 'message' || decoded.kind === 'typedData') &&
        row('Account', el('span', { testId: 'approve-from', title: decoded.address, text: shortAddress(decoded.address) })),
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

/** What a request shows: its facts, in the summary (what it moves, what it costs), and what is read below it. */
interface Parts {
  facts?: HTMLElement
  details?: HTMLElement
}

function parts(decoded: DecodedRequest): Parts {
  switch (decoded.kind) {
    case 'message': {
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
    case 'typedData': {
      const { domain, primaryType, message, truncated } = decoded.typedData
      return {
        details: el(
          'div',
          { className: 'al-approve-section' },
          label('Domain'),
          el(
            'dl',
            { className: 'al-approve-rows al-approve-box', testId: 'approve-typed-domain' },
            domain.name !== undefined && row('Name', domain.name),
            domain.version !== undefined && row('Version', domain.version),
            domain.chainId !== undefined && row('Chain ID', domain.chainId),
            domain.verifyingContract !== undefined && row('Contract', mono(domain.verifyingContract)),
            domain.salt !== undefined && row('Salt', mono(domain.salt)),
          ),
          label('Message ', el('span', { className: 'al-muted', text: `(${primaryType})` })),
          el('div', { className: 'al-approve-box', testId: 'approve-typed-message' }, tree(message)),
          truncated && note('Part of the message is too large or deep to show.'),
        ),
      }
    }
    case 'transaction':
      return transactionParts(decoded.transaction)
    case 'solanaTransaction':
      return solanaTransactionParts(decoded.transaction)
    case 'invalid':
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
}

function transactionParts(transaction: DecodedTransaction): Parts {
  return {
    facts: el(
      'dl',
      { className: 'al-approve-rows al-approve-box' },
      row(transaction.data.kind === 'call' ? 'Contract' : 'To', mono(transaction.to ?? 'Contract creation', { testId: 'approve-to' })),
      row('Value', el('span', { testId: 'approve-value', text: transaction.valueText })),
      transaction.maxFeeText !== undefined && row('Max network fee', el('span', { testId: 'approve-fee', text: transaction.maxFeeText })),
    ),
    details: el(
      'div',
      { className: 'al-approve-section' },
      (transaction.gas !== undefined || transaction.nonce !== undefined) &&
        el(
          'dl',
          { className: 'al-approve-rows al-approve-box' },
          transaction.gas !== undefined && row('Gas limit', transaction.gas),
          transaction.nonce !== undefined && row('Nonce', el('span', { testId: 'approve-nonce', text: transaction.nonce })),
        ),
      el('div', { testId: 'approve-data', data: { kind: transaction.data.kind } }, ...callData(transaction.data)),
    ),
  }
}

function callData(data: DecodedData): Child[] {
  switch (data.kind) {
    case 'none':
      return []
    case 'call':
      return [
        label(
          'Function ',
          el('code', { text: data.signature }),
          data.unlimited && el('span', { className: 'al-approve-badge', testId: 'approve-unlimited', text: 'Unlimited' }),
        ),
        el(
          'dl',
          { className: 'al-approve-rows al-approve-box' },
          ...data.args.map((arg) => row(arg.name, mono(arg.display ?? arg.value, arg.display ? { title: arg.value } : {}))),
        ),
      ]
    case 'raw':
      return [
        label(`Data${data.selector ? ` · selector ${data.selector}` : ''} · ${data.byteLength.toLocaleString('en-US')} bytes`),
        data.note && note(data.note),
        el(
          'details',
          { className: 'al-approve-raw' },
          el('summary', { text: 'Raw data' }),
          el('code', { className: 'al-approve-mono', text: data.hex }),
          data.truncated && note('Cut for display.'),
        ),
      ]
  }
}

function tree(nodes: TreeNode[]): HTMLElement {
  return el(
    'ul',
    { className: 'al-approve-tree' },
    ...nodes.map((node) =>
      el(
        'li',
        {},
        el('span', { className: 'al-approve-key', text: node.key }),
        node.value !== undefined &&
          (node.full !== undefined
            ? el(
                'details',
                { className: 'al-approve-long' },
                el('summary', { className: 'al-approve-mono', title: node.full, text: node.value }),
                mono(node.full),
              )
            : mono(node.value)),
        node.omitted !== undefined && el('span', { className: 'al-muted', text: node.omitted }),
        node.children && tree(node.children),
      ),
    ),
  )
}

function hostOf(url: string): string {
  try {
    return new URL(url).host
  } catch {
    return url
  }
}
