import { useAtomValue } from 'jotai'
import { useEffect, useState, type FormEvent } from 'react'
import { clearNameSuggestions, fetchNameSuggestions, registerAccountName } from './actions'
import { Button } from '../../ui/Button'
import { Spinner } from '../../ui/Spinner'
import { fullName, labelError, labelOf, NAME_ZONE } from '../../core/names/rules'
import { nameSuggestionsAtom } from './store'
import { useWidget } from '../../core/react'
import './names.css'

/** SPEC section 9: debounce 500 ms between typing and the suggestions call. */
const SUGGESTIONS_DEBOUNCE_MS = 500

/** SPEC section 4: choose a name (suggestions while typing, availability), then register it. */
export default function RegisterAccountNameView({ error }: { error?: string | undefined }) {
  const ctx = useWidget()
  const suggestions = useAtomValue(nameSuggestionsAtom)
  const [value, setValue] = useState(() => suggestions.label)
  const label = labelOf(value)
  const ruleError = value.trim() === '' ? undefined : labelError(label)

  useEffect(() => {
    if (ruleError !== undefined || label === '') {
      clearNameSuggestions(ctx)
      return
    }
    const timer = setTimeout(() => void fetchNameSuggestions(ctx, label), SUGGESTIONS_DEBOUNCE_MS)
    return () => clearTimeout(timer)
  }, [ctx, label, ruleError])

  const current = suggestions.label === label ? suggestions : undefined
  const exact = current?.suggestions.find((suggestion) => suggestion.name === fullName(label))
  const taken = exact?.registered === true
  const others = current?.suggestions.filter((suggestion) => suggestion.name !== fullName(label)) ?? []
  const canRegister = label !== '' && ruleError === undefined && exact !== undefined && !taken

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (canRegister) void registerAccountName(ctx, label)
  }

  return (
    <form className="al-names" data-testid="register-name-view" noValidate onSubmit={onSubmit}>
      <p className="al-names-intro">Choose a name people can send to instead of your address.</p>
      <div className="al-names-field">
        <input
          className="al-bare-input al-names-input"
          data-testid="register-name-input"
          autoComplete="off"
          spellCheck={false}
          placeholder="yourname"
          aria-label="Name"
          aria-invalid={ruleError || taken ? true : undefined}
          maxLength={80}
          value={value}
          onChange={(event) => setValue(event.target.value)}
        />
        <span className="al-names-zone">.{NAME_ZONE}</span>
      </div>
      {ruleError && (
        <p className="al-names-error" data-testid="register-name-rule">
          {ruleError}
        </p>
      )}
      {current?.loading && (
        <p className="al-names-note" data-testid="register-name-loading">
          <Spinner size={12} label="Checking name" /> Checking availability
        </p>
      )}
      {exact && (
        <p
          className={taken ? 'al-names-error' : 'al-names-available'}
          data-testid="register-name-availability"
          data-available={taken ? 'false' : 'true'}
        >
          {exact.name} {taken ? 'is unavailable' : 'is available'}
        </p>
      )}
      {current?.error && (
        <p className="al-names-error" role="alert" data-testid="register-name-suggestions-error">
          {current.error}
        </p>
      )}
      {others.length > 0 && (
        <ul className="al-names-suggestions" data-testid="register-name-suggestions">
          {others.map((suggestion) => (
            <li key={suggestion.name}>
              <button
                type="button"
                className="al-names-suggestion"
                data-testid={`register-name-suggestion-${suggestion.name}`}
                onClick={() => setValue(labelOf(suggestion.name))}
              >
                {suggestion.name}
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p className="al-names-error" role="alert" data-testid="register-name-error">
          {error}
        </p>
      )}
      <Button type="submit" data-testid="register-name-submit" disabled={!canRegister}>
        Register
      </Button>
    </form>
  )
}
