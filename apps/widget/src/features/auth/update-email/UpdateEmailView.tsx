import { useAtomValue } from 'jotai'
import { useState, type FormEvent } from 'react'
import { startEmailUpdate } from './actions'
import { Button } from '../../../ui/Button'
import { Spinner } from '../../../ui/Spinner'
import { authUserAtom, emailUpdateAtom } from '../../../connectors/embedded/atoms'
import { useWidget } from '../../../core/react'
import '../email/email-login.css'
import '../email/email-verify.css'

/** SPEC section 4 "Email update", first step: the new address. */
export default function UpdateEmailView() {
  const ctx = useWidget()
  const current = useAtomValue(authUserAtom)?.email
  const update = useAtomValue(emailUpdateAtom)
  const [value, setValue] = useState('')
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!update.busy) void startEmailUpdate(ctx, value)
  }
  return (
    <section className="al-centered-view" data-testid="update-email-view">
      <div className="al-email-verify-text">
        <p>Your email is</p>
        <p className="al-email-verify-address" data-testid="update-email-current">
          {current}
        </p>
      </div>
      <form className="al-email-login al-update-email-form" noValidate onSubmit={onSubmit}>
        <div className="al-email-row">
          <input
            className="al-input"
            data-testid="update-email-input"
            type="email"
            inputMode="email"
            autoComplete="email"
            placeholder="New email"
            aria-label="New email"
            aria-invalid={update.error ? true : undefined}
            maxLength={254}
            autoFocus
            value={value}
            disabled={update.busy}
            onChange={(event) => setValue(event.target.value)}
          />
          <Button type="submit" data-testid="update-email-submit" disabled={update.busy || value.trim() === ''}>
            {update.busy ? <Spinner size={16} label="Sending the code" /> : 'Save'}
          </Button>
        </div>
        {update.error && !update.busy && (
          <p className="al-field-error" data-testid="update-email-error" role="alert">
            {update.error}
          </p>
        )}
      </form>
      <p className="al-muted al-email-verify-hint">We will send a code to your current email, then one to the new email.</p>
    </section>
  )
}
