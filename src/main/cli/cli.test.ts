import { randomBytes } from 'node:crypto'
import { spawn } from 'node:child_process'
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { runCliCaptured } from '../testing/captured-cli'

import type { Sandbox } from '../../sandbox/index'

import { startSandbox } from '../../sandbox/index'
import { checkAudio } from '../core/audio/check'
import type { Clock } from '../core/clock'
import { createManualClock } from '../testing/manual-clock'
import { toneWav } from '../core/upstream/test/fixtures'

// Made at run time, so the repository holds nothing shaped like a real key.
const CANARY = `sk_canary_cli_${randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`
const POLL_MS = 50
const BIN = fileURLToPath(new URL('../../../bin/voicedesk.js', import.meta.url))

let sandbox: Sandbox
let dir: string
beforeAll(async () => {
  sandbox = await startSandbox({
    synthThreads: 0,
    keys: { paid: CANARY },
    stream: { ttfbMs: 10, chunkIntervalMs: 5 },
  })
  dir = await mkdtemp(join(tmpdir(), 'vd-cli-'))
})
afterEach(() => sandbox.clearFaults())
afterAll(async () => {
  await sandbox.stop()
  await rm(dir, { recursive: true, force: true })
})

/** Runs the CLI in-process with captured output. */
async function cli(
  args: string[],
  env: Record<string, string | undefined> = {},
  options: { clock?: Clock } = {},
) {
  const run = await runCliCaptured(args, {
    env: {
      VOICEDESK_BASE_URL: sandbox.baseUrl,
      VOICEDESK_API_KEY: CANARY,
      VOICEDESK_PLAN: 'paid',
      ...env,
    },
    pollMs: POLL_MS,
    ...options,
  })
  expect(`${run.stdout}${run.stderr}`).not.toContain(CANARY)
  return run
}

/** Runs `speak --voice george` with `flags` after that. */
function speakGeorge(...flags: string[]) {
  return cli(['speak', '--voice', 'george', ...flags])
}

describe('voicedesk (in-process)', () => {
  it('voices list --json is one JSON document with normalised voices', async () => {
    const r = await cli(['voices', 'list', '--json'])
    expect(r.code).toBe(0)
    const doc = JSON.parse(r.stdout) as { voices: Array<{ id: string; gender: string }> }
    expect(doc.voices.length).toBe(44)
    expect(r.stderr).toBe('')
  })

  it('voices create, sample and delete round trip', async () => {
    const samplePath = join(dir, 'me.wav')
    await writeFile(samplePath, toneWav(3))
    const created = await cli([
      'voices',
      'create',
      '--name',
      'CLI Voice',
      '--gender',
      'not_specified',
      '--sample',
      samplePath,
      '--consent-name',
      'Ada Lovelace',
      '--consent-email',
      'ada@example.com',
      '--locale',
      'en-US',
      '--json',
    ])
    expect(created.code).toBe(0)
    const { voice } = JSON.parse(created.stdout) as { voice: { id: string; displayName: string } }
    expect(voice.displayName).toBe('CLI Voice')
    const out = join(dir, 'back.wav')
    const sample = await cli(['voices', 'sample', voice.id, '--out', out])
    expect(sample).toMatchObject({ code: 0, stdout: expect.stringContaining('wav') })
    expect(await readFile(out)).toEqual(await readFile(samplePath))
    expect(await cli(['voices', 'delete', voice.id])).toMatchObject({
      code: 0,
      stdout: `Deleted voice ${voice.id}.\n`,
    })
    const again = await cli(['voices', 'delete', voice.id])
    expect(again.code).toBe(4)
    expect(again.stderr).toMatch(/^voicedesk: No voice with id .*\(request id: req_\w+\)\n$/)
  })

  it('speak writes a checked file in the asked format, streamed or not', async () => {
    const mp3 = join(dir, 'hello.mp3')
    const r = await speakGeorge('--text', 'Hello there.', '--out', mp3, '--json')
    expect(r.code).toBe(0)
    expect(JSON.parse(r.stdout)).toMatchObject({ path: mp3, format: 'mp3', billableCharacters: 12 })
    expect(checkAudio('mp3', await readFile(mp3)).ok).toBe(true)
    const text = join(dir, 'script.txt')
    await writeFile(text, 'Streaming from a file.')
    const ogg = join(dir, 'stream.ogg')
    const s = await speakGeorge('--file', text, '--out', ogg, '--stream', '--normalize-text')
    expect(s.code).toBe(0)
    expect(s.stdout).toMatch(/^Wrote .*stream\.ogg \(\d+:\d\d, \d+ KB, streamed\)\.\n$/)
    expect(checkAudio('ogg', await readFile(ogg)).ok).toBe(true)
  })

  it('a truncated stream exits 7 and leaves no file', async () => {
    sandbox.setFaults({ truncateAfterBytes: 3001 })
    const out = join(dir, 'cut.aac')
    const r = await speakGeorge('--text', 'This will be cut.', '--out', out, '--stream')
    expect(r.code).toBe(7)
    expect(r.stderr).toMatch(/^voicedesk: The audio stream was cut short/)
    expect((await readdir(dir)).filter((f) => f.includes('cut.aac'))).toEqual([])
  })

  it('maps failures to the documented exit codes', async () => {
    expect((await cli([])).code).toBe(2)
    expect((await cli(['--help'])).code).toBe(0)
    expect((await cli(['voices', 'list', '--voice', 'x'])).stderr).toMatch(/does not take --voice/)
    expect(
      (await cli(['speak', '--voice', 'george', '--text', 'x', '--out', 'a.wav', '--stream'])).code,
    ).toBe(2)
    expect(
      (await cli(['voices', 'list'], { VOICEDESK_BASE_URL: 'http://api.example.com' })).code,
    ).toBe(2)
    const rejected = await cli(['voices', 'list'], { VOICEDESK_API_KEY: 'sk_wrong_0000000000' })
    expect(rejected.code).toBe(3)
    // Core's words are the app's (no variable names); the CLI adds where its key comes from.
    expect(rejected.stderr).toMatch(
      /^voicedesk: The service did not accept the API key\. Check it in Account and try again\. If it came from VOICEDESK_API_KEY/,
    )
    const missing = await cli(['voices', 'list'], { VOICEDESK_API_KEY: '' })
    expect(missing.code).toBe(3)
    expect(missing.stderr).toContain('set VOICEDESK_API_KEY (or VOICEDESK_ACCESS_TOKEN)')
    sandbox.setAccount('paid', { outOfCredit: true })
    try {
      expect(
        (await cli(['speak', '--voice', 'george', '--text', 'x', '--out', join(dir, 'x.wav')]))
          .code,
      ).toBe(5)
    } finally {
      sandbox.setAccount('paid', { outOfCredit: false })
    }
    sandbox.setFaults({ errorRate: 1, errorStatus: 503 })
    const failing = await cli(['voices', 'list', '--json'])
    expect(failing.code).toBe(6)
    expect(JSON.parse(failing.stdout)).toMatchObject({
      ok: false,
      error: { code: 'UPSTREAM', details: { status: 503 } },
    })
    sandbox.clearFaults()
    const disk = await speakGeorge('--text', 'x', '--out', join(dir, 'missing', 'x.wav'))
    expect(disk.code).toBe(8)
  })
})

