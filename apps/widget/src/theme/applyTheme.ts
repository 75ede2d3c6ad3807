import type { ThemeMode, ThemeVariables } from '@airlock/protocol'
import type { Store } from '../stores/store'
import { themeModeAtom, themeVariablesAtom } from '../stores/theme'

/** Custom property declarations for the variables; values are schema-checked already. */
export function themeDeclarations(variables: ThemeVariables): [string, string][] {
  const declarations: [string, string][] = []
  for (const [name, value] of Object.entries(variables) as [keyof ThemeVariables, string | number | undefined][]) {
    if (value === undefined) continue
    // color-mix() takes a percentage; the contract carries the bare number.
    const css = name === '--airlock-color-mix-strength' ? `${value}%` : String(value)
    declarations.push([name, css])
  }
  return declarations
}

export interface ThemeTarget {
  dataset: DOMStringMap
  style: Pick<CSSStyleDeclaration, 'setProperty' | 'removeProperty'>
}

/** Applies mode and variables with setProperty (never CSS text), removing ones no longer set. */
export function applyTheme(
  root: ThemeTarget,
  mode: ThemeMode,
  variables: ThemeVariables,
  previous: ReadonlySet<string> = new Set(),
): Set<string> {
  root.dataset.theme = mode
  const applied = new Set<string>()
  for (const [name, value] of themeDeclarations(variables)) {
    root.style.setProperty(name, value)
    applied.add(name)
  }
  for (const name of previous) if (!applied.has(name)) root.style.removeProperty(name)
  return applied
}

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
