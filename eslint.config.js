import { readdirSync } from 'node:fs'
import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const appImports = ['@airlock/sdk', '@airlock/widget', '@airlock/api', '@airlock/demo', '@airlock/secure-frame']

/**
 * The widget's layers (DESIGN.md 4b): dependencies point down only, app/host -> features ->
 * connectors -> {chains, ui} -> core, and no feature imports another.
 * Imports are relative, so a rule names the top-level folders a layer may not reach.
 */
const WIDGET = 'apps/widget/src'
const widgetFeatures = readdirSync(new URL(`./${WIDGET}/features`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
const upTo = (folders, message) => ({ regex: `^(\\.\\./)+(${folders.join('|')})(/|$)`, message })
const layer = (files, folders, why) => ({
  files: [`${WIDGET}/${files}`],
  ignores: ['**/*.test.{ts,tsx}'],
  rules: { 'no-restricted-imports': ['error', { patterns: [upTo(folders, why)] }] },
})
const widgetLayers = [
  layer(
    'core/**/*.{ts,tsx}',
    ['app', 'host', 'features', 'connectors', 'chains', 'ui'],
    'core knows no feature, connector, family or view',
  ),
  layer('chains/**/*.{ts,tsx}', ['app', 'host', 'features', 'connectors', 'ui'], 'a chain adapter depends on core only'),
  layer('ui/**/*.{ts,tsx}', ['app', 'host', 'features', 'connectors', 'chains'], 'the ui kit depends on core only'),
  layer('connectors/**/*.{ts,tsx}', ['app', 'host', 'features'], 'connectors sit below the features and the shell'),
  ...widgetFeatures.map((feature) => ({
    ...layer(
      `features/${feature}/**/*.{ts,tsx}`,
      ['app', 'host', ...widgetFeatures.filter((other) => other !== feature).flatMap((other) => [other, `features/${other}`])],
      'a feature imports no other feature nor the shell: navigate by route name, or take a slot',
    ),
  })),
]

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'test-results/**', 'playwright-report/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='postMessage'] > Literal[value='*']",
          message: "Never post messages to '*': pin the origin.",
        },
      ],
    },
  },
  {
    files: ['apps/widget/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  ...widgetLayers,
  {
    // Dependency direction (DESIGN.md section 2): packages never import apps.
    files: ['packages/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [{ group: appImports, message: 'packages must not depend on apps' }] }] },
  },
  {
    // The host SDK runs in every dapp page: protocol and penpal only, nothing heavy.
    files: ['apps/host-sdk/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/host-sdk/src/testing/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(?!@airlock/protocol$|penpal$|\\.{1,2}/).*', message: 'the host SDK may import only @airlock/protocol and penpal' },
          ],
        },
      ],
    },
  },
)
