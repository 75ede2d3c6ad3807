import { WIDGET_CONFIG_META, type WidgetBootConfig } from '@airlock/protocol'
import { escapeHtml } from '../../platform/http/escape-html'

/** Any `<meta ... name="airlock-config" ...>` tag, attributes in any order and quoting. */
const CONFIG_META = new RegExp(`<meta\\b[^>]*\\bname\\s*=\\s*["']?${WIDGET_CONFIG_META}["']?[^>]*>`, 'i')

export function configMetaTag(config: WidgetBootConfig): string {
  return `<meta name="${WIDGET_CONFIG_META}" content="${escapeHtml(JSON.stringify(config))}">`
}

/**
 * Puts the boot config into the page: replaces the placeholder
 * `<meta name="airlock-config" content="">`, or inserts the tag at the start of <head> (then
 * after <html>, then at the very start) when the page has no placeholder.
 */
export function injectBootConfig(html: string, config: WidgetBootConfig): string {
  const tag = configMetaTag(config)
  // Replacer functions, never replacement strings: the JSON may contain `$&` and friends.
  if (CONFIG_META.test(html)) return html.replace(CONFIG_META, () => tag)
  for (const opening of [/<head\b[^>]*>/i, /<html\b[^>]*>/i]) {
    if (opening.test(html)) return html.replace(opening, (match) => `${match}\n    ${tag}`)
  }
  return `${tag}\n${html}`
}
