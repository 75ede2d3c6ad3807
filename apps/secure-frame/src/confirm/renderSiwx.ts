import type { DecodedSiwx } from '../display/decoded'
import { el, label, mono, row } from '../display/dom'
import type { DecodedMessage } from '../display/message'

/**
 * A sign-in in the confirmation (decode/siwx.ts recognised it): the site, then what the signature
 * vouches for (its facts, in the summary the guard watches), then the message itself below, word
 * for word, so that what is shown is what is signed (render.ts draws the rest of the prompt).
 */

export const siwxTitle = (siwx: DecodedSiwx) => `Sign in to ${siwx.data.domain}`

export function siwxParts(siwx: DecodedSiwx, message: DecodedMessage): { facts: HTMLElement; details: HTMLElement } {
  const { data } = siwx
  return {
    facts: el(
      'div',
      { className: 'al-approve-section', testId: 'siwx-facts', data: { namespace: siwx.namespace } },
      siwx.refusal !== undefined && el('p', { className: 'al-approve-error', testId: 'approve-error', text: siwx.refusal }),
      data.statement !== undefined && el('p', { className: 'al-approve-statement', testId: 'siwx-statement', text: data.statement }),
      el(
        'dl',
        { className: 'al-approve-rows al-approve-box' },
        row('Account', mono(data.accountAddress, { testId: 'siwx-account' })),
        row('Network', el('span', { testId: 'siwx-network', title: data.chainId, text: siwx.networkName })),
        row('URI', mono(data.uri, { testId: 'siwx-uri' })),
        row('Issued', instant(data.issuedAt, 'siwx-issued')),
        row(
          'Expires',
          data.expirationTime ? instant(data.expirationTime, 'siwx-expires') : el('span', { testId: 'siwx-expires', text: 'Never' }),
        ),
        data.notBefore !== undefined && row('Not before', instant(data.notBefore, 'siwx-not-before')),
        data.requestId !== undefined && row('Request ID', mono(data.requestId, { testId: 'siwx-request-id' })),
        data.resources !== undefined &&
          row(
            `Resources (${data.resources.length})`,
            el(
              'ul',
              { className: 'al-approve-resources', testId: 'siwx-resources' },
              ...data.resources.map((resource) => el('li', {}, mono(resource))),
            ),
          ),
      ),
    ),
    details: el(
      'div',
      { className: 'al-approve-section' },
      label('Message, as signed'),
      el('pre', { className: 'al-approve-message', testId: 'approve-message', data: { format: message.format }, text: message.display }),
    ),
  }
}

/** An instant of the message in the user's time zone, named; its exact text (as signed) as the title. */
function instant(iso: string, testId: string): HTMLElement {
  const text = new Date(iso).toLocaleString('en-US', { dateStyle: 'medium', timeStyle: 'long' })
  return el('span', { testId, title: iso, text })
}
