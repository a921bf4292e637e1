import { execFile } from 'node:child_process'
import { readFile, readdir, writeFile } from 'node:fs/promises'
import { basename, join } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import type { ComplianceReport } from '../../../../shared/domain/delivery'
import type { ProjectInput } from '../../../../shared/domain/script'
import { createProject } from '../../../../shared/domain/script'
import { startHarness } from '../../upstream/test/helpers'
import { openPieceCache } from '../fetch/piece-cache'
import { useServiceAndDir } from '../../../testing/service-dir'
import { startServiceRender } from '../../../testing/service-render'

const run = promisify(execFile)

const testbed = useServiceAndDir('vd-presets-', () => startHarness({ synthThreads: 1 }))

/** A project's settings for ACX/Audible: MP3 at 44.1 kHz, 192 kbps constant, the ACX preset. */
const ACX_DEFAULTS: ProjectInput['defaults'] = {
  voiceId: 'olivia',
  format: 'mp3',
  sampleRate: 44_100,
  mp3: { mode: 'cbr', bitrateKbps: 192 },
  preset: 'acx',
}

/** What FFmpeg measures on a file, independently of VoiceDesk's meters. */
interface Measured {
  rmsDb: number
  truePeakDb: number
  integratedLufs: number
  /** Leading and trailing silence under -60 dB, seconds. */
  head: number
  tail: number
  duration: number
  sampleRate: number
  bitRate: number
}

async function measure(path: string): Promise<Measured> {
  const [stats, loud, silence, probe] = await Promise.all([
    run('ffmpeg', [
      '-nostats',
      '-i',
      path,
      '-af',
      'astats=measure_perchannel=none',
      '-f',
      'null',
      '-',
    ]),
    run('ffmpeg', ['-nostats', '-i', path, '-af', 'ebur128=peak=true', '-f', 'null', '-']),
    run('ffmpeg', [
      '-nostats',
      '-i',
      path,
      '-af',
      'silencedetect=noise=-60dB:d=0.1',
      '-f',
      'null',
      '-',
    ]),
    run('ffprobe', ['-v', 'error', '-show_streams', '-show_format', '-of', 'json', path]),
  ])
  const number = (text: string, re: RegExp): number => {
    const m = re.exec(text)
    if (!m) throw new Error(`${re} not in ${text.slice(-600)}`)
    return Number(m[1])
  }
  const info = JSON.parse(probe.stdout) as {
    streams: { codec_type: string; sample_rate: string; bit_rate?: string }[]
    format: { duration: string; bit_rate: string }
  }
  const audio = info.streams.find((s) => s.codec_type === 'audio')!
  const duration = Number(info.format.duration)
  const starts = [...silence.stderr.matchAll(/silence_start: (-?[\d.]+)/g)].map((m) => Number(m[1]))
  const ends = [...silence.stderr.matchAll(/silence_end: ([\d.]+)/g)].map((m) => Number(m[1]))
  const head = starts[0] !== undefined && starts[0] <= 0.01 ? (ends[0] ?? duration) : 0
  // The last silence is the tail when it runs to the end (FFmpeg closes it at the end of input).
  const lastStart = starts.at(-1)
  const lastEnd = ends.length === starts.length ? ends.at(-1) : duration
  const tail =
    lastStart !== undefined && lastEnd !== undefined && duration - lastEnd < 0.05
      ? duration - lastStart
      : 0
  return {
    rmsDb: number(stats.stderr, /RMS level dB:\s+(-?[\d.]+)/),
    truePeakDb: number(loud.stderr, /True peak:\s+Peak:\s+(-?[\d.]+) dBFS/),
    integratedLufs: number(loud.stderr, /Integrated loudness:\s+I:\s+(-?[\d.]+) LUFS/),
    head,
    tail,
    duration,
    sampleRate: Number(audio.sample_rate),
    bitRate: Number(audio.bit_rate ?? info.format.bit_rate),
  }
}

const CHAPTER_TEXT = [
  'The keeper climbed the stairs at dusk, one hand on the cold rail, counting the steps as he always did.',
  'Below him the sea was calm and grey, and the gulls had gone quiet for the night.',
  'He lit the lamp, trimmed the wick, and wrote one careful line in the log before the dark came in.',
  'Far out a ship passed without a sound, her lights small and steady against the water.',
]

function book(chapters: string[]) {
  return chapters.flatMap((chapter, c) =>
    CHAPTER_TEXT.map((text, i) => ({ id: `c${c}b${i}`, text, chapter })),
  )
}

