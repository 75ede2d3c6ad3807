import { ErrorIcon } from './icons'

/** Shown instead of the app when the configuration or the framing is wrong. */
export function AppAlert({ message }: { message: string }) {
  return (
    <div className="al-overlay" data-open="true">
      <div className="al-card al-alert" role="alert" data-testid="app-alert">
        <ErrorIcon width={24} height={24} className="al-alert-icon" />
        <p className="al-alert-text">{message}</p>
      </div>
    </div>
  )
}
