import type { ThemeMode, ThemeVariables, WidgetOptions } from '@airlock/protocol'
import type { WidgetContext } from '../context'
import { optionsAtom, resolveOptions } from './atoms'
import { themeModeAtom, themeVariablesAtom } from '../theme/atoms'

/** SPEC section 5: a site cannot set both a sign-in-with-wallet config and a sign-in option. */
export const SIWX_BOTH_SET = 'A site cannot set both a sign-in configuration (siwxConfig) and the siwx option'

export function setOptions(ctx: WidgetContext, options: WidgetOptions): void {
  if (options.siwx && options.siwxConfig) throw new Error(SIWX_BOTH_SET)
  ctx.store.set(optionsAtom, resolveOptions(options))
  if (options.themeMode || options.themeVariables) setTheme(ctx, { themeMode: options.themeMode, themeVariables: options.themeVariables })
}

/** Variables merge, as setThemeVariables does in the SDK; the mode replaces. */
export function setTheme(
  ctx: WidgetContext,
  theme: { themeMode?: ThemeMode | undefined; themeVariables?: ThemeVariables | undefined },
): void {
  if (theme.themeMode) ctx.store.set(themeModeAtom, theme.themeMode)
  if (theme.themeVariables) ctx.store.set(themeVariablesAtom, { ...ctx.store.get(themeVariablesAtom), ...theme.themeVariables })
}
