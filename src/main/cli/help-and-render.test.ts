import { readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { runCliCaptured } from '../testing/captured-cli'

import { startSandbox } from '../../sandbox/index'
import { createProject } from '../../shared/domain/script'
import { SPEECH_FORMATS } from '../../shared/domain/speech'
import { EXIT } from './exit-codes'
import { RENDER_OPTIONS } from './render-arguments'
import { useServiceAndDir } from '../testing/service-dir'

// What docs/cli.md promises about help, render's errors and output formats.

const testbed = useServiceAndDir('vd-cli-help-', () => startSandbox({ synthThreads: 0 }))

/** Runs the CLI in-process with captured output. */
async function cli(args: string[], env: Record<string, string | undefined> = {}) {
  return runCliCaptured(args, {
    env: {
      VOICEDESK_BASE_URL: testbed.service.baseUrl,
      VOICEDESK_API_KEY: testbed.service.keys.paid,
      VOICEDESK_PLAN: 'paid',
      ...env,
    },
  })
}

const GROUPS = ['voices', 'conversation']

/** Every command and command group, as typed. */
const COMMAND_WORDS = [
  ['voices'],
  ['voices', 'list'],
  ['voices', 'create'],
  ['voices', 'delete'],
  ['voices', 'sample'],
  ['speak'],
  ['render'],
  ['conversation'],
  ['conversation', 'show'],
  ['conversation', 'watch'],
]

describe('voicedesk help', () => {
  it("--help, -h and help COMMAND print that command's help on stdout and exit 0", async () => {
    for (const words of COMMAND_WORDS) {
      for (const args of [
        [...words, '--help'],
        [...words, '-h'],
        ['help', ...words],
        // Help wins over a line that is otherwise wrong.
        [...words, ...(GROUPS.includes(words.join(' ')) ? [] : ['some-id']), '--bogus', '--help'],
      ]) {
        const r = await cli(args, { VOICEDESK_BASE_URL: undefined })
        expect({ args, code: r.code, stderr: r.stderr }).toEqual({ args, code: 0, stderr: '' })
        expect(r.stdout.startsWith(`Usage: voicedesk ${words.join(' ')} `)).toBe(true)
      }
    }
    for (const args of [['--help'], ['-h'], ['help'], ['--verbose', '--help']]) {
      const r = await cli(args)
      expect({ args, code: r.code, stderr: r.stderr }).toEqual({ args, code: 0, stderr: '' })
      expect(r.stdout).toMatch(/^VoiceDesk on the command line/)
    }
  })

  it('render help lists every format the engine writes, and so does the overview', async () => {
    const render = await cli(['render', '--help'])
    const formatLine = render.stdout.split('\n').find((l) => l.trimStart().startsWith('--format'))
    expect(formatLine).toContain(SPEECH_FORMATS.join(' | '))
    expect(SPEECH_FORMATS).toContain('aac')
    expect(render.stdout).toMatch(/--dry-run/)
    const overview = await cli(['--help'])
    const renderUsage = overview.stdout.split('\n').find((l) => l.trimStart().startsWith('render'))
    expect(renderUsage).toContain(`--format ${SPEECH_FORMATS.join('|')}`)
  })

  it('every help has examples of its own command and fits in 100 columns', async () => {
    const helps: Array<[words: string[], text: string]> = [[[], (await cli(['--help'])).stdout]]
    for (const words of [
      ...COMMAND_WORDS,
      ['conversation', 'list'],
      ['conversation', 'export'],
      ['webhooks'],
      ['webhooks', 'verify'],
    ]) {
      helps.push([words, (await cli([...words, '--help'])).stdout])
    }
    for (const [words, text] of helps) {
      const lines = text.split('\n')
      expect({ words, long: lines.filter((l) => l.length >= 100) }).toEqual({ words, long: [] })
      const start = lines.findIndex((l) => /^Examples?:$/.test(l))
      expect({ words, start: start > 0 }).toEqual({ words, start: true })
      const examples = lines.slice(start + 1, lines.indexOf('', start))
      expect(examples.length).toBeGreaterThan(0)
      expect(examples[0]!.startsWith(`  voicedesk ${words.join(' ')}`.trimEnd())).toBe(true)
    }
  })

  it('render help says, in plain words, that --preset acx makes an ACX file, and names every option', async () => {
    const help = (await cli(['render', '--help'])).stdout
    expect(help).toContain('To make an ACX (Audible) file, add --preset acx.')
    expect(help).toMatch(/\n {2}voicedesk render \S+ --out \S+ .*--preset acx/)
    for (const option of Object.keys(RENDER_OPTIONS)) {
      expect({ option, shown: help.includes(`--${option}`) }).toEqual({ option, shown: true })
    }
    // Where the plan comes from when --plan is not given.
    for (const text of [help, (await cli(['--help'])).stdout]) {
      expect(text.replace(/\s+/g, ' ')).toContain(
        "default: the plan saved in the app's Account screen for this service, else free",
      )
    }
  })

  it('help for a command that does not exist is a usage error', async () => {
    for (const args of [
      ['help', 'nope'],
      ['nope', '--help'],
      ['voices', 'nope', '-h'],
    ]) {
      const r = await cli(args)
      expect(r.code).toBe(2)
      expect(r.stdout).toBe('')
      expect(r.stderr).toMatch(/^voicedesk: Unknown command "(voices )?nope"/)
    }
  })
})

describe('voicedesk render (in-process)', () => {
  const script = () => join(testbed.dir, 'render-script.txt')
  const cacheDir = () => join(testbed.dir, 'render-cache')
  beforeAll(async () => {
    await writeFile(script(), 'First paragraph, said once.\n\nSecond paragraph, said twice.')
  })

  it('global options may come before the word render', async () => {
    const r = await cli([
      '--verbose',
      '--plan',
      'free',
      'render',
      script(),
      '--out',
      join(testbed.dir, 'g.wav'),
      '--voice',
      'emma',
      '--dry-run',
      '--cache-dir',
      cacheDir(),
    ])
    expect(r).toMatchObject({
      code: 0,
      stdout: expect.stringMatching(/^about [\d,]+ characters · about \d+ s of audio\.\n$/),
    })
  })

  it('takes a negative loudness target after a space, as documented', async () => {
    const base = [
      'render',
      script(),
      '--out',
      join(testbed.dir, 'l.wav'),
      '--voice',
      'emma',
      '--dry-run',
    ]
    const ok = await cli([...base, '--cache-dir', cacheDir(), '--loudness', '-16'])
    expect(ok).toMatchObject({ code: 0, stderr: '' })
    const tooLow = await cli([...base, '--cache-dir', cacheDir(), '--loudness', '-50'])
    expect(tooLow.code).toBe(2)
    expect(tooLow.stderr).toMatch(/^voicedesk: --loudness is a target in LUFS between -40 and -5/)
  })

  it('a missing script file is exit 4 and names the file', async () => {
    const missing = join(testbed.dir, 'no-such-script.md')
    const r = await cli(['render', missing, '--out', join(testbed.dir, 'm.wav'), '--voice', 'emma'])
    expect(r.code).toBe(4)
    expect(r.stderr).toBe(`voicedesk: The script file ${missing} does not exist. Check the path.\n`)
  })

  it('an --out extension that is no format is refused unless --format is given', async () => {
    for (const command of [
      ['render', script(), '--voice', 'emma', '--dry-run', '--cache-dir', cacheDir()],
      ['speak', '--voice', 'george', '--text', 'Hi.'],
    ]) {
      const out = join(testbed.dir, `${command[0]}.flac`)
      const refused = await cli([...command, '--out', out])
      expect(refused.code).toBe(2)
      expect(refused.stderr).toMatch(/^voicedesk: The output extension "\.flac" is not a format/)
      expect(refused.stderr).toContain(SPEECH_FORMATS.join(', '))
      const forced = await cli([...command, '--out', out, '--format', 'wav'])
      expect(forced).toMatchObject({ code: 0, stderr: '' })
    }
    // speak wrote what --format asked for, under the name given.
    expect((await readFile(join(testbed.dir, 'speak.flac'))).subarray(0, 4).toString()).toBe('RIFF')
  })

  it('errors carry the voicedesk: prefix and the request id, and --json gives a document', async () => {
    // The service refuses the first request (out of credit): its answer carries a request id.
    testbed.service.setAccount('paid', { outOfCredit: true })
    let r: Awaited<ReturnType<typeof cli>>
    try {
      r = await cli([
        'render',
        script(),
        '--out',
        join(testbed.dir, 'credit.mp3'),
        '--voice',
        'olivia',
        '--cache-dir',
        cacheDir(),
        '--json',
      ])
    } finally {
      testbed.service.setAccount('paid', { outOfCredit: false })
    }
    expect(r.code).toBe(EXIT.limits)
    // The last line is the error (with the checks passed, nothing else may come before it).
    expect(r.stderr).toMatch(/(^|\n)voicedesk: .*\(request id: req_\w+\)\n$/)
    expect(JSON.parse(r.stdout)).toMatchObject({
      ok: false,
      error: { code: 'PAYMENT_REQUIRED', details: { requestId: expect.stringMatching(/^req_/) } },
    })
    // A voice the account does not have is found before any request: no request id to give.
    const nobody = await cli([
      'render',
      script(),
      '--out',
      join(testbed.dir, 'nobody.mp3'),
      '--voice',
      'nobody',
      '--cache-dir',
      cacheDir(),
    ])
    expect(nobody.code).toBe(2)
    expect(nobody.stderr).toBe(
      'voicedesk: The default voice, Nobody, isn\'t in your voice list. Choose another default voice. Nothing was sent to the service. Give another with --voice VOICE_ID ("voicedesk voices list" shows your voices).\n',
    )
    const usage = await cli(['render', script(), '--out', join(testbed.dir, 'u.wav'), '--bogus'])
    expect(usage.code).toBe(2)
    expect(usage.stderr).toMatch(
      /^voicedesk: Unknown option '--bogus'\. Run "voicedesk render --help"/,
    )
  })

  it('a block without a voice gets the CLI flag hint added to the neutral core message', async () => {
    const r = await cli(['render', script(), '--out', join(testbed.dir, 'v.wav'), '--dry-run'])
    expect(r.code).toBe(2)
    expect(r.stderr).toBe(
      'voicedesk: Block 1 has no voice. Choose a default voice or give the block one. Give one with --voice VOICE_ID.\n',
    )
    // A project whose speaker has no voice in the cast.
    const projectPath = join(testbed.dir, 'dialogue.voicedesk')
    const project = createProject({ blocks: [{ id: 'b1', text: 'Hello there.', speaker: 'Ann' }] })
    await writeFile(projectPath, JSON.stringify(project))
    const cast = await cli([
      'render',
      projectPath,
      '--out',
      join(testbed.dir, 'd.wav'),
      '--dry-run',
    ])
    expect(cast.code).toBe(2)
    expect(cast.stderr).toBe(
      'voicedesk: Block 1 is spoken by "Ann", who has no voice in the cast. Give Ann a voice in the cast or choose a default voice. Give one with --cast "Ann=VOICE_ID" or --voice VOICE_ID.\n',
    )
  })
})
