import { useAtomValue } from 'jotai'
import { resendEmailCode, submitEmailOtp } from '../../../connectors/embedded/auth'
import { emailLoginAtom } from '../../../connectors/embedded/atoms'
import { useWidget } from '../../../core/react'
import { OtpForm } from './OtpForm'
import './email-login.css'
import './email-verify.css'
import { AuthenticatingStatus } from '../../../connectors/embedded/AuthenticatingStatus'

/** SPEC section 2: the login code mailed by the frame (VERIFY_OTP). */
export default function EmailVerifyOtpView({ email }: { email: string }) {
  const ctx = useWidget()
  const login = useAtomValue(emailLoginAtom)
  const here = login.step === 'otp' && login.email === email
  const busy = here ? login.busy : undefined
  return (
    <section className="al-centered-view" data-testid="email-verify-otp">
      <div className="al-email-verify-text">
        <p>Enter the code we sent to</p>
        <p className="al-email-verify-address" data-testid="otp-email">
          {email}
        </p>
      </div>
      <OtpForm
        inputTestId="otp-input"
        label="Login code"
        busy={busy !== undefined}
        error={here ? login.error : undefined}
        onComplete={(otp) => void submitEmailOtp(ctx, otp)}
      />
      <CodeStatus busy={busy} error={here ? login.error : undefined} />
      <p className="al-muted al-email-verify-hint">The code expires in 10 minutes</p>
      <ResendCode disabled={busy !== undefined} onResend={() => void resendEmailCode(ctx)} />
    </section>
  )
}

/** 'Authenticating...' once the code is accepted, or the last code's error. */
export function CodeStatus({ busy, error }: { busy?: string | undefined; error?: string | undefined }) {
  if (busy === 'authenticating') return <AuthenticatingStatus testId="auth-status" />
  if (error && !busy)
    return (
      <p className="al-field-error al-email-verify-error" data-testid="otp-error" role="alert">
        {error}
      </p>
    )
  return null
}

export function ResendCode({ disabled, onResend }: { disabled: boolean; onResend: () => void }) {
  return (
    <p className="al-email-verify-resend">
      Didn&apos;t get it?{' '}
      <button type="button" className="al-link-button" data-testid="otp-resend" disabled={disabled} onClick={onResend}>
        Resend code
      </button>
    </p>
  )
}
