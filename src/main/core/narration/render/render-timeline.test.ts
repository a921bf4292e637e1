import { join } from 'node:path'
import { expect, it } from 'vitest'
import { MAX_WAVEFORM_PEAKS } from '../../../../shared/domain/render-playback'
import { createProject } from '../../../../shared/domain/script'
import type { Project } from '../../../../shared/domain/script'
import { startHarness } from '../../upstream/test/helpers'
import { RenderPlaybacks } from '../../script-workspace/render-playback'
import { decodeSamples } from '../../../testing/test-audio'
import type { RenderTimeline } from '../assemble/render-timeline'
import { openPieceCache } from '../fetch/piece-cache'
import { upstreamSpeechSource } from '../fetch/upstream-speech-source'
import { startRender } from './render-job'
import { useServiceAndDir } from '../../../testing/service-dir'

const testbed = useServiceAndDir('vd-timeline-', () =>
  startHarness({ synthThreads: 1 }, { retry: { baseDelayMs: 20, maxDelayMs: 200 } }),
)

/**
 * Renders `project` to `name` against the sandbox, and what the app's player is then given: the
 * timeline the render handed over, and the playback of the finished file.
 */
async function renderForPlayer(project: Project, name: string) {
  const outputPath = join(testbed.dir, name)
  let timeline: RenderTimeline | null = null
  const result = await startRender({
    project,
    outputPath,
    source: upstreamSpeechSource(testbed.service.client),
    cache: await openPieceCache(join(testbed.dir, 'cache')),
    onTimeline: (made) => {
      timeline = made
    },
  }).done
  const playbacks = new RenderPlaybacks()
  const finished = { result, outputName: name, elapsedSeconds: 1, finishedAt: 'now' }
  playbacks.remember('doc', finished, timeline)
  return { outputPath, result, timeline: timeline as RenderTimeline | null, playbacks }
}

it("a render hands the player its words and chapter starts, and the file's waveform matches them", async () => {
  const texts = ['The keeper lit the lamp.', 'Below, the sea was calm.']
  const project = createProject({
    blocks: texts.map((text, i) => ({
      id: `b${i + 1}`,
      text,
      chapter: i === 0 ? 'The Lamp' : 'The Sea',
      endsParagraph: true,
    })),
    defaults: { voiceId: 'olivia', format: 'wav', pauseBetweenParagraphsMs: 2000 },
  })
  const { outputPath, result, timeline, playbacks } = await renderForPlayer(project, 'lamp.wav')
  expect(timeline).not.toBeNull()
  const { words, chapters } = timeline!

  // Every written word, in order, pointing at its place in its block.
  expect(words.map((w) => w.text).join(' ')).toBe('The keeper lit the lamp Below the sea was calm')
  for (const word of words) {
    const text = texts[Number(word.blockId.slice(1)) - 1]!
    expect(text.slice(word.srcStart, word.srcEnd)).toBe(word.text)
    expect(word.endMs).toBeGreaterThan(word.startMs)
  }
  const firstOfSecond = words.find((w) => w.blockId === 'b2')!
  const lastOfFirst = words.findLast((w) => w.blockId === 'b1')!
  // The second chapter starts after the first block and its 2 s pause, before its first word.
  expect(chapters.map((c) => c.title)).toEqual(['The Lamp', 'The Sea'])
  expect(chapters[0]!.startMs).toBe(0)
  expect(chapters[1]!.startMs).toBeGreaterThan(lastOfFirst.endMs + 1900)
  expect(chapters[1]!.startMs).toBeLessThanOrEqual(firstOfSecond.startMs)

  // The player's waveform, measured as the file was written: the pause is silent, words are not.
  const playback = await playbacks.playback('doc')
  const peaks = playback.peaks!
  const slice = (ms: number): number =>
    Math.min(peaks.length - 1, Math.floor((ms / 1000 / result.durationSeconds) * peaks.length))
  const pause = peaks.slice(slice(lastOfFirst.endMs + 300), slice(chapters[1]!.startMs - 300))
  expect(pause.length).toBeGreaterThan(10)
  expect(Math.max(...pause)).toBeLessThan(0.01)
  const decoded = await decodeSamples(outputPath)
  const loudest = Math.max(...Array.from(decoded, (s) => Math.abs(s)))
  expect(Math.max(...peaks)).toBeCloseTo(loudest / 32768, 2)
  expect(playbacks.words('doc', firstOfSecond.startMs, firstOfSecond.endMs)[0]).toMatchObject({
    blockId: 'b2',
    text: firstOfSecond.text,
  })
})

it.each(['mp3', 'ogg'] as const)(
  'a compressed (%s) render gives the player the waveform of what it wrote',
  async (format) => {
    const project = createProject({
      blocks: [
        { id: 'b1', text: 'The keeper lit the lamp.', endsParagraph: true },
        { id: 'b2', text: 'Below, the sea was calm.', endsParagraph: true },
      ],
      defaults: { voiceId: 'olivia', format, pauseBetweenParagraphsMs: 2000 },
    })
    const rendered = await renderForPlayer(project, `lamp.${format}`)
    const { outputPath, result, timeline, playbacks } = rendered
    const peaks = (await playbacks.playback('doc')).peaks!
    expect(peaks).toHaveLength(MAX_WAVEFORM_PEAKS)
    const { words } = timeline!
    const seconds = result.durationSeconds
    const slice = (ms: number): number => Math.floor((ms / 1000 / seconds) * peaks.length)
    const lastOfFirst = words.findLast((w) => w.blockId === 'b1')!
    const firstOfSecond = words.find((w) => w.blockId === 'b2')!
    // Silent in the 2 s pause between the blocks, loud while a word is spoken.
    const pause = peaks.slice(slice(lastOfFirst.endMs + 300), slice(firstOfSecond.startMs - 300))
    expect(pause.length).toBeGreaterThan(100)
    expect(Math.max(...pause)).toBeLessThan(0.01)
    const spoken = peaks.slice(slice(firstOfSecond.startMs), slice(firstOfSecond.endMs))
    expect(Math.max(...spoken)).toBeGreaterThan(0.05)
    // The loudest the file holds, as a decoder reads it back (a lossy encoder adds a little).
    const decoded = await decodeSamples(outputPath)
    const loudest = Math.max(...Array.from(decoded, (s) => Math.abs(s))) / 32768
    expect(Math.abs(Math.max(...peaks) - loudest)).toBeLessThan(0.05)
  },
)
