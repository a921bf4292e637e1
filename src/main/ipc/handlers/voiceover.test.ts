import { execFile } from 'node:child_process'
import { readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type {
  VoiceoverOverlapQuestion,
  VoiceoverPatch,
  VoiceoverProject,
} from '../../../shared/domain/voiceover'
import { applyVoiceoverPatch } from '../../../shared/domain/voiceover-patch'
import type { Sandbox } from '../../../sandbox/index'
import { startSandbox } from '../../../sandbox/index'
import { useTempDirs } from '../../testing/temp-dir'
import { dataOf, dispatchRuntime } from '../../testing/dispatch-runtime'

// The Voice-over workspace through the real dispatcher against the sandbox: subtitles chosen in
// main's dialog, checked before anything is sent, a timeline that shows overflow, a render as a
// job, one edited line spoken again alone, and the track or the video saved.

const run = promisify(execFile)
const tempDir = useTempDirs('vd-ipc-voiceover-')

let sandbox: Sandbox
let dir: string
beforeAll(async () => {
  sandbox = await startSandbox({ synthThreads: 0, warmUp: false, demoKeys: true })
  dir = await tempDir()
})
afterAll(async () => {
  await sandbox.stop()
})

const FILM = `1
00:00:00,500 --> 00:00:02,500
The harbour was quiet.

2
00:00:03,000 --> 00:00:04,000
Nobody on the quay had expected the storm to pass so quickly that grey and windy morning.

3
00:00:05,000 --> 00:00:07,000
Then the bells rang.

4
00:00:08,000 --> 00:00:10,000
The boats came home one by one.
`

/** The speech requests the sandbox answered: their words and voice. */
function spokenRequests(): { input: string; voice: string }[] {
  return sandbox.requestLog({ pathPrefix: '/v1/audio/speech' }).map((entry) => ({
    input: typeof entry.body?.input === 'string' ? entry.body.input : '?',
    voice: typeof entry.body?.voice_id === 'string' ? entry.body.voice_id : '?',
  }))
}

/** The speech requests the sandbox answered, by their input. */
function spokenInputs(): string[] {
  return sandbox
    .requestLog({ pathPrefix: '/v1/audio/speech' })
    .map((entry) => (typeof entry.body?.input === 'string' ? entry.body.input : '?'))
}

type Env = Awaited<ReturnType<typeof dispatchRuntime>>

async function openSubtitles(env: Env, name: string, text: string): Promise<VoiceoverProject> {
  const path = join(dir, name)
  await writeFile(path, text)
  env.recorder.answerNextOpen([path])
  return dataOf<VoiceoverProject>(await env.call('voiceover:open', undefined))
}

/** An edit's answer applied to the view the page holds; it must apply (same revision). */
function patched(view: VoiceoverProject, answer: Parameters<typeof dataOf>[0]): VoiceoverProject {
  const next = applyVoiceoverPatch(view, dataOf<VoiceoverPatch>(answer))
  expect(next).not.toBeNull()
  return next!
}

/** Renders and waits for the end event; returns its payload. */
async function render(env: Env, projectId: string): Promise<Record<string, unknown>> {
  const before = env.sent.filter((s) => s.channel === 'voiceover:renderEnded').length
  dataOf(await env.call('voiceover:render', { projectId }))
  const ended = await vi.waitUntil(
    () => env.sent.filter((s) => s.channel === 'voiceover:renderEnded')[before],
    { timeout: 60_000, interval: 20 },
  )
  return ended.payload as Record<string, unknown>
}

describe('voiceover:open', () => {
  it('refuses subtitles with an end before its start, naming the cue and line, with nothing sent', async () => {
    const env = await dispatchRuntime(sandbox)
    sandbox.clearRequestLog()
    const path = join(dir, 'bad.srt')
    await writeFile(
      path,
      '1\n00:00:01,000 --> 00:00:02,000\nFine.\n\n2\n00:00:04,000 --> 00:00:03,000\nBackwards.\n',
    )
    env.recorder.answerNextOpen([path])
    const result = await env.call('voiceover:open', undefined)
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.error.code).toBe('VALIDATION_FAILED')
    expect(result.error.message).toMatch(/Cue 2 \(line 6\)/)
    expect(sandbox.requestLog({})).toEqual([])
  })

  it('is null when the dialog is cancelled', async () => {
    const env = await dispatchRuntime(sandbox)
    expect(dataOf(await env.call('voiceover:open', undefined))).toBeNull()
    expect(env.recorder.dialogs.map((d) => d.title)).toEqual(['Open subtitles'])
  })
})

