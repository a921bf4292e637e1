import { watch } from 'node:fs'
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sandbox } from '../../sandbox/index'
import { startSandbox } from '../../sandbox/index'
import { spawnRenderCli } from '../testing/spawn-render-cli'
import { createProject } from '../../shared/domain/script'
import { SPEECH_FORMATS } from '../../shared/domain/speech'
import type { AppError } from '../../shared/errors'
import { createUpstreamClient } from '../core/upstream/upstream-client'
import { importScript } from '../core/narration/import/import-script'
import { openPieceCache } from '../core/narration/fetch/piece-cache'
import { startRender } from '../core/narration/render/render-job'
import { planRender } from '../core/narration/plan/render-plan'
import { upstreamSpeechSource } from '../core/narration/fetch/upstream-speech-source'

let sandbox: Sandbox
let dir: string

beforeAll(async () => {
  // Slow, narrow service so a render is still running when the test kills it.
  sandbox = await startSandbox({
    synthThreads: 1,
    serviceTimeMs: 400,
    limits: { paid: { synthesisConcurrency: 2 } },
  })
  dir = await mkdtemp(join(tmpdir(), 'vd-cli-'))
})

afterAll(async () => {
  await sandbox?.stop()
  await rm(dir, { recursive: true, force: true })
})

function runCli(args: string[]): ReturnType<typeof spawnRenderCli> {
  return spawnRenderCli(sandbox, join(dir, 'cache'), args)
}

/** Runs `render input --out out --voice voice` with `flags` after those. */
function runTo(
  input: string,
  out: string,
  voice: string,
  ...flags: string[]
): ReturnType<typeof spawnRenderCli> {
  return runCli([input, '--out', out, '--voice', voice, ...flags])
}

function okInputs(): string[] {
  return sandbox
    .requestLog({ pathPrefix: '/v1/audio/speech' })
    .filter((e) => e.status === 200)
    .map((e) => String(e.body?.input))
}

const SCRIPT = Array.from(
  { length: 12 },
  (_, i) => `Paragraph ${i + 1} begins here. It has a second sentence, number ${i + 1}.`,
).join('\n\n')

