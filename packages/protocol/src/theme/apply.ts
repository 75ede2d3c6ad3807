import type { ThemeMode, ThemeVariables } from '../common'

/**
 * How the theming contract becomes CSS, in every document that draws Airlock (the widget, and the
 * secure frame's confirmation, which must look like the widget it sits in): `data-theme` on the
 * root and the `--airlock-*` custom properties, which palette.css reads.
 */

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