describe('a voice-over project', () => {
  it('shows each slot and the overflow before rendering, renders, and re-speaks only an edited line', async () => {
    const env = await dispatchRuntime(sandbox)
    sandbox.clearRequestLog()
    const opened = await openSubtitles(env, 'harbour.srt', FILM)
    expect(opened.lines.map((l) => [l.cue, l.slotMs])).toEqual([
      [1, 2500],
      [2, 2000],
      [3, 3000],
      [4, 2000],
    ])
    // Line 4 needs a little more speed than its voice's natural pace: asked at a faster pace.
    expect(opened.lines[3]?.rate).toBeGreaterThan(1)
    expect(opened.lines[3]?.rate).toBeLessThan(1.25)
    // Line 2 is far too long for its two seconds even at 125%: shown as overflow, predicted.
    const long = opened.lines[1]!
    expect(long.action).toBe('overflow')
    expect(long.overflowMs).toBeGreaterThan(1000)
    expect(long.measured).toBe(false)
    expect(opened.lines[0]?.overflowMs).toBe(0)

    const noVoice = await env.call('voiceover:render', { projectId: opened.projectId })
    expect(noVoice).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } })
    dataOf(
      await env.call('voiceover:setSettings', {
        projectId: opened.projectId,
        settings: { voiceId: 'olivia' },
      }),
    )
    const first = await render(env, opened.projectId)
    expect(first).toMatchObject({ ok: true })
    const rendered = first.project as VoiceoverProject
    expect(rendered.lines.every((l) => l.measured && !l.needsSpeaking)).toBe(true)
    expect(rendered.lines[1]?.overflowMs).toBeGreaterThan(0)
    expect(rendered.track?.durationMs).toBeGreaterThanOrEqual(10_000)
    expect(spokenInputs().length).toBeGreaterThanOrEqual(4)
    const events = env.sent.filter((s) => s.channel === 'voiceover:renderProgress')
    expect(events.length).toBeGreaterThan(0)

    // Shorter words for line 2: only that line needs speaking, and only it is requested (the
    // paces learnt by the first render do not make line 4 be asked again at a new pace).
    const edited = patched(
      rendered,
      await env.call('voiceover:editLine', {
        projectId: opened.projectId,
        cue: 2,
        text: 'The storm passed quickly.',
      }),
    )
    expect(edited.lines.map((l) => l.needsSpeaking)).toEqual([false, true, false, false])
    sandbox.clearRequestLog()
    const second = await render(env, opened.projectId)
    expect(second).toMatchObject({ ok: true })
    const inputs = spokenInputs()
    expect(inputs).toHaveLength(1)
    expect(inputs[0]).toContain('The storm passed quickly.')
    const after = second.project as VoiceoverProject
    expect(after.lines[1]).toMatchObject({ overflowMs: 0, measured: true })
    // The finished render says what it used: the first every line, the second only line 2.
    expect(rendered.track?.characters).toBeGreaterThan(0)
    expect(after.track?.characters).toBeGreaterThan(0)
    expect(after.track?.characters).toBeLessThan(rendered.track?.characters ?? 0)

    // The track, saved where the user chose.
    const target = join(dir, 'harbour voice-over.wav')
    env.recorder.answerNextSave(target)
    expect(
      dataOf(
        await env.call('voiceover:save', { projectId: opened.projectId, originalAudio: 'drop' }),
      ),
    ).toEqual({ fileName: 'harbour voice-over.wav' })
    expect((await readFile(target)).subarray(0, 4).toString()).toBe('RIFF')
  })

  it('a render cancelled at once ends as cancelled, and the track is not kept', async () => {
    const env = await dispatchRuntime(sandbox)
    const opened = await openSubtitles(env, 'cancel.srt', FILM)
    await env.call('voiceover:setSettings', {
      projectId: opened.projectId,
      settings: { voiceId: 'olivia', fit: 'shift' },
    })
    const before = env.sent.length
    const { jobId } = dataOf<{ jobId: string }>(
      await env.call('voiceover:render', { projectId: opened.projectId }),
    )
    expect(dataOf(await env.call('jobs:cancel', { jobId }))).toEqual({ cancelled: true })
    const ended = await vi.waitUntil(
      () => env.sent.slice(before).find((s) => s.channel === 'voiceover:renderEnded'),
      { timeout: 30_000, interval: 20 },
    )
    expect(ended.payload).toMatchObject({ ok: false, error: { code: 'CANCELLED' } })
    const view = dataOf<VoiceoverProject>(
      await env.call('voiceover:view', { projectId: opened.projectId }),
    )
    expect(view.track).toBeNull()
  })

  it('with a video: the track is as long as the video, which is saved with the voice-over first', async () => {
    const env = await dispatchRuntime(sandbox)
    const video = join(dir, 'film.mp4')
    await run('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc=size=160x120:rate=25',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:sample_rate=48000',
      '-t',
      '12',
      '-c:v',
      'libx264',
      '-g',
      '10',
      '-c:a',
      'aac',
      '-shortest',
      video,
    ])
    const opened = await openSubtitles(env, 'film.srt', FILM)
    env.recorder.answerNextOpen([video])
    const withVideo = dataOf<VoiceoverProject>(
      await env.call('voiceover:chooseVideo', { projectId: opened.projectId }),
    )
    expect(withVideo.video?.name).toBe('film.mp4')
    expect(withVideo.trackEndMs).toBeGreaterThanOrEqual(11_900)
    // The page plays the video from main, a chunk at a time, only the file the user chose.
    const head = dataOf<Uint8Array>(
      await env.call('voiceover:chunk', {
        projectId: opened.projectId,
        file: 'video',
        offset: 0,
        length: 16,
      }),
    )
    expect(Buffer.from(head).subarray(4, 8).toString()).toBe('ftyp')
    await env.call('voiceover:setSettings', {
      projectId: opened.projectId,
      settings: { voiceId: 'olivia', fit: 'stretch' },
    })
    expect(await render(env, opened.projectId)).toMatchObject({ ok: true })
    const target = join(dir, 'film (voice-over).mp4')
    env.recorder.answerNextSave(target)
    dataOf(await env.call('voiceover:save', { projectId: opened.projectId, originalAudio: 'keep' }))
    const { stdout } = await run('ffprobe', [
      '-v',
      'error',
      '-show_entries',
      'stream=codec_type:stream_disposition=default',
      '-of',
      'json',
      target,
    ])
    const streams = (
      JSON.parse(stdout) as { streams: { codec_type: string; disposition: { default: number } }[] }
    ).streams
    expect(streams.map((s) => s.codec_type)).toEqual(['video', 'audio', 'audio'])
    expect(streams[1]?.disposition.default).toBe(1)
    expect(streams[2]?.disposition.default).toBe(0)
    expect((await stat(target)).size).toBeGreaterThan(0)
  })
})

