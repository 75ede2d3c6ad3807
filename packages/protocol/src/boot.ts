import * as z from 'zod/mini'

/** Alerts the widget shows instead of working (SPEC section 8, "Library alerts"). */
export const WidgetBootError = z.enum(['Invalid App Configuration', 'Invalid Project ID', 'Project ID Not Configured'])
export type WidgetBootError = z.infer<typeof WidgetBootError>

/**
 * What the widget-origin server tells the widget page before any script runs, in
 * `<meta name="airlock-config" content="...json...">`. The server has checked `parentOrigin`
 * against the project's allowed origins; `error` is set when it did not pass.
 */
export const WidgetBootConfig = z.object({
  projectId: z.string().check(z.maxLength(100)),
  parentOrigin: z.string().check(z.maxLength(300)),
  apiUrl: z.string().check(z.regex(/^https?:\/\//)),
  secureFrameUrl: z.string().check(z.regex(/^https?:\/\//)),
  /** The WalletConnect relay this deployment's CSP lets the widget reach. */
  relayUrl: z.optional(z.string().check(z.maxLength(300), z.regex(/^wss?:\/\//))),
  error: z.optional(WidgetBootError),
})
export type WidgetBootConfig = z.infer<typeof WidgetBootConfig>

export const WIDGET_CONFIG_META = 'airlock-config'
