import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sandbox } from '../../sandbox/index'
import { startSandbox } from '../../sandbox/index'
import { createProject } from '../../shared/domain/script'
import { PLS_NAMESPACE } from '../core/narration/import/lexicon-pls'
import { RENDER_HELP } from './render-arguments'
import { spawnRenderCli } from '../testing/spawn-render-cli'
import { useTempDirs } from '../testing/temp-dir'

// `voicedesk render --lexicon FILE`: the aliases reach the service in the request (the sandbox's
// request log), later files win, the project's own entries win over every file, and a bad file
// stops the render before any request.

const tempDir = useTempDirs('vd-cli-lexicon-')
let sandbox: Sandbox
let dir: string
beforeAll(async () => {
  sandbox = await startSandbox({ synthThreads: 0, warmUp: false })
  dir = await tempDir()
})
afterAll(async () => {
  await sandbox.stop()
})

const pls = (pairs: [string, string][]): string =>
  `<?xml version="1.0" encoding="UTF-8"?>
<lexicon version="1.0" xmlns="${PLS_NAMESPACE}" alphabet="ipa" xml:lang="en-US">
${pairs.map(([g, a]) => `  <lexeme><grapheme>${g}</grapheme><alias>${a}</alias></lexeme>`).join('\n')}
</lexicon>
`

function spokenInputs(): string[] {
  return sandbox
    .requestLog({ pathPrefix: '/v1/audio/speech' })
    .filter((e) => e.status === 200)
    .map((e) => String(e.body?.input))
}

async function render(script: string, out: string, ...flags: string[]) {
  sandbox.clearRequestLog()
  const { exit } = spawnRenderCli(sandbox, join(dir, 'cache'), [
    join(dir, script),
    '--out',
    join(dir, out),
    '--voice',
    'emma',
    ...flags,
  ])
  return exit
}

// Each test starts the real CLI, one to three times, through tsx: seconds each when cold, many more
// on a machine busy with other work, so the budget is per CLI start, not the suite's default.
describe('render --lexicon', { timeout: 180_000 }, () => {
  it('sends the aliases of PLS and CSV files, the later file winning, the project over both', async () => {
    await writeFile(
      join(dir, 'team.pls'),
      pls([
        ['SQL', 'S Q L'],
        ['GIF', 'jiff'],
      ]),
    )
    await writeFile(join(dir, 'mine.csv'), 'term,alias\r\nSQL,sequel\r\nNASA,nassa\r\n')
    await writeFile(join(dir, 'talk.txt'), 'SQL, GIF and NASA.')
    const run = await render(
      'talk.txt',
      'talk.wav',
      '--lexicon',
      join(dir, 'team.pls'),
      '--lexicon',
      join(dir, 'mine.csv'),
    )
    expect(run.code).toBe(0)
    const [input] = spokenInputs()
    expect(input).toContain('<sub alias="sequel">SQL</sub>')
    expect(input).toContain('<sub alias="jiff">GIF</sub>')
    expect(input).toContain('<sub alias="nassa">NASA</sub>')

    const project = createProject({
      blocks: [{ id: 'a', text: 'SQL and GIF.' }],
      lexicon: [{ term: 'GIF', alias: 'gif with a hard g' }],
    })
    await writeFile(join(dir, 'talk.voicedesk'), JSON.stringify(project))
    const own = await render('talk.voicedesk', 'own.wav', '--lexicon', join(dir, 'team.pls'))
    expect(own.code).toBe(0)
    const [ownInput] = spokenInputs()
    expect(ownInput).toContain('<sub alias="gif with a hard g">GIF</sub>')
    expect(ownInput).toContain('<sub alias="S Q L">SQL</sub>')
  })

  it('stops before any request at a bad file, naming it and its line', async () => {
    await writeFile(join(dir, 'ok.pls'), pls([['SQL', 'sequel']]))
    await writeFile(
      join(dir, 'bad.pls'),
      `<?xml version="1.0"?>\n<!DOCTYPE lexicon [<!ENTITY x "SQL">]>\n${pls([['a', '&x;']])}`,
    )
    await writeFile(join(dir, 'bad.csv'), 'term,alias\nSQL,sequel\n,nothing\n')
    await writeFile(join(dir, 'bad-run.txt'), 'SQL again.')
    for (const [file, said] of [
      ['bad.pls', "“bad.pls” can't be used safely (line 2)"],
      ['bad.csv', '“bad.csv” was not used (line 3)'],
    ]) {
      const run = await render(
        'bad-run.txt',
        'bad.wav',
        '--lexicon',
        join(dir, 'ok.pls'),
        '--lexicon',
        join(dir, file!),
      )
      expect({ file, code: run.code }).not.toEqual({ file, code: 0 })
      expect(run.err).toContain(said)
      expect(spokenInputs()).toEqual([])
    }
  })

  it('says the order in --help', () => {
    expect(RENDER_HELP).toMatch(/--lexicon FILE/)
    expect(RENDER_HELP).toMatch(/A later file wins for the same\s+word/)
    expect(RENDER_HELP).toMatch(/project file's own pronunciations win over every file/)
  })
})
