import type { AnalyticsSender } from './sender'

/**
 * The analytics sender's code (and its schemas) loads with the first event the dapp lets us send,
 * after the modal has painted: nothing of it weighs on the first paint.
 */
export function lazyAnalytics(enabled: () => boolean, load: () => Promise<AnalyticsSender>): AnalyticsSender {
  let sender: Promise<AnalyticsSender> | undefined
  return {
    send(event, properties) {
      if (!enabled()) return
      sender ??= load()
      // A chunk that cannot load costs this event, never the user's flow.
      sender.then((loaded) => loaded.send(event, properties)).catch(() => {})
    },
  }
}
