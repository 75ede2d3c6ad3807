import type { Common } from '../../display/decoded'
import { el, label, mono, note, row, type Child, type Parts } from '../../display/dom'
import type { DecodedData } from './calldata'
import { permissionParts, revokedParts } from './permissions/render'
import type { DecodedCalls, DecodedTransaction, Eip155Kind } from './decode'
import type { TreeNode } from './typedData'

/**
 * eip155's own kinds in the confirmation: typed data as its domain and a tree, a transaction as
 * what it moves and costs (its facts, in the summary) and its call (confirm/render.ts draws the
 * rest of the prompt).
 */
export function eip155Parts(decoded: Common & Eip155Kind): Parts {
  switch (decoded.kind) {
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
    case 'calls':
      return callsParts(decoded.batch)
    case 'permissions':
      return permissionParts(decoded.sheet)
    case 'revoke': {
      const batch = callsParts(decoded.batch)
      return { facts: batch.facts, details: el('div', {}, revokedParts(decoded.revoked), batch.details) }
    }
  }
}

/** A batch: the upgrade it makes, who pays its fee, then each call as a transaction's call is drawn. */
function callsParts(batch: DecodedCalls): Parts {
  return {
    facts: el(
      'dl',
      { className: 'al-approve-rows al-approve-box' },
      row('Calls', el('span', { testId: 'approve-call-count', text: String(batch.calls.length) })),
      row(
        batch.fee.sponsored ? 'Network fee' : 'Max network fee',
        el('span', { testId: 'approve-fee', text: batch.fee.sponsored ? 'paid by the app' : batch.fee.maxFeeText }),
      ),
    ),
    details: el(
      'div',
      { className: 'al-approve-section' },
      batch.upgradeTo !== undefined &&
        el(
          'p',
          { className: 'al-approve-note', testId: 'approve-upgrade' },
          'Upgrades this account to a smart account (delegates to ',
          mono(batch.upgradeTo),
          ')',
        ),
      ...batch.calls.map((call, index) =>
        el(
          'div',
          { className: 'al-approve-section', testId: 'approve-call', data: { kind: call.data.kind } },
          label(`Call ${index + 1} of ${batch.calls.length}`),
          el(
            'dl',
            { className: 'al-approve-rows al-approve-box' },
            row(call.data.kind === 'call' ? 'Contract' : 'To', mono(call.to)),
            row('Value', call.valueText),
          ),
          ...callData(call.data),
        ),
      ),
      el('dl', { className: 'al-approve-rows al-approve-box' }, row('Nonce', el('span', { testId: 'approve-nonce', text: batch.nonce }))),
    ),
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
