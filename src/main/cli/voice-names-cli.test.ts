import { writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { startSandbox } from '../../sandbox/index'
import { probeDuration, toneWav } from '../core/upstream/test/fixtures'
import { runCliCaptured } from '../testing/captured-cli'
import { useServiceAndDir } from '../testing/service-dir'
import { EXIT } from './exit-codes'
import { editDistance } from './voice-choice'

// Issue 27, the CLI as a new user meets it: a voice by the name the app shows, a suggestion for a
// slip, candidates for a shared name; speak's length; voices list as the app lists them.

const testbed = useServiceAndDir('vd-cli-voice-names-', () => startSandbox({ synthThreads: 0 }))
beforeEach(() => testbed.service.clearRequestLog())

async function cli(args: string[]) {
  return runCliCaptured(args, {
    env: {
      VOICEDESK_BASE_URL: testbed.service.baseUrl,
      VOICEDESK_API_KEY: testbed.service.keys.paid,
      VOICEDESK_PLAN: 'paid',
    },
  })
}

/** The voice ids the service was asked to speak with, in order. */
function spokenVoices(): unknown[] {
  return testbed.service.requestLog({ pathPrefix: '/v1/audio' }).map((e) => e.body?.voice_id)
}

let personalId: string
beforeAll(async () => {
  // A personal voice named like a catalog voice, as a user who cloned their own "Emma" has.
  const sample = join(testbed.dir, 'emma.wav')
  await writeFile(sample, toneWav(3))
  const created = await cli([
    'voices',
    'create',
    '--name',
    'Emma',
    '--gender',
    'female',
    '--sample',
    sample,
    '--consent-name',
    'Emma Stone',
    '--consent-email',
    'emma@example.com',
    '--locale',
    'en-GB',
    '--json',
  ])
  expect(created.code).toBe(0)
  personalId = (JSON.parse(created.stdout) as { voice: { id: string } }).voice.id
})

describe('a voice by its name', () => {
  it('edit distance counts insertions, deletions and substitutions', () => {
    expect(editDistance('gorge', 'george')).toBe(1)
    expect(editDistance('kitten', 'sitting')).toBe(3)
    expect(editDistance('', 'abc')).toBe(3)
    expect(editDistance('same', 'same')).toBe(0)
  })

  it('speak --voice George speaks with george and reports the length', async () => {
    const out = join(testbed.dir, 'hello.mp3')
    const r = await cli(['speak', '--voice', 'George', '--text', 'Hello there.', '--out', out])
    expect({ code: r.code, stderr: r.stderr }).toEqual({ code: 0, stderr: '' })
    expect(spokenVoices()).toEqual(['george'])
    const match = /^Wrote (.+) \((\d+):(\d\d), (\d+) KB, 12 billable characters\)\.\n$/.exec(
      r.stdout,
    )
    expect(match?.[1]).toBe(out)
    const shown = Number(match![2]) * 60 + Number(match![3])
    const probed = probeDuration(out)!
    expect(Math.abs(shown - probed)).toBeLessThanOrEqual(0.5)
    const json = await cli(['speak', '--voice', 'GEORGE', '--text', 'Hi.', '--out', out, '--json'])
    const doc = JSON.parse(json.stdout) as { durationSeconds: number; voiceId: string }
    expect(doc.voiceId).toBe('george')
    expect(Math.abs(doc.durationSeconds - probeDuration(out)!)).toBeLessThan(0.06)
  })

  it('a streamed speak reports its length too', async () => {
    const out = join(testbed.dir, 'stream.ogg')
    const r = await cli(['speak', '--voice', 'george', '--text', 'Streaming.', '--out', out])
    const s = await cli([
      'speak',
      '--voice',
      'George',
      '--text',
      'Streaming now.',
      '--out',
      out,
      '--stream',
    ])
    expect(r.code).toBe(0)
    expect(s).toMatchObject({ code: 0, stderr: '' })
    expect(s.stdout).toMatch(/^Wrote .*stream\.ogg \(\d+:\d\d, \d+ KB, streamed\)\.\n$/)
  })

  it('a slip gets the nearest voice suggested, and nothing is spoken', async () => {
    const r = await cli(['speak', '--voice', 'Gorge', '--text', 'Hi.', '--out', 'x.mp3'])
    expect(r.code).toBe(EXIT.usage)
    expect(r.stderr).toBe(
      'voicedesk: No voice in your voice list has the id or name "Gorge". Did you mean george? "voicedesk voices list" shows your voices.\n',
    )
    expect(spokenVoices()).toEqual([])
  })

  it('a name two voices share lists both with ids and languages, and exits 2', async () => {
    const r = await cli(['speak', '--voice', 'EMMA', '--text', 'Hi.', '--out', 'x.mp3'])
    expect(r.code).toBe(EXIT.usage)
    expect(r.stderr).toBe(
      `voicedesk: 2 voices are called "EMMA": emma (Emma, English (United States), Catalog); ${personalId} (Emma, English (United Kingdom), Personal). Choose one by its id, for example --voice emma.\n`,
    )
    expect(spokenVoices()).toEqual([])
    // An id typed exactly is that voice, however many share its name.
    const exact = await cli([
      'speak',
      '--voice',
      personalId,
      '--text',
      'Hi.',
      '--out',
      join(testbed.dir, 'mine.wav'),
    ])
    expect(exact.code).toBe(0)
    expect(spokenVoices()).toEqual([personalId])
  })

  it('render takes names in --voice and --cast, and refuses a slip before any request', async () => {
    const script = join(testbed.dir, 'dialogue.md')
    await writeFile(script, 'Narration first.\n\nANN: Hello from Ann.\n')
    const base = ['render', script, '--cache-dir', join(testbed.dir, 'cache')]
    const r = await cli([
      ...base,
      '--out',
      join(testbed.dir, 'dialogue.wav'),
      '--voice',
      'George',
      '--cast',
      'ANN=Olivia',
    ])
    expect(r.code).toBe(0)
    expect(new Set(spokenVoices())).toEqual(new Set(['george', 'olivia']))
    testbed.service.clearRequestLog()
    const slip = await cli([
      ...base,
      '--out',
      join(testbed.dir, 'slip.wav'),
      '--voice',
      'george',
      '--cast',
      'ANN=Olivai',
    ])
    expect(slip.code).toBe(EXIT.usage)
    expect(slip.stderr).toBe(
      'voicedesk: No voice in your voice list has the id or name "Olivai". Did you mean olivia? "voicedesk voices list" shows your voices.\n',
    )
    expect(spokenVoices()).toEqual([])
  })
})

describe('voices list as the app lists it', () => {
  it('personal voices first, then the catalog by name, with languages and Catalog/Personal', async () => {
    const r = await cli(['voices', 'list'])
    expect(r.code).toBe(0)
    const lines = r.stdout.trimEnd().split('\n')
    expect(lines[0]).toMatch(/^NAME +LANGUAGE +GENDER +TYPE +ID$/)
    expect(lines[1]).toMatch(
      new RegExp(`^Emma +English \\(United Kingdom\\) +Female +Personal +${personalId}$`),
    )
    expect(lines).toContainEqual(
      expect.stringMatching(/^George +English \(United States\) +Male +Catalog +george$/),
    )
    const catalogNames = lines.slice(2).map((l) => l.split(/ {2,}/)[0]!.toLowerCase())
    expect(catalogNames).toEqual([...catalogNames].sort())
    expect(lines.slice(2).every((l) => / Catalog /.test(l))).toBe(true)
    // --json keeps its shape: {"voices": [...]} in the service's order, with ids and locales.
    const json = await cli(['voices', 'list', '--json'])
    const doc = JSON.parse(json.stdout) as { voices: Array<{ id: string; locale: string }> }
    expect(Object.keys(doc)).toEqual(['voices'])
    expect(doc.voices.find((v) => v.id === 'george')).toMatchObject({ locale: 'en-US' })
  })
})
