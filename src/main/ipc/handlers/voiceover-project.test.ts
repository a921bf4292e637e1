import { execFile } from 'node:child_process'
import { readFile, rename, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { VoiceoverPatch, VoiceoverProject } from '../../../shared/domain/voiceover'
import type { Sandbox } from '../../../sandbox/index'
import { startSandbox } from '../../../sandbox/index'
import { useTempDirs } from '../../testing/temp-dir'
import { dataOf, dispatchRuntime } from '../../testing/dispatch-runtime'

// A voice-over project saved and reopened through the real dispatcher: the lines as the user
// edited them, the cast, the fits and pace, and the video main remembered (the page never names a
// path); a moved video, a damaged file, and the sample subtitles the empty workspace offers.

const run = promisify(execFile)
const tempDir = useTempDirs('vd-ipc-voiceover-project-')

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
MAYA: The harbour was quiet.

2
00:00:03,000 --> 00:00:04,000
TOM: Nobody on the quay had expected the storm to pass so quickly that grey and windy morning.

3
00:00:05,000 --> 00:00:07,000
Then the bells rang.
`

type Env = Awaited<ReturnType<typeof dispatchRuntime>>

async function makeVideo(path: string): Promise<void> {
  await run('ffmpeg', [
    ...['-v', 'error', '-y', '-f', 'lavfi', '-i', 'testsrc=size=160x120:rate=25'],
    ...['-t', '9', '-c:v', 'libx264', '-g', '10', path],
  ])
}

/** A project as the user left it: edited, cast, fitted, with a video. */
async function editedProject(env: Env, name: string): Promise<VoiceoverProject> {
  const srt = join(dir, `${name}.srt`)
  const video = join(dir, `${name}.mp4`)
  await writeFile(srt, FILM)
  await makeVideo(video)
  env.recorder.answerNextOpen([srt])
  const { projectId } = dataOf<VoiceoverProject>(await env.call('voiceover:open', undefined))
  env.recorder.answerNextOpen([video])
  dataOf(await env.call('voiceover:chooseVideo', { projectId }))
  dataOf(
    await env.call('voiceover:setSettings', {
      projectId,
      settings: { voiceId: 'olivia', cast: { TOM: 'george' }, fit: 'stretch', maxRate: 1.3 },
    }),
  )
  dataOf<VoiceoverPatch>(
    await env.call('voiceover:editLine', { projectId, cue: 2, text: 'The storm passed quickly.' }),
  )
  dataOf<VoiceoverPatch>(
    await env.call('voiceover:setLineFit', { projectId, cue: 3, fit: 'shift' }),
  )
  return dataOf<VoiceoverProject>(await env.call('voiceover:view', { projectId }))
}

/** A view without what names one opening of it (its id and revision). */
const comparable = (view: VoiceoverProject) => {
  const { projectId: _id, revision: _revision, ...rest } = view
  return rest
}

describe('saving and reopening a voice-over project', () => {
  it('reopens the lines as edited, the cast, the fits and pace, and the video main remembered', async () => {
    const env = await dispatchRuntime(sandbox)
    const before = await editedProject(env, 'harbour')
    const target = join(dir, 'harbour.vdvoice')
    env.recorder.answerNextSave(target)
    const saved = dataOf<{ fileName: string }>(
      await env.call('voiceover:saveProject', { projectId: before.projectId }),
    )
    expect(saved).toEqual({ fileName: 'harbour.vdvoice' })
    // The paths are in the user's file (main wrote them), never in what the page was told.
    const file = JSON.parse(await readFile(target, 'utf8')) as Record<string, unknown>
    expect(file).toMatchObject({ videoPath: join(dir, 'harbour.mp4') })
    expect(JSON.stringify(before)).not.toContain(dir)
    dataOf(await env.call('voiceover:close', { projectId: before.projectId }))

    // Reopened in a fresh main (a new start of the app).
    const again = await dispatchRuntime(sandbox)
    again.recorder.answerNextOpen([target])
    const reopened = dataOf<{ project: VoiceoverProject; missingVideo: string | null }>(
      await again.call('voiceover:openProject', undefined),
    )
    expect(reopened.missingVideo).toBeNull()
    expect(comparable(reopened.project)).toEqual(comparable(before))
    expect(reopened.project.lines[1]?.text).toBe('The storm passed quickly.')
    expect(reopened.project.lines.map((l) => [l.voiceId, l.fit])).toEqual([
      ['olivia', 'stretch'],
      ['george', 'stretch'],
      ['olivia', 'shift'],
    ])
    expect(reopened.project.settings).toMatchObject({ fit: 'stretch', maxRate: 1.3 })
    expect(reopened.project.video?.name).toBe('harbour.mp4')
    // The reopened video plays: main reads it for the page by project id, as before.
    const chunk = await again.call('voiceover:chunk', {
      projectId: reopened.project.projectId,
      file: 'video',
      offset: 0,
      length: 16,
    })
    expect(dataOf<Uint8Array>(chunk).byteLength).toBe(16)

    // Saved again: the dialog starts at the file it was opened from.
    again.recorder.answerNextSave(target)
    dataOf(await again.call('voiceover:saveProject', { projectId: reopened.project.projectId }))
    expect(again.recorder.dialogs.at(-1)).toMatchObject({ kind: 'save', defaultName: target })
  })

  it('opens without a video that was moved, naming it, and refuses a damaged file in words', async () => {
    const env = await dispatchRuntime(sandbox)
    const before = await editedProject(env, 'moved')
    const target = join(dir, 'moved.vdvoice')
    env.recorder.answerNextSave(target)
    dataOf(await env.call('voiceover:saveProject', { projectId: before.projectId }))
    await rename(join(dir, 'moved.mp4'), join(dir, 'elsewhere.mp4'))
    env.recorder.answerNextOpen([target])
    const reopened = dataOf<{ project: VoiceoverProject; missingVideo: string | null }>(
      await env.call('voiceover:openProject', undefined),
    )
    expect(reopened.missingVideo).toBe('moved.mp4')
    expect(reopened.project.video).toBeNull()
    expect(reopened.project.lines.map((l) => l.text)).toEqual(before.lines.map((l) => l.text))

    const broken = join(dir, 'broken.vdvoice')
    const text = await readFile(target, 'utf8')
    await writeFile(broken, text.replace('"startMs": 3000', '"startMs": -5'))
    env.recorder.answerNextOpen([broken])
    const refused = await env.call('voiceover:openProject', undefined)
    expect(refused).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } })
    if (!refused.ok) {
      expect(refused.error.message).toMatch(
        /^broken\.vdvoice could not be opened as a voice-over project: part of it is damaged/,
      )
    }
    const foreign = join(dir, 'other.vdvoice')
    await writeFile(foreign, '{"kind":"something-else"}')
    env.recorder.answerNextOpen([foreign])
    const other = await env.call('voiceover:openProject', undefined)
    if (other.ok) throw new Error('a foreign file opened')
    expect(other.error.message).toContain('it is not a voice-over project file')
  })

  it('opens the sample subtitles: two speakers, two lines too long, nothing sent', async () => {
    const env = await dispatchRuntime(sandbox)
    sandbox.clearRequestLog()
    const sample = dataOf<VoiceoverProject>(await env.call('voiceover:openSample', undefined))
    expect(sample.subtitleName).toBe('harbour.srt')
    expect(sample.speakers).toEqual(['MAYA', 'TOM'])
    expect(sample.lines).toHaveLength(6)
    // Lines 2 and 5 are too long for their slot, as the empty workspace promises; lines 3 and 6
    // are short but start late because of them, so they are late, not too long.
    const byCue = (cue: number) => sample.lines.find((l) => l.cue === cue)
    expect(sample.lines.filter((l) => l.action === 'overflow').map((l) => l.cue)).toEqual([2, 5])
    expect(byCue(3)).toMatchObject({ action: 'shifted', pushedBy: 2, overflowMs: 0 })
    // The last line: with no video its slot ends with its own cue, so being late takes it past
    // the end of the track; still its own words fit, and line 5 is what to shorten.
    const last = byCue(6)!
    expect(last).toMatchObject({ action: 'shifted', pushedBy: 5, overflowMs: 0 })
    expect(last.placedMs - last.startMs + last.spokenMs).toBeGreaterThan(last.slotMs)
    expect(sandbox.requestLog({ pathPrefix: '/v1/audio/speech' })).toEqual([])
  })
})