// Time is two manual clocks: the sandbox's conversation moves one step only when the test moves its
// clock, and the watch polls only when the test moves the CLI's. Before, both ran in real time
// (60 ms apart), and on a loaded machine the conversation was already active at the first poll.
describe('conversation watch (on clocks the test moves)', () => {
  it('prints each new turn once, then the evaluations, and stops', async () => {
    const serviceClock = createManualClock()
    const watched = await startSandbox({
      clock: serviceClock,
      keys: { paid: CANARY },
      synthThreads: 0,
      warmUp: false,
      seedConversations: false,
      conversationCount: 0,
      liveConversationEveryMs: 0,
    })
    try {
      const started = watched.startConversation({
        turns: 4,
        turnIntervalMs: POLL_MS,
        evaluationDelayMs: POLL_MS,
      })
      const watchClock = createManualClock()
      const watchStart = watchClock.now()
      let waits = 0
      let onWait = (): void => undefined
      const announcing: Clock = {
        now: () => watchClock.now(),
        setTimer(run, ms, timerOptions) {
          const cancel = watchClock.setTimer(run, ms, timerOptions)
          waits += 1
          onWait()
          return cancel
        },
      }
      const watching = cli(
        ['conversation', 'watch', started.id],
        { VOICEDESK_BASE_URL: watched.baseUrl },
        { clock: announcing },
      )
      let done = false
      const finished = (): void => {
        done = true
        onWait()
      }
      void watching.then(finished, finished)
      // Each round: wait until the watch is idle between polls (or finished), then let one step
      // of the conversation happen, then let the watch poll.
      for (let round = 1; round <= 20; round++) {
        await new Promise<void>((resolve) => {
          onWait = () => {
            if (done || waits >= round) resolve()
          }
          onWait()
        })
        if (done) break
        serviceClock.advance(POLL_MS)
        watchClock.advance(POLL_MS)
      }
      const r = await watching
      expect(r.code).toBe(0)
      const lines = r.stdout.trim().split('\n')
      const turns = lines.filter((l) => l.startsWith('['))
      expect(new Set(turns).size).toBe(4)
      expect(lines.slice(0, 8).map((l) => (l.startsWith('[') ? 'turn' : l))).toEqual([
        'Status: pending',
        'Status: active',
        'turn',
        'turn',
        'turn',
        'turn',
        'Status: completed',
        'Evaluations:',
      ])
      expect(lines.length).toBeGreaterThan(8)
      expect(turns).toHaveLength(4)
      // It stopped as soon as the evaluations appeared: one poll per step, none after.
      expect(watchClock.now() - watchStart).toBe(started.evaluationsInMs)
      expect(waits).toBe(started.evaluationsInMs / POLL_MS)
      const shown = await cli(['conversation', 'show', started.id, '--json'], {
        VOICEDESK_BASE_URL: watched.baseUrl,
      })
      const doc = JSON.parse(shown.stdout) as { messages: unknown[]; evaluations: unknown[] }
      expect(doc.messages).toHaveLength(4)
      expect(doc.evaluations.length).toBeGreaterThan(0)
    } finally {
      await watched.stop()
    }
  })
})

