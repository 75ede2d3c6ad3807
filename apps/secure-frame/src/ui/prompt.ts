import type { FramePrompt } from '../frame/session'

/**
 * A button of the frame's own document, for the steps that need the user's click here (a passkey
 * needs the activation in this document: a widget cannot lend it). Shown while the widget lays the
 * frame over its secure slot; one prompt at a time, a newer one replaces the older (which rejects).
 */
export function createPromptSurface(root: HTMLElement): (prompt: FramePrompt) => Promise<void> {
  let cancelShown: ((reason: Error) => void) | undefined
  return (prompt) => {
    cancelShown?.(new Error('Replaced by a newer prompt'))
    root.replaceChildren()
    const section = document.createElement('section')
    section.className = 'al-prompt'
    section.dataset.testid = 'secure-prompt'
    const title = Object.assign(document.createElement('h2'), { textContent: prompt.title })
    const text = Object.assign(document.createElement('p'), { textContent: prompt.text })
    const button = Object.assign(document.createElement('button'), { type: 'button', textContent: prompt.button })
    button.dataset.testid = 'secure-prompt-button'
    section.append(title, text, button)
    root.append(section)
    return new Promise<void>((resolve, reject) => {
      const done = () => {
        cancelShown = undefined
        section.remove()
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
