import { readdir, readFile, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createProject } from '../../../../shared/domain/script'
import { runCli } from '../../../cli/run'
import { parseMp3Header } from '../../audio/mp3-header'
import { readInfoTag } from '../../audio/mp3-info-tag'
import { id3v2Size } from '../../audio/verdict'
import { startHarness } from '../../upstream/test/helpers'
import { openPieceCache } from '../fetch/piece-cache'
import { decodeSamples, probedChapters, probedSeconds } from '../../../testing/test-audio'
import { useServiceAndDir } from '../../../testing/service-dir'
import { startServiceRender } from '../../../testing/service-render'

const testbed = useServiceAndDir('vd-mp3-render-', () =>
  startHarness({ synthThreads: 1 }, { retry: { baseDelayMs: 20, maxDelayMs: 200 } }),
)

/** Every frame's bitrate after the Info frame, the Info frame itself, and the ID3 tag's size. */
async function mp3Facts(path: string) {
  const bytes = new Uint8Array(await readFile(path))
  const id3 = id3v2Size(bytes, 0)
  const tag = readInfoTag(bytes, id3)
  const bitrates = new Set<number>()
  let frames = 0
  for (let at = id3 + (tag?.frameLength ?? 0); at < bytes.byteLength; frames++) {
    const header = parseMp3Header(bytes, at)!
    bitrates.add(header.bitrate)
    at += header.frameLength
  }
  return { bytes, tag, bitrates, frames, id3 }
}

describe('a narration rendered to MP3', () => {
  it('writes a CBR 192 kbps set (whole book and one file per chapter), each with an exact Info frame', async () => {
    const project = createProject({
      blocks: [
        { id: 'b1', text: 'The keeper climbed the stairs at dusk.', chapter: 'Dusk' },
        { id: 'b2', text: 'Below, the sea was calm and grey.', chapter: 'Dusk' },
        { id: 'b3', text: 'Ships passed without a sound that night.', chapter: 'Night' },
      ],
      defaults: {
        voiceId: 'olivia',
        format: 'mp3',
        sampleRate: 44_100,
        mp3: { mode: 'cbr', bitrateKbps: 192 },
      },
    })
    const outputPath = join(testbed.dir, 'book.mp3')
    const parts = join(testbed.dir, 'chapters')
    const result = await startServiceRender(testbed.service, {
      project,
      outputPath,
      cache: await openPieceCache(join(testbed.dir, 'cache')),
      split: { mode: 'chapter', dir: parts },
    }).done
    expect(result.extraFiles).toHaveLength(2)
    expect((await readdir(parts)).sort()).toEqual(
      result.extraFiles.map((f) => f.split('/').pop()).sort(),
    )

    let chapterSamples = 0
    const chapterLengths: number[] = []
    for (const path of [outputPath, ...result.extraFiles]) {
      const { bytes, tag, bitrates, frames, id3 } = await mp3Facts(path)
      expect(tag?.kind, path).toBe('Info')
      expect(tag?.frames).toBe(frames)
      expect(tag?.bytes).toBe(bytes.byteLength - id3)
      expect(tag?.tagCrcOk).toBe(true)
      expect([...bitrates]).toEqual([192_000])
      const decoded = await decodeSamples(path)
      const probed = await probedSeconds(path)
      // The header's frames less the tag's delay and padding are exactly what ffmpeg decodes.
      const { delay, padding } = tag!.lame!.trim
      expect(decoded.length).toBe(tag!.frames * 1152 - delay - padding)
      expect(probed).toBeCloseTo((tag!.frames * 1152) / 44_100, 5)
      if (path !== outputPath) {
        chapterSamples += decoded.length
        chapterLengths.push(decoded.length)
      } else expect(decoded.length / 44_100).toBeCloseTo(result.durationSeconds, 3)
    }
    // The chapters add up to the book, sample for sample.
    expect(chapterSamples).toBe((await decodeSamples(outputPath)).length)
    // The book's chapter marks (ID3 CHAP) fall where the chapter files split it, to the ms.
    const marks = await probedChapters(outputPath)
    expect(marks.map((m) => m.title)).toEqual(['Dusk', 'Night'])
    expect(marks[0]!.start).toBe(0)
    expect(marks[1]!.start).toBeCloseTo(chapterLengths[0]! / 44_100, 3)
    expect(marks[1]!.end).toBeCloseTo(result.durationSeconds, 3)
  })

  it('refuses 192 kbps CBR at 24 kHz before asking the service for anything', async () => {
    testbed.service.sandbox.clearRequestLog()
    const project = createProject({
      blocks: [{ id: 'b1', text: 'Nothing should be spoken.' }],
      defaults: {
        voiceId: 'olivia',
        format: 'mp3',
        sampleRate: 24_000,
        mp3: { mode: 'cbr', bitrateKbps: 192 },
      },
    })
    const job = startServiceRender(testbed.service, {
      project,
      outputPath: join(testbed.dir, 'refused.mp3'),
      cache: await openPieceCache(join(testbed.dir, 'cache-refused')),
    })
    await expect(job.done).rejects.toThrow(/An MP3 at 24 kHz holds at most 160 kbps/)
    expect(testbed.service.sandbox.requestLog({ pathPrefix: '/v1/audio/speech' })).toHaveLength(0)
  })
})