const TWO_SPEAKERS = `WEBVTT

00:00:00.500 --> 00:00:03.000
<v Maya>The harbour was quiet.

00:00:03.500 --> 00:00:06.000
<v Tom>Where is everyone?

00:00:06.500 --> 00:00:09.000
MAYA: Up at the lighthouse.

00:00:09.500 --> 00:00:12.000
Nobody answered.
`

describe('a cast per speaker', () => {
  it('gives each speaker a voice, shows it on their lines, and renders each line in it', async () => {
    const env = await dispatchRuntime(sandbox)
    const opened = await openSubtitles(env, 'cast.vtt', TWO_SPEAKERS)
    expect(opened.speakers).toEqual(['Maya', 'Tom', 'MAYA'])
    expect(opened.lines.map((l) => l.voiceId)).toEqual([null, null, null, null])
    const cast = patched(
      opened,
      await env.call('voiceover:setSettings', {
        projectId: opened.projectId,
        settings: { cast: { Maya: 'emma', Tom: 'george' } },
      }),
    )
    expect(cast.settings.cast).toEqual({ Maya: 'emma', Tom: 'george' })
    expect(cast.lines.map((l) => l.voiceId)).toEqual(['emma', 'george', null, null])
    // A line with no voice yet: refused before anything is sent, naming who needs one.
    sandbox.clearRequestLog()
    const refused = await env.call('voiceover:render', { projectId: opened.projectId })
    expect(refused).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } })
    if (!refused.ok) expect(refused.error.message).toMatch(/MAYA and for lines with no speaker/)
    expect(spokenRequests()).toEqual([])
    const ready = patched(
      cast,
      await env.call('voiceover:setSettings', {
        projectId: opened.projectId,
        settings: { voiceId: 'olivia' },
      }),
    )
    expect(ready.lines.map((l) => l.voiceId)).toEqual(['emma', 'george', 'olivia', 'olivia'])
    const rendered = await render(env, opened.projectId)
    expect(rendered).toMatchObject({ ok: true })
    const byWords = (words: string): string | undefined =>
      spokenRequests().find((r) => r.input.includes(words))?.voice
    expect(byWords('The harbour was quiet.')).toBe('emma')
    expect(byWords('Where is everyone?')).toBe('george')
    expect(byWords('Up at the lighthouse.')).toBe('olivia')
    expect(byWords('Nobody answered.')).toBe('olivia')

    // Recasting Tom speaks only Tom's line again, in the new voice.
    const recast = patched(
      rendered.project as VoiceoverProject,
      await env.call('voiceover:setSettings', {
        projectId: opened.projectId,
        settings: { cast: { Tom: 'emma' } },
      }),
    )
    expect(recast.lines.map((l) => l.needsSpeaking)).toEqual([false, true, false, false])
    sandbox.clearRequestLog()
    expect(await render(env, opened.projectId)).toMatchObject({ ok: true })
    expect(spokenRequests()).toEqual([
      { input: expect.stringContaining('Where is everyone?') as string, voice: 'emma' },
    ])
  })

  it('refuses a voice for a speaker the subtitles do not name', async () => {
    const env = await dispatchRuntime(sandbox)
    const opened = await openSubtitles(env, 'cast-unknown.vtt', TWO_SPEAKERS)
    const result = await env.call('voiceover:setSettings', {
      projectId: opened.projectId,
      settings: { cast: { Nobody: 'emma' } },
    })
    expect(result).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } })
  })
})

