import { el, label, mono, row, type Child } from '../../display/dom'
import type { DecodedPolkadotCall, DecodedPolkadotTransaction } from './decode'

/**
 * A Polkadot transaction in the confirmation: the call, what it moves and to whom, the tip (its
 * facts, in the summary), then a batch's calls one by one, the nonce, validity and the metadata
 * check; a call the frame cannot read is shown as its pallet and call indices and its bytes
 * (confirm/render.ts draws the rest and the warnings).
 */
export function polkadotTransactionParts(transaction: DecodedPolkadotTransaction): { facts: HTMLElement; details: HTMLElement } {
  const { call, batch } = transaction
  return {
    facts: el(
      'dl',
      { className: 'al-approve-rows al-approve-box' },
      row('Call', el('span', { testId: 'approve-call', text: call.name })),
      ...callRows(call),
      row('Tip', el('span', { testId: 'approve-tip', text: transaction.tipText })),
    ),
    details: el(
      'div',
      { className: 'al-approve-section' },
      batch.length > 0 && label(`${batch.length} calls`),
      batch.length > 0 && el('ol', { className: 'al-approve-calls', testId: 'approve-batch' }, ...batch.map(batchItem)),
      label('Transaction'),
      el(
        'dl',
        { className: 'al-approve-rows al-approve-box' },
        row('Call index', mono(transaction.callIndex, { testId: 'approve-call-index' })),
        row('Nonce', el('span', { testId: 'approve-nonce', text: transaction.nonce })),
        row('Valid', el('span', { testId: 'approve-era', text: transaction.eraText })),
        row('Metadata', el('span', { testId: 'approve-metadata', text: transaction.metadataText })),
        transaction.feeAsset !== undefined && row('Fee paid in', mono(transaction.feeAsset, { testId: 'approve-fee-asset' })),
      ),
    ),
  }
}

/** A call's amount, receiver and bytes, those it has. */
function callRows(call: DecodedPolkadotCall): Child[] {
  return [
    call.amountText !== undefined && row('Amount', el('span', { testId: 'approve-amount', text: call.amountText })),
    call.receiver !== undefined && row('To', mono(call.receiver, { testId: 'approve-to' })),
    call.data !== undefined && row('Call data', mono(call.data, { testId: 'approve-call-data' })),
  ]
}

function batchItem(call: DecodedPolkadotCall, index: number): HTMLElement {
  return el(
    'li',
    { className: 'al-approve-box', testId: 'approve-batch-call' },
    label(`${index + 1}. ${call.name}`),
    el('dl', { className: 'al-approve-rows' }, ...callRows(call)),
  )
}
