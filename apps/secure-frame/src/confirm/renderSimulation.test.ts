// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { simulationSection } from './renderSimulation'

const USDC = '0xcc624c75c7ba01a73e332aaae9daf8ec698d0c58'
const rows = (section: HTMLElement) => [...section.querySelectorAll<HTMLElement>('[data-testid="approve-change"]')]

describe('the simulated balance changes in the prompt', () => {
  it('shows each change with its USD value where it has one, and the bare amount where it has none', () => {
    const section = simulationSection({
      status: 'ok',
      changes: [
        { amount: '-1000000000000000000', text: '−1 ETH', usd: '$3,000.00' },
        { token: USDC, amount: '2958140000', text: '+2,958.14 USDC' },
      ],
      allowances: [],
    })
    expect(rows(section).map((row) => row.textContent)).toEqual(['−1 ETH (≈ $3,000.00)', '+2,958.14 USDC'])
    expect(rows(section).map((row) => [row.className, row.dataset.token, row.dataset.amount])).toEqual([
      ['al-approve-out', 'native', '-1000000000000000000'],
      ['al-approve-in', USDC, '2958140000'],
    ])
    expect(section.querySelector('[data-testid="approve-change-usd"]')!.textContent).toBe(' (≈ $3,000.00)')
  })

  it('renders a value as text, never as markup', () => {
    const section = simulationSection({
      status: 'ok',
      changes: [{ amount: '-1', text: '−1 wei', usd: '<img src=x onerror=alert(1)>' }],
      allowances: [],
    })
    expect(section.querySelector('img')).toBeNull()
    expect(rows(section)[0]!.textContent).toBe('−1 wei (≈ <img src=x onerror=alert(1)>)')
  })
})