describe('delivery presets', () => {
  it('ACX: chapter MP3s at 44.1 kHz 192 kbps CBR, RMS -23..-18 dB, true peak under -3 dB, room tone, checked by FFmpeg and reported', async () => {
    const outputPath = join(testbed.dir, 'keeper.mp3')
    const parts = join(testbed.dir, 'acx')
    const project = createProject({
      title: 'The Keeper',
      blocks: book(['Dusk', 'Night']),
      defaults: ACX_DEFAULTS,
    })
    const result = await startServiceRender(testbed.service, {
      project,
      outputPath,
      cache: await openPieceCache(join(testbed.dir, 'cache')),
      split: { mode: 'chapter', dir: parts },
    }).done

    const report = result.compliance!
    // ACX takes the chapter files: those are checked, and the report says the book file is not.
    expect(report.files.map((f) => basename(f.path))).toEqual(['01 - Dusk.mp3', '02 - Night.mp3'])
    expect(report.note).toContain(
      'keeper.mp3 is the whole book in one file, for listening: it is not checked.',
    )
    expect(report.unchecked).toBe(outputPath)
    expect(report.pass, JSON.stringify(report.files, null, 1)).toBe(true)
    expect(JSON.parse(await readFile(report.jsonPath, 'utf8'))).toEqual(report)
    const text = await readFile(report.textPath, 'utf8')
    expect(text).toContain('All 2 files meet ACX/Audible.')
    expect(text).toMatch(
      /pass {2}Length: (\d+ seconds|\d+ min( \d+ s)?) \(needs at most 2 hours a file\)/,
    )
    expect(text).toContain('pass  Loudness (RMS): ')
    expect((await readdir(testbed.dir)).sort()).toEqual(
      ['acx', 'cache', 'keeper.compliance.json', 'keeper.compliance.txt', 'keeper.mp3'].sort(),
    )

    const measured = await Promise.all(result.extraFiles.map((path) => measure(path)))
    for (const [i, path] of result.extraFiles.entries()) {
      const m = measured[i]!
      const ours = report.files.find((f) => f.path === path)!
      const level = ours.criteria.find((c) => c.id === 'level')!.value!
      expect(m.rmsDb, path).toBeGreaterThanOrEqual(-23)
      expect(m.rmsDb, path).toBeLessThanOrEqual(-18)
      // Our RMS (before the encoder) and FFmpeg's (decoded MP3) agree closely.
      expect(Math.abs(m.rmsDb - level), path).toBeLessThan(0.3)
      expect(m.truePeakDb, path).toBeLessThanOrEqual(-3)
      expect(m.head, path).toBeGreaterThanOrEqual(0.5)
      expect(m.head, path).toBeLessThanOrEqual(1)
      expect(m.tail, path).toBeGreaterThanOrEqual(1)
      expect(m.tail, path).toBeLessThanOrEqual(5)
      expect(m.sampleRate).toBe(44_100)
      expect(m.bitRate).toBe(192_000)
    }
    // Real synthesis of two chapters, three encodes and a dozen FFmpeg runs: more than the
    // default 30 s on a loaded two-core machine.
  }, 120_000)

  it('ACX from a cache written before pieces kept their energy: measured again, the level is still set', async () => {
    // The cache of the test above, its pieces' statistics stripped back to the older form.
    const cacheDir = join(testbed.dir, 'cache')
    for (const name of await readdir(cacheDir)) {
      if (!/^[0-9a-f]{64}\.json$/.test(name)) continue
      const meta = JSON.parse(await readFile(join(cacheDir, name), 'utf8')) as {
        loudness?: { energy?: number }
      }
      if (meta.loudness) delete meta.loudness.energy
      await writeFile(join(cacheDir, name), JSON.stringify(meta))
    }
    const result = await startServiceRender(testbed.service, {
      project: createProject({
        blocks: book(['Dusk', 'Night']),
        defaults: ACX_DEFAULTS,
      }),
      outputPath: join(testbed.dir, 'again.mp3'),
      cache: await openPieceCache(cacheDir),
    }).done
    expect(result.requests).toBe(0)
    expect(result.loudness.gainDb).not.toBe(0)
    expect(result.compliance!.pass, JSON.stringify(result.compliance!.files, null, 1)).toBe(true)
    const m = await measure(join(testbed.dir, 'again.mp3'))
    expect(m.rmsDb).toBeGreaterThanOrEqual(-23)
    expect(m.rmsDb).toBeLessThanOrEqual(-18)
  }, 120_000)

  it('Podcast: -16 LUFS within 1 LU and true peak at or under -1 dBTP, as FFmpeg measures them', async () => {
    const outputPath = join(testbed.dir, 'episode.mp3')
    const result = await startServiceRender(testbed.service, {
      project: createProject({
        blocks: book(['Episode']),
        defaults: { voiceId: 'olivia', format: 'mp3', sampleRate: 48_000, preset: 'podcast' },
      }),
      outputPath,
      cache: await openPieceCache(join(testbed.dir, 'cache')),
    }).done
    const report: ComplianceReport = result.compliance!
    expect(report.pass, JSON.stringify(report.files, null, 1)).toBe(true)
    const m = await measure(outputPath)
    expect(Math.abs(m.integratedLufs + 16)).toBeLessThanOrEqual(1)
    expect(m.truePeakDb).toBeLessThanOrEqual(-1)
    // No room tone outside ACX: the file is the program.
    expect(m.head).toBeLessThan(0.5)
  }, 120_000)

  it('refuses a preset the settings cannot meet before anything is sent, naming each setting', async () => {
    testbed.service.sandbox.clearRequestLog()
    const error = await startServiceRender(testbed.service, {
      project: createProject({
        blocks: book(['One']),
        defaults: { voiceId: 'olivia', format: 'm4b', preset: 'acx' },
      }),
      outputPath: join(testbed.dir, 'wrong.m4b'),
      cache: await openPieceCache(join(testbed.dir, 'cache')),
    }).done.then(
      () => new Error('rendered'),
      (e: unknown) => e as Error,
    )
    expect(error.message).toContain('ACX/Audible takes MP3, not M4B.')
    expect(error.message).toContain('ACX/Audible takes 44100 Hz, not 24000 Hz.')
    expect(error.message).toContain('M4B output takes no gain')
    expect(testbed.service.sandbox.requestLog({ pathPrefix: '/v1/audio/speech' })).toEqual([])
  })
})