describe('a fit per line', () => {
  it("changes one line's fit and speaks only that line again (none when its natural audio is kept)", async () => {
    const env = await dispatchRuntime(sandbox)
    const opened = await openSubtitles(env, 'line-fit.srt', FILM)
    dataOf(
      await env.call('voiceover:setSettings', {
        projectId: opened.projectId,
        settings: { voiceId: 'olivia' },
      }),
    )
    const first = (await render(env, opened.projectId)).project as VoiceoverProject
    // Line 4 was asked at a faster pace; line 1 fits as it is.
    expect(first.lines[3]?.rate).toBeGreaterThan(1)
    expect(first.lines[0]?.action).toBe('as-is')

    // Line 4 to stretch: its natural audio was never requested, so it alone is spoken again.
    const stretched = patched(
      first,
      await env.call('voiceover:setLineFit', {
        projectId: opened.projectId,
        cue: 4,
        fit: 'stretch',
      }),
    )
    expect(stretched.settings.fit).toBe('rate')
    expect(stretched.lines.map((l) => [l.fit, l.ownFit, l.needsSpeaking])).toEqual([
      ['rate', false, false],
      ['rate', false, false],
      ['rate', false, false],
      ['stretch', true, true],
    ])
    sandbox.clearRequestLog()
    const second = (await render(env, opened.projectId)).project as VoiceoverProject
    const inputs = spokenInputs()
    expect(inputs).toHaveLength(1)
    expect(inputs[0]).toBe('The boats came home one by one.')
    expect(second.lines[3]).toMatchObject({ rate: 1, fit: 'stretch' })
    // Line 2 is too long for its slot even at the fastest pace allowed, and the lines after it
    // start late: line 4 is said to be pushed by line 2, not too long itself (it fits its slot).
    expect(second.lines[1]?.action).toBe('overflow')
    expect(second.lines[3]).toMatchObject({ action: 'shifted', pushedBy: 2, overflowMs: 0 })

    // Line 1 to shift: spoken at its natural pace, already in the cache: nothing is sent.
    const shifted = patched(
      second,
      await env.call('voiceover:setLineFit', { projectId: opened.projectId, cue: 1, fit: 'shift' }),
    )
    expect(shifted.lines[0]).toMatchObject({ fit: 'shift', ownFit: true })
    sandbox.clearRequestLog()
    const third = await render(env, opened.projectId)
    expect(third).toMatchObject({ ok: true })
    expect(spokenInputs()).toEqual([])

    // Back to the project's fit.
    const back = patched(
      third.project as VoiceoverProject,
      await env.call('voiceover:setLineFit', { projectId: opened.projectId, cue: 4, fit: null }),
    )
    expect(back.lines[3]).toMatchObject({ fit: 'rate', ownFit: false })
  })
})

