import { WIDGET_CONFIG_META, WidgetBootConfig } from '@airlock/protocol'

export const INVALID_APP_CONFIGURATION = 'Invalid App Configuration'

export type BootResult = { ok: true; config: WidgetBootConfig } | { ok: false; message: string }

export interface BootInput {
  /** The content of `<meta name="airlock-config">`, null when missing. */
  metaContent: string | null
  /** window.parent !== window */
  isFramed: boolean
  /** location.ancestorOrigins[0] where the browser has it (not Firefox). */
  ancestorOrigin: string | undefined
}

/** Decides whether the widget may run: a valid config, no server-side error, framed by its parent. */
export function checkBoot({ metaContent, isFramed, ancestorOrigin }: BootInput): BootResult {
  const config = parseConfig(metaContent)
  if (!config) return { ok: false, message: INVALID_APP_CONFIGURATION }
  if (config.error) return { ok: false, message: config.error }
  const parentOrigin = toOrigin(config.parentOrigin)
  if (!parentOrigin || !isFramed) return { ok: false, message: INVALID_APP_CONFIGURATION }
  if (ancestorOrigin !== undefined && ancestorOrigin !== parentOrigin) return { ok: false, message: INVALID_APP_CONFIGURATION }
  return { ok: true, config: { ...config, parentOrigin } }
}

function parseConfig(content: string | null): WidgetBootConfig | undefined {
  if (!content) return undefined
  let json: unknown
  try {
    json = JSON.parse(content)
  } catch {
    return undefined
  }
  const parsed = WidgetBootConfig.safeParse(json)
  return parsed.success ? parsed.data : undefined
}

/** The origin itself, or undefined when the value is not exactly an http(s) origin. */
function toOrigin(value: string): string | undefined {
  try {
    const url = new URL(value)
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined
    return url.origin === value.replace(/\/$/, '') ? url.origin : undefined
  } catch {
    return undefined
  }
}

export function readBootInput(win: Window): BootInput {
  let isFramed: boolean
  try {
    isFramed = win.parent !== win
  } catch {
    isFramed = true
  }
  return {
    metaContent: win.document.querySelector(`meta[name="${WIDGET_CONFIG_META}"]`)?.getAttribute('content') ?? null,
    isFramed,
    ancestorOrigin: win.location.ancestorOrigins?.[0],
  }
}
