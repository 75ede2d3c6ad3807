import { useAtomValue } from 'jotai'
import { toastAtom } from '../core/toast'
import { CheckIcon, ErrorIcon } from './icons'
import { Spinner } from './Spinner'

export function Toast() {
  const toast = useAtomValue(toastAtom)
  if (!toast?.open) return null
  return (
    <div
      key={toast.id}
      className="al-toast"
      data-variant={toast.variant}
      data-testid="toast"
      role={toast.variant === 'error' ? 'alert' : 'status'}
    >
      {toast.variant === 'loading' ? (
        <Spinner size={14} />
      ) : toast.variant === 'success' ? (
        <CheckIcon className="al-toast-icon" />
      ) : (
        <ErrorIcon className="al-toast-icon" />
      )}
      <span>{toast.message}</span>
    </div>
  )
}
