import type { ThemeMode, ThemeVariables } from '@airlock/protocol'
import { atom } from 'jotai'

export const themeModeAtom = atom<ThemeMode>('dark')
export const themeVariablesAtom = atom<ThemeVariables>({})
