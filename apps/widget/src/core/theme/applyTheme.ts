import { applyTheme } from '@airlock/protocol'
import type { Store } from '../store'
import { themeModeAtom, themeVariablesAtom } from './atoms'

export function syncThemeToDocument(store: Store, root: HTMLElement): () => void {
  let applied = new Set<string>()
  const apply = () => {
    applied = applyTheme(root, store.get(themeModeAtom), store.get(themeVariablesAtom), applied)
  }
  apply()
  const offMode = store.sub(themeModeAtom, apply)
  const offVariables = store.sub(themeVariablesAtom, apply)
  return () => {
    offMode()
    offVariables()
  }
}
