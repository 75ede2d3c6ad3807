import { useAtomValue } from 'jotai'
import { useState, type FormEvent } from 'react'
import { Button } from '../../../ui/Button'
import { Spinner } from '../../../ui/Spinner'
import { preloadAuthFrame } from '../../../connectors/embedded/preload'
import { LOAD_FAILED_TEXT } from '../../../connectors/embedded/texts'
import { authFrameStatusAtom, emailLoginAtom } from '../../../connectors/embedded/atoms'
import { useWidget } from '../../../core/react'
import './email-login.css'
import { AuthenticatingStatus } from '../../../connectors/embedded/AuthenticatingStatus'

/**
 * The email field of the Connect view (SPEC section 2). Part of the first paint; the frame client
 * and the login flow (actions/auth.ts, which checks the address before anything is sent) load on
 * focus or submit. The check's, the frame's and the cooldown's messages show under the field.
 */
export function EmailLoginSection() {
  const ctx = useWidget()
  const login = useAtomValue(emailLoginAtom)
  const frameStatus = useAtomValue(authFrameStatusAtom)
  const [value, setValue] = useState(login.email ?? '')
  const onEmailStep = login.step === undefined || login.step === 'email'
  const busy = onEmailStep ? login.busy : undefined
  const error = (onEmailStep ? login.error : undefined) ?? (frameStatus === 'failed' ? LOAD_FAILED_TEXT : undefined)

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (busy) return
    const email = value.trim()
    ctx.store.set(emailLoginAtom, { step: 'email', email, busy: 'sending' })
    void import('../../../connectors/embedded/auth').then(
      (auth) => auth.submitEmail(ctx, email),
      () => ctx.store.set(emailLoginAtom, { step: 'email', email, error: LOAD_FAILED_TEXT }),
    )
  }

  return (
    <form className="al-email-login" data-testid="email-login" noValidate onSubmit={onSubmit}>
      <div className="al-email-row">
        <input
          className="al-input"
          data-testid="email-input"
          type="email"
          name="email"
          inputMode="email"
          autoComplete="email"
          placeholder="Email"
          aria-label="Email"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'al-email-error' : undefined}
          maxLength={254}
          value={value}
          disabled={busy !== undefined}
          onFocus={() => preloadAuthFrame(ctx)}
          onChange={(event) => {
            setValue(event.target.value)
            if (onEmailStep && login.error) ctx.store.set(emailLoginAtom, { ...login, error: undefined })
          }}
        />
        <Button type="submit" data-testid="email-submit" disabled={busy !== undefined || value.trim() === ''}>
          {busy === 'sending' ? <Spinner size={16} label="Sending the code" /> : 'Continue'}
        </Button>
      </div>
      {busy === 'authenticating' && <AuthenticatingStatus testId="auth-status" />}
      {error && !busy && (
        <p className="al-field-error" id="al-email-error" data-testid="email-error" role="alert">
          {error}
        </p>
      )}
    </form>
  )
}
