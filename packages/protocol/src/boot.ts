import * as z from 'zod/mini'
import { WIDGET_BOOT_ERRORS } from './patterns'

/** Alerts the widget shows instead of working (SPEC section 8, "Library alerts"). */
export const WidgetBootError = z.enum(WIDGET_BOOT_ERRORS)
export type WidgetBootError = z.infer<typeof WidgetBootError>

/**
 * `GET <widget origin>/boot-status?projectId=…` (CORS, WIDGET_BOOT_STATUS_PATH): whether the widget page would boot for the
 * calling page's origin (its `Origin` header), else the alert. A widget page that will not boot
 * may not be framed at all, so the host SDK asks here and shows the alert itself.
 */
export const WidgetBootStatus = z.object({ error: z.optional(WidgetBootError) })
export type WidgetBootStatus = z.infer<typeof WidgetBootStatus>

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