describe('voicedesk render with --mp3-mode and --bitrate', () => {
  /** Runs `render script --out out --voice olivia` with `flags` after those. */
  async function render(script: string, outPath: string, ...flags: string[]) {
    const args = [script, '--out', outPath, '--voice', 'olivia', ...flags]
    let out = ''
    let err = ''
    const code = await runCli(['render', ...args], {
      io: { out: (t) => (out += t), err: (t) => (err += t) },
      env: {
        VOICEDESK_BASE_URL: testbed.service.sandbox.baseUrl,
        VOICEDESK_API_KEY: testbed.service.sandbox.keys.paid,
        VOICEDESK_PLAN: 'paid',
        VOICEDESK_CACHE_DIR: join(testbed.dir, 'cli-cache'),
      },
      signal: new AbortController().signal,
      pollMs: 50,
    })
    return { code, out, err }
  }

  it('writes the ACX shape: 44.1 kHz, 192 kbps constant bitrate, with an Info frame', async () => {
    const script = join(testbed.dir, 'acx.md')
    await writeFile(script, '# One\n\nThe keeper climbed the stairs at dusk.\n')
    const out = join(testbed.dir, 'acx.mp3')
    const r = await render(
      script,
      out,
      '--sample-rate',
      '44100',
      '--mp3-mode',
      'cbr',
      '--bitrate',
      '192',
    )
    expect(r.code, r.err).toBe(0)
    const { tag, bitrates, frames } = await mp3Facts(out)
    expect(tag?.kind).toBe('Info')
    expect(tag?.frames).toBe(frames)
    expect([...bitrates]).toEqual([192_000])
  })

  it.each([
    [['--bitrate', '192'], /An MP3 at 24 kHz holds at most 160 kbps/],
    [['--mp3-mode', 'cbr', '--bitrate', '100'], /--bitrate is one of 64, 96, 128, 160, 192/],
    [['--mp3-mode', 'vbr', '--bitrate', '128'], /use it with --mp3-mode cbr/],
    [['--mp3-mode', 'fast'], /--mp3-mode is vbr or cbr/],
    [['--format', 'wav', '--mp3-mode', 'cbr'], /for MP3 output; this render writes wav/],
  ])('refuses %j with exit 2 and requests nothing', async (flags, message) => {
    const script = join(testbed.dir, 'refused.md')
    await writeFile(script, 'Nothing should be spoken.\n')
    testbed.service.sandbox.clearRequestLog()
    const r = await render(script, join(testbed.dir, 'refused.mp3'), ...flags)
    expect(r.code).toBe(2)
    expect(r.err).toMatch(message)
    expect(testbed.service.sandbox.requestLog({ pathPrefix: '/v1/audio/speech' })).toHaveLength(0)
  })
})
