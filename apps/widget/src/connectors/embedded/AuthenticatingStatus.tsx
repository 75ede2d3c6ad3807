import { AUTHENTICATING_TEXT } from './texts'
import { Spinner } from '../../ui/Spinner'

/** SPEC section 8 'Authenticating...': the embedded wallet opening after a login step succeeded. */
export function AuthenticatingStatus({ testId }: { testId: string }) {
  return (
    <p className="al-auth-status" data-testid={testId} role="status">
      <Spinner size={14} label={AUTHENTICATING_TEXT} />
      {AUTHENTICATING_TEXT}
    </p>
  )
}
