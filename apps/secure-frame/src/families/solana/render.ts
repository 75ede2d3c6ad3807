import { el, label, mono, row, type Child } from '../../display/dom'
import type { DecodedSolanaTransaction } from './decode'
import type { DecodedSolanaInstruction, InstructionAccount } from './instructions'

/**
 * A Solana transaction in the confirmation: who pays the fee and how much and who else must sign
 * (its facts, in the summary), then each instruction as the frame reads it (confirm/render.ts draws the rest
 * of the prompt).
 */
export function solanaTransactionParts(transaction: DecodedSolanaTransaction): { facts: HTMLElement; details: HTMLElement } {
  const { instructions } = transaction
  return {
    facts: el(
      'dl',
      { className: 'al-approve-rows al-approve-box' },
      row('Fee payer', mono(transaction.feePayer, { testId: 'approve-fee-payer' })),
      row(transaction.feeIsMax ? 'Max network fee' : 'Network fee', el('span', { testId: 'approve-fee', text: transaction.feeText })),
      transaction.otherSigners.length > 0 &&
        row('Also to sign', el('span', { testId: 'approve-other-signers' }, ...transaction.otherSigners.map((signer) => mono(signer)))),
      row('Version', transaction.version === 'legacy' ? 'Legacy' : 'v0'),
    ),
    details: el(
      'div',
      { className: 'al-approve-section' },
      label(`${instructions.length} instruction${instructions.length === 1 ? '' : 's'}`),
      el('ol', { className: 'al-approve-calls', testId: 'approve-instructions' }, ...instructions.map(instructionItem)),
    ),
  }
}

function instructionItem(instruction: DecodedSolanaInstruction, index: number): HTMLElement {
  const { title, rows, unknown } = describe(instruction)
  return el(
    'li',
    { className: 'al-approve-box', testId: 'approve-instruction', data: { kind: instruction.kind } },
    label(
      `${index + 1}. ${title}`,
      unknown && el('span', { className: 'al-approve-badge', testId: 'approve-instruction-unknown', text: 'Not decoded' }),
    ),
    el('dl', { className: 'al-approve-rows' }, ...rows),
  )
}

const account = (value: InstructionAccount, testId?: string) => mono(value.label, testId ? { testId } : {})
const text = (value: string, testId: string) => el('span', { testId, text: value })

function describe(instruction: DecodedSolanaInstruction): { title: string; rows: Child[]; unknown?: boolean } {
  switch (instruction.kind) {
    case 'solTransfer':
      return {
        title: 'Send SOL',
        rows: [
          row('Amount', text(instruction.amountText, 'approve-amount')),
          row('To', account(instruction.to, 'approve-recipient')),
          row('From', account(instruction.from)),
        ],
      }
    case 'tokenTransfer':
      return {
        title: `Send tokens (${instruction.programName})`,
        rows: [
          row('Amount', text(instruction.amountText, 'approve-amount')),
          instruction.mint && row('Mint', account(instruction.mint, 'approve-mint')),
          row('To token account', account(instruction.destination, 'approve-recipient')),
          row('From token account', account(instruction.source)),
          row('Owner', account(instruction.authority)),
        ],
      }
    case 'createTokenAccount':
      return {
        title: 'Create a token account',
        rows: [
          row('For', account(instruction.owner, 'approve-owner')),
          row('Mint', account(instruction.mint, 'approve-mint')),
          row('Account', account(instruction.account)),
          row('Paid by', account(instruction.payer)),
        ],
      }
    case 'computeUnitLimit':
      return { title: 'Compute unit limit', rows: [row('Units', text(instruction.units.toLocaleString('en-US'), 'approve-units'))] }
    case 'computeUnitPrice':
      return { title: 'Priority fee', rows: [row('Price', text(instruction.priceText, 'approve-priority'))] }
    case 'other':
      return {
        title: instruction.programName ?? 'Unknown program',
        unknown: true,
        rows: [
          row('Program', account({ label: instruction.programId, address: instruction.programId }, 'approve-program')),
          instruction.instructionName !== undefined && row('Instruction', instruction.instructionName),
          row('Accounts', String(instruction.accounts.length)),
          row('Data', `${instruction.dataLength.toLocaleString('en-US')} bytes`),
        ],
      }
  }
}
