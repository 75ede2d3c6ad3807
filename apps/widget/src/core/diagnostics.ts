import type { WidgetContext } from './context'

/** Dropped messages are visible on the root element, so that a person or a test can see them. */
export function showDropCount({ stats }: WidgetContext): void {
  const total = stats.drops.origin + stats.drops.source + stats.drops.malformed + stats.invalidCalls
  document.documentElement.dataset.droppedMessages = String(total)
}
