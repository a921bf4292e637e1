import { readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { DomUtils, parseDocument } from 'htmlparser2'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { LexiconImportResult } from '../../../shared/domain/lexicon-layers'
import type { LexiconEntry, Project } from '../../../shared/domain/script'
import type { OpenedDocument } from '../../../shared/domain/script-workspace'
import type { Result } from '../../../shared/errors'
import type { Sandbox } from '../../../sandbox/index'
import { startSandbox } from '../../../sandbox/index'
import { USER_LEXICON_FILE } from '../../core/lexicon/user-lexicon-store'
import { PLS_NAMESPACE } from '../../core/narration/import/lexicon-pls'
import { metaOf } from '../../core/script-workspace/open-document'
import { dataOf, dispatchRuntime, PLAIN_WAV } from '../../testing/dispatch-runtime'
import { parseCsv } from '../../testing/parse-csv'
import { useTempDirs } from '../../testing/temp-dir'

// Pronunciation files and the shared dictionary through the real dispatcher: PLS and CSV in and
// out, hostile files refused with nothing changed, and the project's entry winning over the
// shared one in the request the service receives.

const tempDir = useTempDirs('vd-ipc-lexicon-')
const WAV = PLAIN_WAV
const PLS = (lexemes: string): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<lexicon version="1.0" xmlns="${PLS_NAMESPACE}" alphabet="ipa" xml:lang="en-US">\n${lexemes}\n</lexicon>\n`

let sandbox: Sandbox
let dir: string
beforeAll(async () => {
  sandbox = await startSandbox({ synthThreads: 0, warmUp: false, demoKeys: true })
  dir = await tempDir()
})
afterAll(async () => {
  await sandbox.stop()
})

type Env = Awaited<ReturnType<typeof dispatchRuntime>>

async function importAs(
  env: Env,
  target: 'user' | 'project',
  name: string,
  text: string | Uint8Array,
): Promise<Result<unknown>> {
  const path = join(dir, name)
  await writeFile(path, text)
  env.recorder.answerNextOpen([path])
  return env.call('lexicon:import', { target })
}

/** Graphemes and aliases of a PLS file on disk, read with an XML parser. */
async function plsOnDisk(path: string): Promise<{ ns: string | undefined; pairs: string[][] }> {
  const doc = parseDocument(await readFile(path, 'utf8'), { xmlMode: true })
  const root = DomUtils.getElementsByTagName('lexicon', doc, true)[0]
  const pairs = DomUtils.getElementsByTagName('lexeme', doc, true).map((lexeme) => [
    DomUtils.textContent(DomUtils.getElementsByTagName('grapheme', lexeme, true)[0]!),
    DomUtils.textContent(DomUtils.getElementsByTagName('alias', lexeme, true)[0]!),
  ])
  return { ns: root?.attribs.xmlns, pairs }
}

describe('pronunciation files through the dispatcher', () => {
  it('imports a PLS into the shared dictionary, saved owner-only, phoneme-only entries counted', async () => {
    const env = await dispatchRuntime(sandbox)
    const result = dataOf<LexiconImportResult>(
      await importAs(
        env,
        'user',
        'team.pls',
        PLS(`<lexeme><grapheme>SQL</grapheme><alias>sequel</alias></lexeme>
<lexeme><grapheme>tomato</grapheme><phoneme>təˈmɑːtoʊ</phoneme></lexeme>`),
      ),
    )
    expect(result).toMatchObject({
      fileName: 'team.pls',
      skipped: { count: 1, example: 'tomato' },
      userEntries: [{ term: 'SQL', alias: 'sequel', matchCase: false }],
    })
    const path = join(env.userDataDir, USER_LEXICON_FILE)
    expect((await stat(path)).mode & 0o777).toBe(0o600)
    expect(dataOf<LexiconEntry[]>(await env.call('lexicon:getUser', undefined))).toEqual([
      { term: 'SQL', alias: 'sequel', matchCase: false },
    ])
  })

  it('refuses each hostile file with a message naming it, and changes nothing', async () => {
    const env = await dispatchRuntime(sandbox)
    const kept: LexiconEntry[] = [{ term: 'API', alias: 'A P I', matchCase: false }]
    dataOf(await env.call('lexicon:setUser', { entries: kept }))
    const path = join(env.userDataDir, USER_LEXICON_FILE)
    const before = await readFile(path)
    const lexeme = '<lexeme><grapheme>w</grapheme><alias>a</alias></lexeme>\n'
    const hostile: Array<[string, string | Uint8Array, RegExp]> = [
      ['notes.pls', 'This is a shopping list, not XML.', /not a pronunciation file/],
      [
        'other.pls',
        '<lexicon xmlns="urn:other"><lexeme><grapheme>API</grapheme><alias>x</alias></lexeme></lexicon>',
        /not a standard pronunciation file/,
      ],
      ['huge.pls', new Uint8Array(10 * 1024 * 1024 + 1).fill(0x20), /larger than 10 MB/],
      ['many.pls', PLS(lexeme.repeat(100_001)), /more than 100,000 entries/],
      [
        'bomb.pls',
        `<?xml version="1.0"?>\n<!DOCTYPE lexicon [<!ENTITY a "API API API API">]>\n${PLS('<lexeme><grapheme>API</grapheme><alias>&a;</alias></lexeme>')}`,
        /“bomb\.pls” can't be used safely \(line 2\)\. Nothing was changed\. Export it again/,
      ],
      [
        'empty.pls',
        PLS('<lexeme><grapheme></grapheme><alias>x</alias></lexeme>'),
        /line 3\): an entry has an empty word/,
      ],
      ['empty.csv', 'term,alias\nAPI,ei pi ai\n,x\n', /line 3\): a row has an empty word/],
    ]
    for (const [name, text, message] of hostile) {
      for (const target of ['user', 'project'] as const) {
        const result = await importAs(env, target, name, text)
        expect({ name, target, ok: result.ok }).toEqual({ name, target, ok: false })
        if (result.ok) continue
        expect(result.error.code).toBe('VALIDATION_FAILED')
        expect(result.error.message).toMatch(
          new RegExp(`^“${name.replace('.', '\\.')}” (was not used|can't be used safely)`),
        )
        expect(result.error.message).toMatch(message)
      }
      expect(await readFile(path)).toEqual(before)
      expect(dataOf(await env.call('lexicon:getUser', undefined))).toEqual(kept)
    }
  })

  it('exports the shared and the project dictionaries as PLS and CSV that read back the same', async () => {
    const env = await dispatchRuntime(sandbox)
    const shared: LexiconEntry[] = [
      { term: 'AT&T', alias: 'A T and T', matchCase: false },
      { term: 'Dr.', alias: 'Doctor', matchCase: true },
    ]
    dataOf(await env.call('lexicon:setUser', { entries: shared }))
    env.recorder.answerNextSave(join(dir, 'shared.pls'))
    expect(dataOf(await env.call('lexicon:export', { source: 'user' }))).toMatchObject({
      fileName: 'shared.pls',
      count: 2,
    })
    expect(await plsOnDisk(join(dir, 'shared.pls'))).toEqual({
      ns: PLS_NAMESPACE,
      pairs: [
        ['AT&T', 'A T and T'],
        ['Dr.', 'Doctor'],
      ],
    })

    const opened = dataOf<OpenedDocument>(await env.call('script:new', undefined))
    const project: Project = {
      ...opened.project,
      lexicon: [{ term: 'Smith, Jr.', alias: 'Smith "junior"', matchCase: false }],
    }
    const { revision } = dataOf<{ revision: number }>(
      await env.call('script:saveDraft', {
        docId: opened.docId,
        changes: { meta: metaOf(project) },
      }),
    )
    env.recorder.answerNextSave(join(dir, 'project.csv'))
    dataOf(
      await env.call('lexicon:export', {
        source: 'project',
        document: { docId: opened.docId, revision },
      }),
    )
    expect(parseCsv(await readFile(join(dir, 'project.csv'), 'utf8'))).toEqual([
      ['term', 'alias', 'match_case'],
      ['Smith, Jr.', 'Smith "junior"', 'false'],
    ])
    // Round trip: the exported files import as the same entries.
    dataOf(await env.call('lexicon:setUser', { entries: [] }))
    env.recorder.answerNextOpen([join(dir, 'project.csv')])
    const back = dataOf<LexiconImportResult>(await env.call('lexicon:import', { target: 'user' }))
    expect(back.userEntries).toEqual(project.lexicon)
    env.recorder.answerNextOpen([join(dir, 'shared.pls')])
    const pls = dataOf<LexiconImportResult>(await env.call('lexicon:import', { target: 'project' }))
    expect(pls.entries).toEqual(shared.map((e) => ({ ...e, matchCase: false })))
  })

  it("speaks the project's alias over the shared one, the shared one elsewhere, and re-renders when the shared one changes", async () => {
    const env = await dispatchRuntime(sandbox)
    const opened = dataOf<OpenedDocument>(await env.call('script:new', undefined))
    const block = { ...opened.project.blocks[0]!, text: 'SQL meets API.' }
    const project: Project = {
      ...opened.project,
      defaults: { ...opened.project.defaults, voiceId: 'olivia' },
      lexicon: [{ term: 'sql', alias: 'sequel', matchCase: false }],
      blocks: [block],
    }
    const { revision } = dataOf<{ revision: number }>(
      await env.call('script:saveDraft', {
        docId: opened.docId,
        changes: { meta: metaOf(project), order: [block.id], blocks: [block] },
      }),
    )
    dataOf(
      await env.call('lexicon:setUser', {
        entries: [
          { term: 'SQL', alias: 'S Q L', matchCase: false },
          { term: 'API', alias: 'A P I', matchCase: false },
        ],
      }),
    )
    const render = async (name: string): Promise<string[]> => {
      sandbox.clearRequestLog()
      const before = env.sent.filter((s) => s.channel === 'script:renderEnded').length
      env.recorder.answerNextSave(join(dir, name))
      dataOf(await env.call('script:startRender', { docId: opened.docId, revision, settings: WAV }))
      const ended = await vi.waitUntil(
        () => env.sent.filter((s) => s.channel === 'script:renderEnded')[before],
        { timeout: 30_000, interval: 20 },
      )
      expect(ended.payload).toMatchObject({ ok: true })
      return sandbox
        .requestLog({ pathPrefix: '/v1/audio/speech' })
        .map((e) => String(e.body?.input))
    }
    const [first] = await render('one.wav')
    expect(first).toContain('<sub alias="sequel">SQL</sub>')
    expect(first).toContain('<sub alias="A P I">API</sub>')
    expect(first).not.toContain('S Q L')
    // The same script and dictionaries: nothing asked again.
    expect(await render('two.wav')).toEqual([])
    // A changed shared entry changes the request, so the block is asked for again.
    dataOf(
      await env.call('lexicon:setUser', {
        entries: [{ term: 'API', alias: 'ay pee eye', matchCase: false }],
      }),
    )
    const [third] = await render('three.wav')
    expect(third).toContain('<sub alias="ay pee eye">API</sub>')
    expect(third).toContain('<sub alias="sequel">SQL</sub>')
  })
})
