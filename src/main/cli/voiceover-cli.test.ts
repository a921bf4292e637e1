import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Sandbox } from '../../sandbox/index'
import { startSandbox } from '../../sandbox/index'
import { runCliCaptured } from '../testing/captured-cli'

const run = promisify(execFile)
const KEY = ['vd', 'test', 'voiceover', 'key', '0123456789'].join('_')

let sandbox: Sandbox
let dir: string

beforeAll(async () => {
  sandbox = await startSandbox({ synthThreads: 0, keys: { paid: KEY } })
  dir = await mkdtemp(join(tmpdir(), 'vd-voiceover-cli-'))
})
afterAll(async () => {
  await sandbox.stop()
  await rm(dir, { recursive: true, force: true })
})

async function cli(args: string[]) {
  const result = await runCliCaptured(['voiceover', ...args, '--cache-dir', join(dir, 'cache')], {
    env: { VOICEDESK_BASE_URL: sandbox.baseUrl, VOICEDESK_API_KEY: KEY, VOICEDESK_PLAN: 'paid' },
  })
  expect(`${result.stdout}${result.stderr}`).not.toContain(KEY)
  return result
}

const speechRequests = (): number => sandbox.requestLog({ pathPrefix: '/v1/audio/speech' }).length

const SRT = `1\n00:00:00,500 --> 00:00:02,000\nANNA: Good evening.\n\n2\n00:00:02,500 --> 00:00:04,000\nWelcome back.\n`

describe('voicedesk voiceover', () => {
  it('--dry-run shows the cost and sends nothing', async () => {
    const subs = join(dir, 'film.srt')
    await writeFile(subs, SRT)
    const before = speechRequests()
    const result = await cli([
      subs,
      '--out',
      join(dir, 'dry.wav'),
      '--voice',
      'olivia',
      '--cast',
      'ANNA=emma',
      '--dry-run',
    ])
    expect(result.code).toBe(0)
    expect(result.stdout).toBe('2 lines, 0 cached: 2 requests, 26 billable characters.\n')
    expect(speechRequests()).toBe(before)
  })

  it('--overlaps keep keeps both overlapping lines (refused by default), with nothing sent', async () => {
    const subs = join(dir, 'overlap.srt')
    await writeFile(
      subs,
      `1\n00:00:00,500 --> 00:00:03,000\nANNA: Good evening.\n\n2\n00:00:02,500 --> 00:00:04,000\nWelcome back.\n\n3\n00:00:05,000 --> 00:00:06,000\nSit down.\n`,
    )
    const before = speechRequests()
    const args = [subs, '--out', join(dir, 'overlap.wav'), '--voice', 'olivia', '--dry-run']
    const refused = await cli(args)
    expect(refused.code).toBe(2)
    expect(refused.stderr).toMatch(/Cue 2 \(line 6\) starts at 00:00:02,500, before cue 1 ends/)
    const kept = await cli([...args, '--overlaps', 'keep'])
    expect(kept.code).toBe(0)
    expect(kept.stdout).toMatch(/^3 lines, 0 cached: 3 requests/)
    expect(speechRequests()).toBe(before)
  })

  it('a bad subtitle file exits 2, naming the cue and line, with nothing sent', async () => {
    const subs = join(dir, 'bad.srt')
    await writeFile(subs, `1\n00:00:03,000 --> 00:00:02,000\nBackwards\n`)
    const before = speechRequests()
    const result = await cli([subs, '--out', join(dir, 'bad.wav'), '--voice', 'olivia'])
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(
      'Cue 1 (line 2) ends at 00:00:02,000, not after its start at 00:00:03,000.',
    )
    expect(speechRequests()).toBe(before)
  })

  it('a video it cannot read exits 2 with nothing sent', async () => {
    const subs = join(dir, 'film.srt')
    const notVideo = join(dir, 'notes.mp4')
    await writeFile(notVideo, 'not a video at all')
    const before = speechRequests()
    const result = await cli([
      subs,
      '--video',
      notVideo,
      '--out',
      join(dir, 'x.mp4'),
      '--voice',
      'olivia',
    ])
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(/cannot put a voice-over into this video/)
    expect(speechRequests()).toBe(before)
  })

  it('takes voices by the names the app shows, and refuses a slip before anything is spoken', async () => {
    const subs = join(dir, 'named.srt')
    await writeFile(subs, SRT)
    const report = join(dir, 'named-vo.json')
    const named = await cli([
      subs,
      '--out',
      join(dir, 'named-vo.wav'),
      '--voice',
      'Olivia',
      '--cast',
      'ANNA=EMMA',
      '--report',
      report,
    ])
    expect(named.code).toBe(0)
    const json = JSON.parse(await readFile(report, 'utf8')) as { lines: { voiceId: string }[] }
    expect(json.lines.map((l) => l.voiceId)).toEqual(['emma', 'olivia'])

    const before = speechRequests()
    const slip = await cli([subs, '--out', join(dir, 'slip-vo.wav'), '--voice', 'Olivai'])
    expect(slip.code).toBe(2)
    expect(slip.stderr).toBe(
      'voicedesk: No voice in your voice list has the id or name "Olivai". Did you mean olivia? "voicedesk voices list" shows your voices.\n',
    )
    expect(speechRequests()).toBe(before)
  })

  it('writes the track, the JSON and readable reports', async () => {
    const subs = join(dir, 'film.srt')
    const out = join(dir, 'film-vo.wav')
    const report = join(dir, 'film-vo.json')
    const result = await cli([
      subs,
      '--out',
      out,
      '--voice',
      'olivia',
      '--cast',
      'ANNA=emma',
      '--report',
      report,
    ])
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(/^Voice-over: .*film-vo\.wav\n/)
    const json = JSON.parse(await readFile(report, 'utf8')) as {
      lines: { voiceId: string; cueStartMs: number }[]
    }
    expect(json.lines.map((l) => [l.voiceId, l.cueStartMs])).toEqual([
      ['emma', 500],
      ['olivia', 2500],
    ])
    expect(await readFile(report.replace(/\.json$/, '.txt'), 'utf8')).toContain(
      'Cue 2 (line 6) at 00:00:02,500',
    )
    const { stdout } = await run('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'format=duration',
      '-of',
      'csv=p=0',
      out,
    ])
    expect(Number(stdout)).toBeCloseTo(4, 2)
  })
})