describe('an edit’s answer', () => {
  /** The cues whose view differs between two views of the same project. */
  const differing = (a: VoiceoverProject, b: VoiceoverProject): number[] =>
    b.lines
      .filter((line, i) => JSON.stringify(line) !== JSON.stringify(a.lines[i]))
      .map((l) => l.cue)

  it('holds only the lines that changed, and the patched view equals a fresh voiceover:view', async () => {
    const env = await dispatchRuntime(sandbox)
    const opened = await openSubtitles(env, 'patch.srt', FILM)
    const { projectId } = opened
    // Shift later lines: line 2 overflows and pushes line 3 back, so shortening it moves line 3.
    const shifting = patched(
      opened,
      await env.call('voiceover:setSettings', { projectId, settings: { fit: 'shift' } }),
    )
    expect(shifting.lines[2]!.placedMs).toBeGreaterThan(shifting.lines[2]!.startMs)

    const answer = dataOf<VoiceoverPatch>(
      await env.call('voiceover:editLine', { projectId, cue: 2, text: 'The storm passed.' }),
    )
    expect(answer).not.toHaveProperty('lines')
    const fresh = dataOf<VoiceoverProject>(await env.call('voiceover:view', { projectId }))
    // Exactly the lines whose view changed: the edited one and the one whose placement moved.
    expect(answer.changed.map((l) => l.cue)).toEqual(differing(shifting, fresh))
    expect(answer.changed.map((l) => l.cue)).toEqual(expect.arrayContaining([2, 3]))
    expect(answer.changed.length).toBeLessThan(fresh.lines.length)
    const page = applyVoiceoverPatch(shifting, answer)
    expect({ ...page, revision: 0 }).toEqual({ ...fresh, revision: 0 })

    // A fit of its own for line 1, which fits as it is: only line 1 comes back.
    const fitAnswer = dataOf<VoiceoverPatch>(
      await env.call('voiceover:setLineFit', { projectId, cue: 1, fit: 'stretch' }),
    )
    expect(fitAnswer.changed.map((l) => l.cue)).toEqual([1])
    const again = dataOf<VoiceoverProject>(await env.call('voiceover:view', { projectId }))
    expect({ ...applyVoiceoverPatch(fresh, fitAnswer), revision: 0 }).toEqual({
      ...again,
      revision: 0,
    })
    // A patch made from another view than the page's is refused, so the page asks for the view.
    expect(applyVoiceoverPatch(shifting, fitAnswer)).toBeNull()
  })
})

