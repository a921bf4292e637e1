import { ESLint } from 'eslint'
import tseslint from 'typescript-eslint'
import { describe, expect, it } from 'vitest'

// The import walls of eslint.config.js, checked by linting small snippets under real paths of the
// tree. Type-aware rules are switched off here (they need a TypeScript program, and none of the
// walls does), so each case lints in milliseconds.
const eslint = new ESLint({
  cwd: new URL('..', import.meta.url).pathname,
  overrideConfig: tseslint.configs.disableTypeChecked,
})

const WALL_RULES = new Set(['no-restricted-imports', 'no-restricted-properties'])

/** The wall messages ESLint reports for `code` as if it were the file at `filePath`. */
async function wallErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath })
  const fatal = result!.messages.filter((message) => message.fatal === true)
  expect(fatal, 'the snippet must parse').toEqual([])
  return result!.messages
    .filter((message) => message.ruleId !== null && WALL_RULES.has(message.ruleId))
    .map((message) => `${message.ruleId}: ${message.message}`)
}

const R = 'src/renderer/src'
const use = (name: string): string => `\nexport const used = ${name}\n`

describe('feature walls in the renderer', () => {
  it.each([
    [
      'a sibling feature',
      `${R}/features/voices/components/voice-list.tsx`,
      '../../script/stores/script-document-store',
      'useScriptDocumentStore',
    ],
    [
      'a feature through features/',
      `${R}/features/voices/hooks/voice-search.ts`,
      '../../../features/account/api/account-queries',
      'useAccountStatus',
    ],
    [
      'another feature from an api module',
      `${R}/features/conversations/api/inbox-queries.ts`,
      '../../voices/api/voices-queries',
      'useVoiceList',
    ],
    [
      'another feature from script',
      `${R}/features/script/components/block-row.tsx`,
      '../../voices/api/voices-queries',
      'useVoiceList',
    ],
  ])('stops an import of %s', async (_case, filePath, from, name) => {
    const errors = await wallErrors(filePath, `import { ${name} } from '${from}'${use(name)}`)
    expect(errors).toEqual([expect.stringContaining('Features never import one another')])
  })

  it('lets a feature import its own modules, shared modules and the shared domain', async () => {
    const code = [
      "import { useVoiceList } from '../api/voices-queries'",
      "import { CopyButton } from '../../../components/copy-button'",
      "import { useVoiceListQuery } from '../../../lib/shared-state/voice-library'",
      "import type { Voice } from '../../../../../shared/domain/voice'",
      'export type V = Voice',
      'export const used = [useVoiceList, CopyButton, useVoiceListQuery]',
    ].join('\n')
    expect(await wallErrors(`${R}/features/voices/components/voice-list.tsx`, code)).toEqual([])
  })

  it('stops components/ and lib/ from importing any feature', async () => {
    const code = `import { useVoiceList } from '../features/voices/api/voices-queries'${use('useVoiceList')}`
    expect(await wallErrors(`${R}/components/notice.tsx`, code)).toEqual([
      expect.stringContaining('components/ and lib/ serve every feature'),
    ])
  })

  it('lets the app shell compose features', async () => {
    const code = `import { VoicesWorkspace } from '../features/voices/components/voices-workspace'${use('VoicesWorkspace')}`
    expect(await wallErrors(`${R}/app/workspaces.tsx`, code)).toEqual([])
  })

  it('keeps the renderer layer bans inside feature folders', async () => {
    const code = `import { ipcRenderer } from 'electron'${use('ipcRenderer')}`
    expect(await wallErrors(`${R}/features/account/components/secret-form.tsx`, code)).toEqual([
      expect.stringContaining('sandboxed web page'),
    ])
  })
})

describe('only api modules call main', () => {
  const ipcImport = (depth: string): string =>
    `import { call } from '${depth}lib/ipc'${use('call')}`

  it.each([
    ['a feature component', `${R}/features/voices/components/voice-details.tsx`, '../../../'],
    ['a feature hook', `${R}/features/conversations/hooks/use-recording.ts`, '../../../'],
    ['a feature store', `${R}/features/account/stores/account-store.ts`, '../../../'],
    ['a script component', `${R}/features/script/components/block-row.tsx`, '../../../'],
    ['a script hook', `${R}/features/script/hooks/use-script-audio.ts`, '../../../'],
    // A shared-state module yet to be written: only voice-library.ts there may call main.
    ['other shared state', `${R}/lib/shared-state/any-other-state.ts`, '../'],
    ['the app shell outside app/api', `${R}/app/theme.tsx`, '../'],
    ['a shared component', `${R}/components/notice.tsx`, '../'],
  ])('stops %s from importing lib/ipc', async (_case, filePath, depth) => {
    expect(await wallErrors(filePath, ipcImport(depth))).toEqual([
      expect.stringContaining('Only an api/ module calls main'),
    ])
  })

  it.each([
    ['a feature api module', `${R}/features/voices/api/voices-queries.ts`, '../../../'],
    ['the app api module', `${R}/app/api/app-api.ts`, '../../'],
    ['the shared voice library', `${R}/lib/shared-state/voice-library.ts`, '../'],
  ])('lets %s import lib/ipc', async (_case, filePath, depth) => {
    expect(await wallErrors(filePath, ipcImport(depth))).toEqual([])
  })

  it('stops reading window.api anywhere but lib/ipc.ts', async () => {
    const code = 'export const bridge = window.api\n'
    expect(await wallErrors(`${R}/features/voices/components/voice-list.tsx`, code)).toEqual([
      expect.stringContaining('Only lib/ipc.ts reads the bridge'),
    ])
    expect(await wallErrors(`${R}/app/api/app-api.ts`, code)).toEqual([
      expect.stringContaining('Only lib/ipc.ts reads the bridge'),
    ])
    expect(await wallErrors(`${R}/lib/ipc.ts`, code)).toEqual([])
  })
})

describe('core stays free of Electron', () => {
  it.each([
    ["'electron'", 'import { app } from "electron"', 'no electron import'],
    ['an Electron adapter', 'import { dispatch } from "../../ipc/dispatch"', 'Electron adapters'],
    [
      'the sandbox',
      'import { start } from "../../../sandbox/server"',
      'main never imports the sandbox',
    ],
  ])('stops core from importing %s', async (_case, line, message) => {
    const code = `${line}\nexport const used = ${line.split(/[{}]/)[1]!.trim()}\n`
    expect(await wallErrors('src/main/core/voices/voices-service.ts', code)).toEqual([
      expect.stringContaining(message),
    ])
  })

  it('lets core import the shared contract, and the adapters import electron', async () => {
    const contract = `import type { Api } from '../../../shared/ipc/contract'\nexport type A = Api\n`
    expect(await wallErrors('src/main/core/voices/voices-service.ts', contract)).toEqual([])
    const electron = `import { ipcMain } from 'electron'\nexport const used = typeof ipcMain\n`
    expect(await wallErrors('src/main/ipc/register.ts', electron)).toEqual([])
  })
})