/** Spawns the real `voicedesk` bin (tsx loader, fresh process). */
function spawnBin(
  args: string[],
  env: Record<string, string>,
  onStdout?: (child: ReturnType<typeof spawn>, text: string) => void,
) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d: Buffer) => {
      stdout += d.toString()
      onStdout?.(child, stdout)
    })
    child.stderr.on('data', (d: Buffer) => {
      stderr += d.toString()
      onStdout?.(child, stdout + stderr)
    })
    child.on('close', (code) => resolve({ code, stdout, stderr }))
  })
}

describe('voicedesk bin (spawned)', () => {
  it('runs on the sandbox and never prints the key, even with --verbose and on errors', async () => {
    const env = { VOICEDESK_BASE_URL: sandbox.baseUrl, VOICEDESK_API_KEY: CANARY }
    const ok = await spawnBin(['voices', 'list', '--verbose'], env)
    expect(ok.code).toBe(0)
    expect(ok.stdout).toContain('george')
    expect(ok.stderr).toContain('"message":"upstream answer"')
    const bad = await spawnBin(
      ['--verbose', 'speak', '--voice', 'nobody', '--text', 'Hi', '--out', join(dir, 'n.wav')],
      env,
    )
    // The voice list (not the service's refusal) says the voice is unknown: nothing is spoken.
    expect(bad.code).toBe(2)
    expect(bad.stderr).toContain('No voice in your voice list has the id or name "nobody".')
    for (const r of [ok, bad]) expect(`${r.stdout}${r.stderr}`).not.toContain(CANARY)
  })

  // The test's timeout is the bound: before, the refused render's hour-long pause timer kept the
  // process alive for the hour the service asked, long after the render had given up.
  it('a render the service asks to wait an hour fails at once, says so, and the process exits', async () => {
    sandbox.setFaults({ rateLimitStorm: 1000, stormRetryAfterSeconds: 3600 })
    const script = join(dir, 'busy.txt')
    await writeFile(script, 'The service is busy today.')
    const r = await spawnBin(
      ['render', script, '--voice', 'george', '--out', join(dir, 'busy.wav')],
      {
        VOICEDESK_BASE_URL: sandbox.baseUrl,
        VOICEDESK_API_KEY: CANARY,
      },
    )
    expect(r.stderr).toContain('The service asked VoiceDesk to wait 60 min')
    expect(r.code).toBe(5)
  }, 30_000)

  it('Ctrl-C during a stream aborts it, exits 130 and leaves no file', async () => {
    sandbox.setFaults({ stallAfterBytes: 2000 })
    const out = join(dir, 'interrupted.mp3')
    let sent = false
    const r = await spawnBin(
      [
        '--verbose',
        'speak',
        '--voice',
        'george',
        '--text',
        'A long sentence to interrupt.',
        '--out',
        out,
        '--stream',
      ],
      { VOICEDESK_BASE_URL: sandbox.baseUrl, VOICEDESK_API_KEY: CANARY },
      (child, text) => {
        // Interrupt once the stream's answer has arrived (logged at debug level).
        if (!sent && text.includes('/v1/audio/stream')) {
          sent = true
          child.kill('SIGINT')
        }
      },
    )
    expect(sent).toBe(true)
    expect(r.code).toBe(130)
    expect(r.stderr).toContain('voicedesk: Cancelled.')
    expect((await readdir(dir)).filter((f) => f.includes('interrupted'))).toEqual([])
    expect(sandbox.requestLog({ pathPrefix: '/v1/audio/stream' }).at(-1)!.aborted).toBe(true)
  })
})
