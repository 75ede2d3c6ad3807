import { useAtomValue } from 'jotai'
import { submitUpdateEmailPrimaryOtp, submitUpdateEmailSecondaryOtp } from './actions'
import { authUserAtom, emailUpdateAtom } from '../../../connectors/embedded/atoms'
import { useWidget } from '../../../core/react'
import { CodeStatus } from '../email/EmailVerifyOtpView'
import { OtpForm } from '../email/OtpForm'
import '../email/email-login.css'
import '../email/email-verify.css'

/**
 * SPEC section 4 "Email update": the code mailed to the current address (primary,
 * VERIFY_PRIMARY_OTP), then the one mailed to the new address (secondary, VERIFY_SECONDARY_OTP).
 */
export default function UpdateEmailOtpView({ step, email }: { step: 'primary' | 'secondary'; email: string }) {
  const ctx = useWidget()
  const current = useAtomValue(authUserAtom)?.email
  const update = useAtomValue(emailUpdateAtom)
  const sentTo = step === 'primary' ? current : email
  const submit = step === 'primary' ? submitUpdateEmailPrimaryOtp : submitUpdateEmailSecondaryOtp
  return (
    <section className="al-centered-view" data-testid={`update-email-${step}-otp`}>
      <div className="al-email-verify-text">
        <p>
          {step === 'primary'
            ? 'To confirm the change, enter the code we sent to your current email'
            : 'Enter the code we sent to your new email'}
        </p>
        <p className="al-email-verify-address">{sentTo}</p>
      </div>
      <OtpForm
        key={step}
        inputTestId="otp-input"
        label={step === 'primary' ? 'Code sent to your current email' : 'Code sent to your new email'}
        busy={update.busy === true}
        error={update.error}
        onComplete={(otp) => void submit(ctx, otp)}
      />
      <CodeStatus error={update.busy ? undefined : update.error} />
      <p className="al-muted al-email-verify-hint">The code expires in 10 minutes</p>
    </section>
  )
}
