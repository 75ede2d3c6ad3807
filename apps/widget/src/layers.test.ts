import { ESLint } from 'eslint'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'

/** The widget's layer rules (eslint.config.js, DESIGN.md 4b), tried on imports a newcomer might write. */
const root = fileURLToPath(new URL('../../..', import.meta.url))
const eslint = new ESLint({ cwd: root })

async function layerErrors(file: string, importPath: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import { x } from '${importPath}'\nexport const y = x\n`, {
    filePath: `${root}/apps/widget/src/${file}`,
  })
  return result!.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message)
}

describe('the widget layers', () => {
  it('refuse an import that points up', async () => {
    expect(await layerErrors('core/session/x.ts', '../../features/swap/actions')).toEqual([
      expect.stringContaining('core knows no feature, connector, family or view'),
    ])
    expect(await layerErrors('chains/solana/x.ts', '../../connectors/registry')).toHaveLength(1)
    expect(await layerErrors('ui/x.tsx', '../chains/registry')).toHaveLength(1)
    expect(await layerErrors('connectors/relayed/x.ts', '../../features/connect/routes')).toHaveLength(1)
    expect(await layerErrors('features/account/x.tsx', '../../app/routes')).toHaveLength(1)
  })

  it('refuse a feature importing another, by either path', async () => {
    const message = 'a feature imports no other feature nor the shell: navigate by route name, or take a slot'
    expect(await layerErrors('features/send/x.ts', '../names/actions')).toEqual([expect.stringContaining(message)])
    expect(await layerErrors('features/connect/all-wallets/x.ts', '../../../features/auth/routes')).toEqual([
      expect.stringContaining(message),
    ])
  })

  it('let imports that point down, or stay in the feature, through', async () => {
    expect(await layerErrors('features/send/x.ts', '../../core/names/resolve')).toEqual([])
    expect(await layerErrors('features/connect/all-wallets/x.ts', '../wallets/atoms')).toEqual([])
    expect(await layerErrors('connectors/embedded/x.tsx', '../../ui/Spinner')).toEqual([])
    expect(await layerErrors('app/x.ts', '../features/swap/routes')).toEqual([])
  })
}, 60_000)
