// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { createPromptSurface } from './prompt'

const prompt = { title: 'Use your passkey', text: 'Open your wallet here.', button: 'Use a passkey' }

describe('the frame prompt', () => {
  it('draws its button in the surface and ignores clicks no user made', async () => {
    const surface = document.createElement('main')
    const show = createPromptSurface(surface)
    let clicked = false
    void show(prompt).then(() => (clicked = true))
    const button = surface.querySelector<HTMLButtonElement>('[data-testid="secure-prompt-button"]')!
    expect(button.textContent).toBe('Use a passkey')
    expect(surface.querySelector('h2')!.textContent).toBe('Use your passkey')
    expect(document.documentElement.dataset.prompt).toBe('passkey')
    button.dispatchEvent(new MouseEvent('click', { bubbles: true }))
    button.click()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(clicked).toBe(false)
  })

  it('a newer prompt replaces the one shown, which rejects', async () => {
    const surface = document.createElement('main')
    const show = createPromptSurface(surface)
    const first = show(prompt)
    void show({ ...prompt, button: 'Create a passkey' })
    await expect(first).rejects.toThrow('Replaced by a newer prompt')
    expect(surface.querySelectorAll('[data-testid="secure-prompt"]')).toHaveLength(1)
    expect(surface.querySelector('button')!.textContent).toBe('Create a passkey')
  })
})
