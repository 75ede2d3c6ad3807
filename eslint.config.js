import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const appImports = ['@airlock/sdk', '@airlock/widget', '@airlock/api', '@airlock/demo', '@airlock/secure-frame']

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