const OVERLAPPING = `1
00:00:00,500 --> 00:00:03,000
MAYA: The harbour was quiet when we came back from our long walk on the cliffs.

2
00:00:02,500 --> 00:00:04,000
TOM: Too quiet.

3
00:00:05,000 --> 00:00:07,000
MAYA: Then the bells rang.
`

describe('overlapping cues', () => {
  async function ask(env: Env): Promise<VoiceoverOverlapQuestion> {
    const path = join(dir, 'overlap.srt')
    await writeFile(path, OVERLAPPING)
    env.recorder.answerNextOpen([path])
    return dataOf<VoiceoverOverlapQuestion>(await env.call('voiceover:open', undefined))
  }

  it('asks whether to merge or keep them, naming the cues, with nothing sent', async () => {
    const env = await dispatchRuntime(sandbox)
    sandbox.clearRequestLog()
    const question = await ask(env)
    expect(question).toMatchObject({
      kind: 'overlaps',
      subtitleName: 'overlap.srt',
      overlaps: [{ cue: 2, previousCue: 1, startMs: 2500, previousEndMs: 3000 }],
    })
    expect(question.message).toContain('cue 2 starts at 0:02.5, before cue 1 ends at 0:03.0')
    expect(question.message).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}/)
    expect(sandbox.requestLog({})).toEqual([])
  })

  it('merged: one line, spoken by the first speaker', async () => {
    const env = await dispatchRuntime(sandbox)
    const question = await ask(env)
    const merged = dataOf<VoiceoverProject>(
      await env.call('voiceover:resolveOverlaps', {
        pendingId: question.pendingId,
        choice: 'merge',
      }),
    )
    expect(merged.lines.map((l) => [l.cue, l.speaker, l.text])).toEqual([
      [
        1,
        'MAYA',
        'The harbour was quiet when we came back from our long walk on the cliffs. Too quiet.',
      ],
      [3, 'MAYA', 'Then the bells rang.'],
    ])
    // The answer is used once: a second answer finds nothing waiting.
    const again = await env.call('voiceover:resolveOverlaps', {
      pendingId: question.pendingId,
      choice: 'merge',
    })
    expect(again).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } })
  })

  it('kept: both lines in their own voices, the second starting when the first ends', async () => {
    const env = await dispatchRuntime(sandbox)
    const question = await ask(env)
    const kept = dataOf<VoiceoverProject>(
      await env.call('voiceover:resolveOverlaps', {
        pendingId: question.pendingId,
        choice: 'keep',
      }),
    )
    expect(kept.lines.map((l) => [l.cue, l.speaker])).toEqual([
      [1, 'MAYA'],
      [2, 'TOM'],
      [3, 'MAYA'],
    ])
    expect(kept.speakers).toEqual(['MAYA', 'TOM'])
    dataOf(
      await env.call('voiceover:setSettings', {
        projectId: kept.projectId,
        settings: { voiceId: 'olivia', cast: { TOM: 'george' }, fit: 'shift' },
      }),
    )
    const rendered = (await render(env, kept.projectId)).project as VoiceoverProject
    const [first, second] = rendered.lines
    expect(second?.action).toBe('shifted')
    expect(second?.placedMs).toBeGreaterThanOrEqual(
      (first?.placedMs ?? 0) + (first?.spokenMs ?? 0) - 1,
    )
    expect(spokenRequests().find((r) => r.input.includes('Too quiet.'))?.voice).toBe('george')
  })
})

