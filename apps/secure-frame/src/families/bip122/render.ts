import { el, label, mono, row } from '../../display/dom'
import type { DecodedBitcoinInput, DecodedBitcoinOutput, DecodedBitcoinPsbt } from './decode'

/**
 * A PSBT in the confirmation: what leaves the wallet, the fee and its rate (its facts, in the
 * summary), then each output (address and amount, change marked) and each input, those this wallet
 * signs marked (confirm/render.ts draws the rest of the prompt).
 */
export function bitcoinPsbtParts(psbt: DecodedBitcoinPsbt): { facts: HTMLElement; details: HTMLElement } {
  return {
    facts: el(
      'dl',
      { className: 'al-approve-rows al-approve-box' },
      row('Sent', el('span', { testId: 'approve-amount', text: psbt.sentText })),
      row('Network fee', el('span', { testId: 'approve-fee', text: psbt.feeText ?? 'Unknown' })),
      row('Fee rate', el('span', { testId: 'approve-fee-rate', text: psbt.feeRateText ?? 'Unknown' })),
      psbt.broadcast && row('Broadcast', el('span', { testId: 'approve-broadcast', text: 'Sent to the network once signed' })),
    ),
    details: el(
      'div',
      { className: 'al-approve-section' },
      label(plural(psbt.outputs.length, 'output')),
      el('ol', { className: 'al-approve-calls', testId: 'approve-outputs' }, ...psbt.outputs.map(outputItem)),
      label(plural(psbt.inputs.length, 'input')),
      el('ol', { className: 'al-approve-calls', testId: 'approve-inputs' }, ...psbt.inputs.map(inputItem)),
    ),
  }
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`
const badge = (text: string, testId: string) => el('span', { className: 'al-approve-badge', testId, text })

function outputItem(output: DecodedBitcoinOutput, index: number): HTMLElement {
  return el(
    'li',
    { className: 'al-approve-box', testId: 'approve-output', data: { change: String(output.change) } },
    label(`${index + 1}. ${output.change ? 'Change, back to you' : 'To'}`, output.change && badge('Change', 'approve-output-change')),
    el(
      'dl',
      { className: 'al-approve-rows' },
      row('Amount', el('span', { testId: 'approve-output-amount', text: output.amountText })),
      output.address !== undefined
        ? row('Address', mono(output.address, { testId: 'approve-output-address' }))
        : row('Script', mono(output.script, { testId: 'approve-output-script' })),
    ),
  )
}

function inputItem(input: DecodedBitcoinInput): HTMLElement {
  return el(
    'li',
    { className: 'al-approve-box', testId: 'approve-input', data: { signs: String(input.signs) } },
    label(`${input.index + 1}. ${input.signs ? 'Signed by you' : 'Signed by others'}`),
    el(
      'dl',
      { className: 'al-approve-rows' },
      row('Amount', el('span', { testId: 'approve-input-amount', text: input.amountText ?? 'Unknown' })),
      input.address !== undefined && row('From', mono(input.address)),
      row('Spends', mono(input.outpoint)),
    ),
  )
}
