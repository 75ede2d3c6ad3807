import { describe, expect, it } from 'vitest'
import { applyTheme, themeDeclarations, type ThemeTarget } from './apply'

function target(): ThemeTarget & { props: Map<string, string> } {
  const props = new Map<string, string>()
  return {
    props,
    dataset: {},
    style: {
      setProperty: (name: string, value: string | null) => void props.set(name, value ?? ''),
      removeProperty: (name: string) => {
        const old = props.get(name) ?? ''
        props.delete(name)
        return old
      },
    },
  }
}

describe('theme', () => {
  it('turns variables into declarations, with a percentage for the mix strength', () => {
    expect(themeDeclarations({ '--airlock-accent': '#ff0000', '--airlock-color-mix-strength': 20, '--airlock-z-index': 5 })).toEqual([
      ['--airlock-accent', '#ff0000'],
      ['--airlock-color-mix-strength', '20%'],
      ['--airlock-z-index', '5'],
    ])
  })

  it('sets the mode and the variables with setProperty', () => {
    const root = target()
    applyTheme(root, 'light', { '--airlock-accent': 'rebeccapurple' })
    expect(root.dataset.theme).toBe('light')
    expect(root.props.get('--airlock-accent')).toBe('rebeccapurple')
  })

  it('removes variables that are no longer set', () => {
    const root = target()
    const applied = applyTheme(root, 'dark', { '--airlock-accent': 'red', '--airlock-font-family': 'serif' })
    applyTheme(root, 'dark', { '--airlock-accent': 'blue' }, applied)
    expect([...root.props]).toEqual([['--airlock-accent', 'blue']])
  })
})
