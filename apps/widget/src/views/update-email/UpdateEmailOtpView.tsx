import { useAtomValue } from 'jotai'
import { submitUpdateEmailPrimaryOtp, submitUpdateEmailSecondaryOtp } from '../../actions/authUpdateEmail'
import { authUserAtom, emailUpdateAtom } from '../../stores/auth'
import { useWidget } from '../../WidgetProvider'
import { CodeStatus } from '../email-verify-otp/EmailVerifyOtpView'
import { OtpForm } from '../email-verify-otp/OtpForm'
import '../email-login/email-login.css'
import '../email-verify-otp/email-verify.css'

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
