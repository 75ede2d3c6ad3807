import '@airlock/protocol/palette.css'
import '../confirm/confirm.css'
import type { FramePrompt } from '../frame/session'

/**
 * A button of the frame's own document, for the steps that need the user's click here (a passkey
 * needs the activation in this document: a widget cannot lend it). Drawn in `#surface` while the
 * widget lays the frame over its secure slot, in the confirmation's look; one prompt at a time, a
 * newer one replaces the older (which rejects). No visibility proof is needed here: the browser's
 * own passkey dialog, which no page can draw or cover, is where the user consents.
 */
export function createPromptSurface(surface: HTMLElement): (prompt: FramePrompt) => Promise<void> {
  let cancelShown: ((reason: Error) => void) | undefined
  return (prompt) => {
    cancelShown?.(new Error('Replaced by a newer prompt'))
    const section = document.createElement('section')
    section.className = 'al-approve'
    section.dataset.testid = 'secure-prompt'
    const title = Object.assign(document.createElement('h2'), { className: 'al-approve-title', textContent: prompt.title })
    const text = Object.assign(document.createElement('p'), { className: 'al-muted', textContent: prompt.text })
    const button = Object.assign(document.createElement('button'), {
      type: 'button',
      className: 'al-button al-button-primary',
      textContent: prompt.button,
    })
    button.dataset.testid = 'secure-prompt-button'
    section.append(title, text, button)
    surface.replaceChildren(section)
    document.documentElement.dataset.prompt = 'passkey'
    return new Promise<void>((resolve, reject) => {
      const done = () => {
        cancelShown = undefined
        section.remove()
        delete document.documentElement.dataset.prompt
      }
      cancelShown = (reason) => {
        done()
        reject(reason)
      }
      button.addEventListener('click', (event) => {
        // A click the user made: never one a script dispatched.
        if (!event.isTrusted) return
        done()
        resolve()
      })
    })
  }
}
