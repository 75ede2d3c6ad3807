import type { ConfirmationUi } from './confirmation'

/**
 * The confirmation UI, loaded on first use: the frame's first job is to say ready (the widget gives
 * it 10 s, under load it needs them), and the renderer, the decoders and their CSS are most of its
 * code. main.ts preloads it once ready. Until it (and the request's family view) has loaded nothing is shown, so a request also
 * waits for it to count as on screen; a UI that never loads ends in the frame's not-on-screen refusal.
 */
export function lazyUi(load: () => Promise<ConfirmationUi>): ConfirmationUi {
  return {
    show(request, answer) {
      let hide: (() => void) | undefined
      let gone = false
      void load().then(
        (ui) => {
          const draw = () => {
            if (!gone) hide = ui.show(request, answer)
          }
          const loading = ui.prepare?.(request)
          if (loading) loading.then(draw, () => {})
          else draw()
        },
        () => {},
      )
      return () => {
        gone = true
        hide?.()
      }
    },
    onScreen: (signal) =>
      load().then(
        (ui) => ui.onScreen(signal),
        () => new Promise<void>(() => {}),
      ),
  }
}
