import { useAtomValue } from 'jotai'
import { Button } from '../../ui/Button'
import { Spinner } from '../../ui/Spinner'
import { nameRegistrationAtom } from './store'
import { navigateAtom } from '../../core/router/atoms'
import { useWidget } from '../../core/react'
import './names.css'

/** SPEC section 4: shown first, while the wallet signs and the api registers; then the name is yours. */
export default function RegisterAccountNameSuccessView({ name }: { name: string }) {
  const ctx = useWidget()
  const registration = useAtomValue(nameRegistrationAtom)
  const done = registration?.name === name && registration.status === 'registered'

  return (
    <section className="al-names al-names-success" data-testid="register-name-success-view" data-state={done ? 'registered' : 'pending'}>
      {done ? (
        <>
          <p className="al-names-title" data-testid="register-name-success">
            {name} is yours
          </p>
          <p className="al-names-note">People can now send to {name} instead of your address.</p>
          <Button
            data-testid="register-name-done"
            onClick={() => ctx.store.set(navigateAtom, { type: 'reset', route: { name: 'Account' } })}
          >
            Back to account
          </Button>
        </>
      ) : (
        <>
          <Spinner size={32} label="Registering name" />
          <p className="al-names-title" data-testid="register-name-pending">
            {registration?.status === 'registering' ? `Registering ${name}` : 'Sign the message in your wallet'}
          </p>
        </>
      )}
    </section>
  )
}