// Each test starts the real CLI, one to three times, through tsx: seconds each when cold, many more
// on a machine busy with other work, so the budget is per CLI start, not the suite's default.
describe('render command', { timeout: 180_000 }, () => {
  it('prints the cost with --dry-run --json and sends nothing', async () => {
    const script = join(dir, 'dry.txt')
    await writeFile(script, SCRIPT)
    sandbox.clearRequestLog()
    const { exit } = runTo(script, join(dir, 'dry.wav'), 'emma', '--dry-run', '--json')
    const { code, out } = await exit
    expect(code).toBe(0)
    expect(JSON.parse(out)).toMatchObject({ totalPieces: 12, requests: 12, cachedPieces: 0 })
    expect(okInputs()).toEqual([])
  })

  it('--dry-run makes the checks a render makes first, so a refused render is known before any cost', async () => {
    const script = join(dir, 'dry-checks.txt')
    await writeFile(script, SCRIPT)
    sandbox.clearRequestLog()
    const preset = await runTo(
      script,
      join(dir, 'dry-checks.wav'),
      'emma',
      '--preset',
      'acx',
      '--dry-run',
    ).exit
    expect(preset.code).toBe(2)
    expect(preset.err).toContain('ACX/Audible takes MP3, not WAV.')
    const folder = await runTo(script, join(dir, 'no-such-folder', 'x.mp3'), 'emma', '--dry-run')
      .exit
    expect(folder.code).toBe(8)
    expect(folder.err).toContain('no-such-folder')
    expect(okInputs()).toEqual([])
    expect(
      (await readdir(dir)).filter((f) => f.startsWith('dry-checks.') && f !== 'dry-checks.txt'),
    ).toEqual([])
  })

  it('resumes after kill -9 to a byte-identical file without re-requesting finished pieces', async () => {
    const script = join(dir, 'story.txt')
    await writeFile(script, SCRIPT)
    const out = join(dir, 'story.mp3')
    const args = [script, '--out', out, '--voice', 'liam', '--subtitles', 'vtt']
    const project = await importScript(script, { defaults: { voiceId: 'liam', format: 'mp3' } })
    const plan = planRender(project)
    const cachedInputs = async (): Promise<string[]> => {
      const cache = await openPieceCache(join(dir, 'cache'))
      return plan.pieces.filter((p) => cache.has(p.hash)).map((p) => p.request.input)
    }
    sandbox.clearRequestLog()
    // The piece cache the CLI writes into: watched, so a check runs again when a piece lands.
    const cacheDir = join(dir, 'cache')
    await mkdir(cacheDir, { recursive: true })
    let cacheChanges = 0
    let cacheChanged: (() => void) | null = null
    const watcher = watch(cacheDir, () => {
      cacheChanges += 1
      cacheChanged?.()
    })
    const cacheChangeAfter = (seen: number): Promise<void> =>
      cacheChanges > seen ? Promise.resolve() : new Promise((resolve) => (cacheChanged = resolve))
    const first = runCli(args)
    let exited = false
    void first.exit.then(() => (exited = true))
    /** Checks `condition` again after each event `next` waits for, until it holds or the CLI ends. */
    const waitFor = async (
      condition: () => boolean | Promise<boolean>,
      next: () => () => Promise<unknown>,
    ): Promise<void> => {
      for (;;) {
        // Listen before checking, so an event during the check is not missed.
        const event = next()
        if (await condition()) return
        if (exited)
          throw new Error(`the CLI ended before it could be killed: ${(await first.exit).err}`)
        await Promise.race([event(), first.exit])
      }
    }
    // Why no race with the render's end: once 4 answers went out, every later request is held by
    // the service, so the render cannot finish; the kill then waits for pieces to reach the cache.
    try {
      await waitFor(
        () => okInputs().length >= 4,
        () => {
          const logged = sandbox.nextRequest({ pathPrefix: '/v1/audio/speech' })
          return () => logged
        },
      )
      sandbox.setFaults({ latencyMs: 600_000 })
      await waitFor(
        async () => (await cachedInputs()).length >= 2,
        () => {
          const seen = cacheChanges
          return () => cacheChangeAfter(seen)
        },
      )
      first.child.kill('SIGKILL')
      await first.exit
    } finally {
      watcher.close()
      sandbox.clearFaults()
    }
    expect(await readdir(dir)).not.toContain('story.mp3')
    expect(await readdir(dir)).toContain('story.mp3.voicedesk-journal.json')

    const finished = await cachedInputs()
    expect(finished.length).toBeGreaterThanOrEqual(2)
    expect(finished.length).toBeLessThan(12)

    sandbox.clearRequestLog()
    const second = await runCli(args).exit
    expect(second.code).toBe(0)
    const again = okInputs()
    for (const input of finished) expect(again).not.toContain(input)
    expect(again.length).toBe(12 - finished.length)
    expect(
      (await readdir(dir)).filter((n) => n.includes('.partial') || n.endsWith('journal.json')),
    ).toEqual([])

    // A clean render of the same script from the same pieces gives the same bytes.
    const client = createUpstreamClient({
      baseUrl: sandbox.baseUrl,
      credential: { kind: 'apiKey', secret: sandbox.keys.paid },
    })
    try {
      const reference = join(dir, 'reference.mp3')
      await startRender({
        project,
        outputPath: reference,
        source: upstreamSpeechSource(client),
        cache: await openPieceCache(join(dir, 'cache')),
      }).done
      expect(Buffer.compare(await readFile(out), await readFile(reference))).toBe(0)
    } finally {
      client.close()
    }
    expect(await readFile(join(dir, 'story.vtt'), 'utf8')).toMatch(/^WEBVTT\n\n00:00:0/)
  }, 90_000)

  it('names the cast entry whose voice is not in the voice list, before any request, and leaves no file', async () => {
    const folder = join(dir, 'unknown-voice')
    await mkdir(folder)
    const script = join(folder, 'talk.md')
    await writeFile(script, 'Alice: Good morning, Bob.\nBob: Good morning, Alice.\n')
    sandbox.clearRequestLog()
    const { code, out, err } = await runTo(
      script,
      join(folder, 'talk.wav'),
      'olivia',
      '--cast',
      'Alice=emma',
      '--cast',
      'Bob=dorothy',
    ).exit
    expect({ code, out }).toEqual({ code: 2, out: '' })
    expect(err).toBe(
      'voicedesk: Bob\'s voice, Dorothy, isn\'t in your voice list. Choose another voice for Bob in the cast. Nothing was sent to the service. Give another with --cast "Bob=VOICE_ID" ("voicedesk voices list" shows your voices).\n',
    )
    expect(sandbox.requestLog({ pathPrefix: '/v1/audio/speech' })).toEqual([])
    expect(await readdir(folder)).toEqual(['talk.md'])
  })

  it('fails with a usage message and exit code 2 on bad arguments', async () => {
    const { code, err } = await runCli(['nothing.txt', '--out', join(dir, 'x.wav'), '-x']).exit
    expect(code).toBe(2)
    expect(err).toBe(`voicedesk: Unknown option '-x'. Run "voicedesk render --help" for usage.\n`)
  })

  it('--help prints the usage on stdout and exits 0', async () => {
    const { code, out, err } = await runCli(['--help']).exit
    expect({ code, err }).toEqual({ code: 0, err: '' })
    expect(out).toMatch(/^Usage: voicedesk render FILE --out OUT/)
    expect(out).toContain(`--format F             ${SPEECH_FORMATS.join(' | ')}`)
  })
})

describe('messages the app shares', () => {
  it('a block without a voice is refused without naming command-line flags', () => {
    const project = createProject({
      blocks: [
        { id: 'a', text: 'Said by Ann.', speaker: 'Ann' },
        { id: 'b', text: 'Said by nobody.' },
      ],
      cast: { Ann: 'emma' },
    })
    const error = (() => {
      try {
        planRender(project)
      } catch (e) {
        return e as AppError
      }
      throw new Error('planRender accepted a block without a voice')
    })()
    expect(error.message).toBe(
      'Block 2 has no voice. Choose a default voice or give the block one.',
    )
    expect(error.details?.missingVoice).toEqual({ block: 2 })
    const castless = createProject({ blocks: [{ id: 'a', text: 'Hi.', speaker: 'Ann' }] })
    expect(() => planRender(castless)).toThrow(
      expect.objectContaining({
        message: expect.not.stringContaining('--') as unknown,
        details: expect.objectContaining({ missingVoice: { block: 1, speaker: 'Ann' } }) as unknown,
      }),
    )
  })
})
