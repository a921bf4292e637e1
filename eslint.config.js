import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import { featureWalls, nodeOnly, rendererLayerBans } from './eslint-feature-walls.js'

const sandboxBan = {
  group: ['**/sandbox/**', '**/sandbox'],
  message:
    'main never imports the sandbox: development runs start it as a child process (src/main/dev-sandbox.ts), so no build contains it.',
}

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      'release/**',
      'node_modules/**',
      'artifacts/**',
      'test-results/**',
      'playwright-report/**',
      'coverage/**',
      '.sandbox-state/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/consistent-type-imports': [
        'error',
        { fixStyle: 'separate-type-imports' },
      ],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.name='ipcMain']",
          message: 'Only src/main/ipc/register.ts may use ipcMain.',
        },
        {
          selector: "MemberExpression[object.name='shell'][property.name='openExternal']",
          message:
            'Only the guarded helper in src/main/security/external-links.ts may call shell.openExternal.',
        },
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', { patterns: rendererLayerBans }],
    },
  },
  ...featureWalls,
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: nodeOnly,
              message:
                'src/shared is imported by main, preload and renderer: nothing environment-specific.',
            },
            {
              group: ['**/main/**', '**/preload/**', '**/renderer/**', '**/sandbox/**'],
              message: 'src/shared imports nothing from the other layers.',
            },
          ],
        },
      ],
    },
  },
  // main and preload, then core on top of it. In a flat config the last block that matches a file
  // replaces a rule's whole option list, so core's block comes after the general one and repeats
  // its sandbox ban: in the other order the general block silently lifted core's electron ban.
  {
    files: ['src/main/**/*.ts', 'src/preload/**/*.ts'],
    ignores: ['src/main/index.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [sandboxBan] }] },
  },
  {
    files: ['src/main/core/**/*.ts', 'src/main/cli.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['electron', 'electron/*'],
              message: 'core runs under plain Node (tests, CLI): no electron import.',
            },
            {
              // src/shared/ipc (the contract's types and schemas) is shared by all, not an adapter.
              group: ['**/ipc/**', '!**/shared/ipc/**', '**/security/**', '**/renderer/**'],
              message:
                'core does not depend on the Electron adapters (src/main/ipc, src/main/security).',
            },
            sandboxBan,
          ],
        },
      ],
    },
  },
  {
    files: ['src/main/ipc/register.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['src/main/security/external-links.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  // Size rules (issue 12): a source file past ~300 lines or a function past ~80 usually holds
  // more than one concern. Blank lines and comments do not count. Tests, e2e specs and benches are
  // exempt: a long describe() of table cases is one concern. A file or function that is long for a
  // good reason (a table, a contract) says why in an eslint-disable comment beside it.
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx', 'src/main/testing/**'],
    rules: {
      'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
  // Size rules, exemptions for a reason: the IPC contract is one table of every channel with its
  // schema, read as a whole.
  {
    files: ['src/shared/ipc/contract.ts'],
    rules: { 'max-lines': 'off' },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**/*.ts', 'bench/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      'no-restricted-imports': 'off',
    },
  },
)
