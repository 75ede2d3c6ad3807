import type { ComponentProps } from 'react'

type AmountInputProps = Omit<ComponentProps<'input'>, 'onChange' | 'aria-invalid'> & {
  testId: string
  invalid: boolean
  onValueChange: (value: string) => void
}

/** A typed amount (swap, send, buy): the decimal keypad on mobile and no autofill; the view checks the value. */
export function AmountInput({ testId, invalid, onValueChange, ...input }: AmountInputProps) {
  return (
    <input
      data-testid={testId}
      inputMode="decimal"
      autoComplete="off"
      placeholder="0"
      aria-invalid={invalid ? true : undefined}
      {...input}
      onChange={(event) => onValueChange(event.target.value)}
    />
  )
}
