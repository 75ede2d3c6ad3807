import { FRAME_OTP_LENGTH } from '@airlock/protocol'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { Spinner } from '../../../ui/Spinner'

export interface OtpFormProps {
  /** data-testid of the field: otp-input, device-otp-input. */
  inputTestId: string
  label: string
  busy: boolean
  /** The frame's (or the cooldown's) message for the last code; the field is selected to retype. */
  error?: string | undefined
  /** Called with the 6 digits, as soon as they are typed (or on Enter). */
  onComplete: (otp: string) => void
}

/**
 * A 6-digit code field (the frame mails 6-digit codes: FrameOtp). Digits only; a pasted code with
 * spaces or dashes keeps its digits. One field rather than six boxes: paste, autofill
 * (one-time-code) and screen readers all work on it.
 */
export function OtpForm({ inputTestId, label, busy, error, onComplete }: OtpFormProps) {
  const [value, setValue] = useState('')
  const input = useRef<HTMLInputElement>(null)

  // A wrong code: select it, so that typing the next one replaces it.
  useEffect(() => {
    if (error) input.current?.select()
  }, [error])

  const submit = (code: string) => {
    if (!busy && code.length === FRAME_OTP_LENGTH) onComplete(code)
  }
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    submit(value)
  }

  return (
    <form className="al-otp-form" noValidate onSubmit={onSubmit}>
      <input
        ref={input}
        className="al-input al-otp-input"
        data-testid={inputTestId}
        aria-label={label}
        aria-invalid={error ? true : undefined}
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={FRAME_OTP_LENGTH}
        placeholder={'0'.repeat(FRAME_OTP_LENGTH)}
        autoFocus
        value={value}
        disabled={busy}
        onChange={(event) => {
          const code = event.target.value.replace(/\D/g, '').slice(0, FRAME_OTP_LENGTH)
          setValue(code)
          if (code.length === FRAME_OTP_LENGTH && code !== value) submit(code)
        }}
        onPaste={(event) => {
          const code = event.clipboardData.getData('text').replace(/\D/g, '').slice(0, FRAME_OTP_LENGTH)
          if (code.length !== FRAME_OTP_LENGTH) return
          event.preventDefault()
          setValue(code)
          submit(code)
        }}
      />
      {busy && <Spinner size={16} label="Checking the code" />}
    </form>
  )
}
