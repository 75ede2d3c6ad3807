import { WIDGET_BOOT_STATUS_PATH, widgetBootStatusCheck, type WidgetBootError } from '@airlock/protocol'

/**
 * The alert the widget would show this page (SPEC section 8, "Library alerts"), from the widget
 * origin's boot status; undefined when it would boot, or when the status cannot be had (offline,
 * or a dapp CSP without the widget origin in `connect-src`): the handshake timeout covers those.
 */
export async function fetchBootError(widgetUrl: string, projectId: string): Promise<WidgetBootError | undefined> {
  try {
    const url = new URL(WIDGET_BOOT_STATUS_PATH, widgetUrl)
    url.searchParams.set('projectId', projectId)
    const status = widgetBootStatusCheck.safeParse(await (await fetch(url)).json())
    return status.data?.error
  } catch {
    return undefined
  }
}
