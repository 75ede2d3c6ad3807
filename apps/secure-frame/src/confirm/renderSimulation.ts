import { el, label, note } from '../display/dom'
import { SimulationText, type Simulation } from '../display/simulation'

/**
 * What the node says the transaction would do, in the prompt's summary (render.ts): the account's
 * balance changes (with their USD value where the data API priced them in time) and the allowances
 * it grants (an unlimited one flagged), that it will fail and why, or plainly that there is no simulation.
 */
export function simulationSection(simulation: Simulation): HTMLElement {
  const section = (...children: Parameters<typeof el>[2][]) =>
    el('div', { className: 'al-approve-section', testId: 'approve-simulation', data: { status: simulation.status } }, ...children)
  switch (simulation.status) {
    case 'fails': {
      const failure = el('p', { className: 'al-approve-error', testId: 'approve-fails', text: SimulationText.fails(simulation.reason) })
      failure.setAttribute('role', 'alert')
      return section(failure)
    }
    case 'unavailable':
      return section(note(simulation.reason))
    case 'ok':
      return section(
        label('What changes for you (simulated)'),
        simulation.changes.length === 0 && simulation.allowances.length === 0
          ? note(SimulationText.noChanges)
          : el(
              'ul',
              { className: 'al-approve-box al-approve-changes' },
              ...simulation.changes.map((change) =>
                el(
                  'li',
                  {
                    testId: 'approve-change',
                    className: change.amount.startsWith('-') ? 'al-approve-out' : 'al-approve-in',
                    data: { token: change.token ?? 'native', amount: change.amount },
                  },
                  change.text,
                  change.usd && el('span', { className: 'al-approve-usd', testId: 'approve-change-usd', text: ` (≈ ${change.usd})` }),
                ),
              ),
              ...simulation.allowances.map((allowance) =>
                el(
                  'li',
                  { testId: 'approve-allowance', data: { token: allowance.token, spender: allowance.spender } },
                  allowance.text,
                  allowance.unlimited && el('span', { className: 'al-approve-badge', testId: 'approve-unlimited', text: 'Unlimited' }),
                ),
              ),
            ),
      )
  }
}
