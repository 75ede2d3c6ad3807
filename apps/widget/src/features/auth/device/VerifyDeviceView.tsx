import { useAtomValue } from 'jotai'
import { resendDeviceCode, submitDeviceCode, unlockWithPasskey, unlockWithStorageAccess } from './actions'
import { Button } from '../../../ui/Button'
import { SecureFrameSlot } from '../../../connectors/embedded/SecureFrameSlot'
import { deviceCheckAtom } from '../../../connectors/embedded/atoms'
import { useWidget } from '../../../core/react'
import { CodeStatus, ResendCode } from '../email/EmailVerifyOtpView'
import { OtpForm } from '../email/OtpForm'
import '../email/email-login.css'
import '../email/email-verify.css'
import { formatTime } from '../../../ui/format'

/** Why an account with a passkey cannot be opened by email at once (the "send us both codes" phishing). */
export const RECOVERY_WAIT_EXPLAINED =
  'Lost your passkey? Recovery by email takes 48 hours, and your email and every device where your wallet is open are told.'

/** Why another code is needed where the browser keeps the frame's storage apart per site and will not share it. */
export const PARTITIONED_MESSAGE =
  'Your browser keeps this wallet apart for each site, so this site is a new device to it: approve this device once more.'
/** Where the browser may share it (the Storage Access API): a click in the secure frame asks. */
export const PARTITIONED_ASK_MESSAGE =
  'Opened your wallet on another site in this browser? Your browser keeps each site apart: let it share your wallet with this site instead.'

export const NO_SECOND_FACTOR_MESSAGE =
  'This account has no email and no passkey to approve a new device: open it on a device where it is already open, and add a passkey there.'

/**
 * A login that proved its first factor on a device that does not hold the wallet (VERIFY_DEVICE):
 * the code the key service mailed to the account's address, or one of its passkeys (the secure
 * frame shows that button itself). Whatever the login method: a phished login alone opens nothing.
 */
export default function VerifyDeviceView() {
  const ctx = useWidget()
  const check = useAtomValue(deviceCheckAtom)
  const busy = check.busy
  const hasEmail = check.sentTo !== undefined || check.emailRecovery === true || check.login?.method === 'email'
  const passkeys = check.passkeys ?? 0
  // With a passkey, email is a recovery the user asks for; it waits until `opensAt` (the key
  // service names one only while it waits: once open, asking again sends the code).
  const recovery = passkeys > 0 && hasEmail
  const waiting = check.opensAt !== undefined
  const codeSent = check.sentTo !== undefined && check.opensAt === undefined
  if (busy === 'storage')
    return (
      <section className="al-centered-view" data-testid="verify-device">
        <div className="al-email-verify-text">
          <p className="al-email-verify-title">Approve this device</p>
          <p>{PARTITIONED_ASK_MESSAGE}</p>
        </div>
        {/* The button that asks the browser is the secure frame's own: the request needs a click in its
            document. The slot takes the card's width (a centred view would shrink it to its spinner). */}
        <div style={{ alignSelf: 'stretch' }}>
          <SecureFrameSlot label="Asking your browser" />
        </div>
      </section>
    )
  return (
    <section className="al-centered-view" data-testid="verify-device">
      <div className="al-email-verify-text">
        <p className="al-email-verify-title">Approve this device</p>
        {recovery && check.sentTo === undefined ? (
          <p>This device is new to your wallet. Use your passkey to open it here.</p>
        ) : waiting ? (
          <p data-testid="recovery-waiting">
            Email recovery requested. This device may open your wallet by email from {formatTime(new Date(check.opensAt!).toISOString())},
            unless it is cancelled: we told{' '}
            <span className="al-email-verify-address" data-testid="device-code-sent-to">
              {check.sentTo}
            </span>{' '}
            and every device where your wallet is open.
          </p>
        ) : check.sentTo ? (
          <p>
            This device is new to your wallet. We sent a device code to{' '}
            <span className="al-email-verify-address" data-testid="device-code-sent-to">
              {check.sentTo}
            </span>
            : enter it to open your wallet here.
          </p>
        ) : hasEmail ? (
          <p>This device is new to your wallet. Ask for a device code to open it here.</p>
        ) : passkeys === 0 ? (
          <p data-testid="no-second-factor">{NO_SECOND_FACTOR_MESSAGE}</p>
        ) : (
          <p>This device is new to your wallet. Use one of your passkeys to open it here.</p>
        )}
      </div>
      {check.match && (
        <p className="al-email-verify-hint" data-testid="device-match">
          This device shows the number <strong>{check.match}</strong>: the email names the same number.
        </p>
      )}
      {check.partitioned === 'refused' && (
        <p className="al-email-verify-hint" data-testid="device-partitioned">
          {PARTITIONED_MESSAGE}
        </p>
      )}
      {check.partitioned === 'ask' && (
        <>
          <p className="al-email-verify-hint" data-testid="device-partitioned-ask">
            {PARTITIONED_ASK_MESSAGE}
          </p>
          <Button
            variant="secondary"
            data-testid="use-storage-access"
            disabled={busy !== undefined}
            onClick={() => void unlockWithStorageAccess(ctx)}
          >
            Use my wallet from another site
          </Button>
        </>
      )}
      {hasEmail && (!recovery || codeSent) && (
        <>
          <OtpForm
            inputTestId="device-otp-input"
            label="Device code"
            busy={busy !== undefined && busy !== 'passkey'}
            error={check.error}
            onComplete={(otp) => void submitDeviceCode(ctx, otp)}
          />
          <CodeStatus busy={busy} error={check.error} />
          <ResendCode disabled={busy !== undefined && busy !== 'passkey'} onResend={() => void resendDeviceCode(ctx)} />
        </>
      )}
      {recovery && !codeSent && busy !== 'passkey' && (
        <>
          <p className="al-email-verify-hint">{RECOVERY_WAIT_EXPLAINED}</p>
          <Button
            variant="secondary"
            data-testid="recover-by-email"
            disabled={busy !== undefined}
            onClick={() => void resendDeviceCode(ctx)}
          >
            {waiting ? 'Check again' : 'Recover by email'}
          </Button>
        </>
      )}
      {(!hasEmail || (recovery && !codeSent)) && check.error && (
        <p className="al-field-error" role="alert" data-testid="device-error">
          {check.error}
        </p>
      )}
      {passkeys > 0 &&
        (busy === 'passkey' ? (
          // The passkey's button is the secure frame's own: the click must be in its document.
          <SecureFrameSlot label="Opening your passkey" />
        ) : (
          <Button variant="secondary" data-testid="use-passkey" disabled={busy !== undefined} onClick={() => void unlockWithPasskey(ctx)}>
            Use a passkey
          </Button>
        ))}
    </section>
  )
}