describe('saving a voice-over’s outputs', () => {
  it('saves the audio in another format at a preset’s level, the reports and re-timed subtitles', async () => {
    const env = await dispatchRuntime(sandbox)
    const opened = await openSubtitles(env, 'outputs.srt', FILM)
    const { projectId } = opened
    dataOf(
      await env.call('voiceover:setSettings', {
        projectId,
        settings: { voiceId: 'olivia', fit: 'shift' },
      }),
    )
    const rendered = (await render(env, projectId)).project as VoiceoverProject
    const late = rendered.lines[2]!
    expect(late.placedMs).toBeGreaterThan(late.startMs)

    // MP3 at the podcast level (-16 LUFS), through the engine's encoder and loudness pass.
    const mp3 = join(dir, 'outputs (voice-over).mp3')
    env.recorder.answerNextSave(mp3)
    expect(
      dataOf(
        await env.call('voiceover:save', {
          projectId,
          originalAudio: 'drop',
          audio: { format: 'mp3', level: 'podcast' },
        }),
      ),
    ).toEqual({ fileName: 'outputs (voice-over).mp3' })
    const probe = await run('ffprobe', ['-v', 'error', '-show_streams', '-of', 'json', mp3])
    const stream = (JSON.parse(probe.stdout) as { streams: { codec_name: string }[] }).streams[0]
    expect(stream?.codec_name).toBe('mp3')
    const { stderr } = await run('ffmpeg', [
      '-nostats',
      '-i',
      mp3,
      '-af',
      'ebur128',
      '-f',
      'null',
      '-',
    ])
    const integrated = Number(/I:\s+(-?[\d.]+) LUFS/.exec(stderr.split('Summary:')[1] ?? '')?.[1])
    expect(Math.abs(integrated - -16)).toBeLessThan(1.5)

    // The report per line: JSON, and readable text.
    const json = join(dir, 'outputs report.json')
    env.recorder.answerNextSave(json)
    dataOf(await env.call('voiceover:saveReport', { projectId }))
    const report = JSON.parse(await readFile(json, 'utf8')) as {
      lines: { cue: number; slotMs: number; naturalMs: number; finalMs: number; action: string }[]
    }
    expect(report.lines.map((l) => l.cue)).toEqual([1, 2, 3, 4])
    expect(report.lines[2]?.action).toBe('shifted')
    expect(report.lines.every((l) => l.finalMs > 0 && l.slotMs > 0)).toBe(true)
    const text = join(dir, 'outputs report.txt')
    env.recorder.answerNextSave(text)
    dataOf(await env.call('voiceover:saveReport', { projectId }))
    expect(await readFile(text, 'utf8')).toMatch(/Cue 3 \(line 10\) at 00:00:05,000: slot/)

    // The subtitles re-timed to the audio: cue 3 where its line is heard.
    const srt = join(dir, 'outputs (re-timed).srt')
    env.recorder.answerNextSave(srt)
    dataOf(await env.call('voiceover:saveSubtitles', { projectId }))
    const starts = [
      ...(await readFile(srt, 'utf8')).matchAll(/^(\d\d):(\d\d):(\d\d),(\d\d\d) -->/gm),
    ].map((m) => ((Number(m[1]) * 60 + Number(m[2])) * 60 + Number(m[3])) * 1000 + Number(m[4]))
    expect(starts).toHaveLength(4)
    expect(Math.abs((starts[2] ?? 0) - late.placedMs)).toBeLessThanOrEqual(1)
  })
})
