import { useAtomValue } from 'jotai'
import { resendEmailCode, submitDeviceOtp } from '../../actions/auth'
import { emailLoginAtom } from '../../stores/auth'
import { useWidget } from '../../WidgetProvider'
import { CodeStatus, ResendCode } from '../email-verify-otp/EmailVerifyOtpView'
import { OtpForm } from '../email-verify-otp/OtpForm'
import '../email-login/email-login.css'
import '../email-verify-otp/email-verify.css'

/**
 * SPEC section 4: a known account on a new device (VERIFY_DEVICE). The frame mailed a device code;
 * once it is accepted this device is approved and a login code follows.
 */
export default function EmailVerifyDeviceView({ email }: { email: string }) {
  const ctx = useWidget()
  const login = useAtomValue(emailLoginAtom)
  const here = login.step === 'device' && login.email === email
  const busy = here ? login.busy : undefined
  return (
    <section className="al-centered-view" data-testid="email-verify-device">
      <div className="al-email-verify-text">
        <p className="al-email-verify-title">Register this device</p>
        <p>
          This is a new device for <span className="al-email-verify-address">{email}</span>. We sent a device code to that address: enter it
          to approve this device. A login code follows.
        </p>
      </div>
      <OtpForm
        inputTestId="device-otp-input"
        label="Device code"
        busy={busy !== undefined}
        error={here ? login.error : undefined}
        onComplete={(otp) => void submitDeviceOtp(ctx, otp)}
      />
      <CodeStatus busy={busy} error={here ? login.error : undefined} />
      <ResendCode disabled={busy !== undefined} onResend={() => void resendEmailCode(ctx)} />
    </section>
  )
}
