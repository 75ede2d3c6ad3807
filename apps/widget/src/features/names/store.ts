import { atom } from 'jotai'

/** SPEC section 3 "Name suggestion list with a loading flag", and the registration in progress (SPEC section 4). */

export interface NameSuggestion {
  name: string
  registered: boolean
}

export interface NameSuggestionsState {
  /** The label the suggestions are for; a late answer for another label is dropped. */
  label: string
  loading: boolean
  suggestions: NameSuggestion[]
  error?: string | undefined
}

export const EMPTY_SUGGESTIONS: NameSuggestionsState = { label: '', loading: false, suggestions: [] }

export const nameSuggestionsAtom = atom<NameSuggestionsState>(EMPTY_SUGGESTIONS)

export type NameRegistration = { name: string; status: 'signing' | 'registering' | 'registered' }

export const nameRegistrationAtom = atom<NameRegistration | undefined>(undefined)
