/**
 * A 90-minute film's subtitles in the Voice-over workspace, through the real dispatcher: how long
 * main's event loop kept a cheap call (`app:getInfo`, due every few ms) waiting while
 *   - the file is read, parsed and checked on the voice-over thread, and its timeline worked out
 *     (`voiceover:open`),
 *   - 20 lines are edited one after the other, each answered with only the lines it changed
 *     (`voiceover:editLine`),
 *   - the fit is switched three times (`voiceover:setSettings`), each answered with only the
 *     lines whose plan changed (how many is printed).
 * Target: p99 under 50 ms.
 *
 *   npx tsx bench/voiceover-plan.ts [--cues 1500] [--minutes 90] [--every-ms 5] [--smoke]
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import type { VoiceoverPatch, VoiceoverProject } from '../src/shared/domain/voiceover'
import { filmSubtitles } from './support/film-subtitles'
import { startMainBench } from './support/main-bench'
import { benchArgs, sized } from './support/smoke'

const { values } = parseArgs({
  args: benchArgs(),
  options: {
    cues: { type: 'string', default: sized('1500', '150') },
    minutes: { type: 'string', default: sized('90', '9') },
    'every-ms': { type: 'string', default: '5' },
  },
})
const cues = Number(values.cues)
const minutes = Number(values.minutes)
const everyMs = Number(values['every-ms'])

const dir = await mkdtemp(join(tmpdir(), 'vd-voiceover-bench-'))
const bench = await startMainBench({ everyMs })
try {
  const path = join(dir, 'film.srt')
  await writeFile(path, filmSubtitles(cues, minutes))
  console.log(
    `${cues.toLocaleString('en-US')} cues over ${minutes} minutes; app:getInfo due every ${everyMs} ms; target p99 < 50 ms`,
  )
  bench.platform.answerNextOpen([path])
  let project: VoiceoverProject | null = null
  await bench.probe('open and check (voiceover:open)', async () => {
    project = await bench.call<VoiceoverProject>('voiceover:open', undefined)
  })
  const opened = project as VoiceoverProject | null
  if (opened === null) throw new Error('the subtitles did not open')
  const { projectId } = opened
  const over = opened.lines.filter((l) => l.action === 'overflow').length
  console.log(`lines ${opened.lines.length}, too long at the defaults ${over}`)
  await bench.probe('20 edits (voiceover:editLine)', async () => {
    for (let k = 0; k < 20; k++) {
      const cue = 1 + ((k * 73) % cues)
      await bench.call('voiceover:editLine', { projectId, cue, text: `Edited line ${k}.` })
      // The page's edits arrive as separate IPC messages: main's loop turns between them.
      await new Promise((resolve) => setTimeout(resolve, 0))
    }
  })
  const sent: string[] = []
  await bench.probe('3 fits (voiceover:setSettings)', async () => {
    for (const fit of ['stretch', 'shift', 'rate']) {
      const answer = await bench.call<VoiceoverPatch>('voiceover:setSettings', {
        projectId,
        settings: { fit },
      })
      sent.push(`${fit} ${answer.changed.length}`)
      await new Promise((resolve) => setTimeout(resolve, 0))
    }
  })
  console.log(`lines sent per fit change (of ${opened.lines.length}): ${sent.join(', ')}`)
  await bench.call('voiceover:close', { projectId })
} finally {
  await bench.dispose()
  await rm(dir, { recursive: true, force: true })
}
// The voice-over thread is unref'd, but a bench ends when its figures are printed.
process.exit(0)
