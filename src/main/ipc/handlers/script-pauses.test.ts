import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Sandbox } from '../../../sandbox/index'
import { startSandbox } from '../../../sandbox/index'
import { createProject } from '../../../shared/domain/script'
import { pauseAfter } from '../../core/narration/plan/render-plan'
import { dataOf, dispatchRuntime } from '../../testing/dispatch-runtime'

// The default pauses of Project settings: at a heading (a new chapter) and between speakers, as
// the plan places them, and the settings' Preview spoken through the preview stream.

let sandbox: Sandbox
beforeAll(async () => {
  sandbox = await startSandbox({ synthThreads: 0, warmUp: false, demoKeys: true })
})
afterAll(async () => {
  await sandbox.stop()
})

describe('default pauses', () => {
  const blocks = [
    { id: 'a', text: 'Opening words.', chapter: 'One' },
    { id: 'b', text: 'ANN: Hello.', speaker: 'Ann', chapter: 'One', endsParagraph: false },
    { id: 'c', text: 'BOB: Hi.', speaker: 'Bob', chapter: 'One', endsParagraph: false },
    { id: 'd', text: 'BOB: Again.', speaker: 'Bob', chapter: 'One' },
    { id: 'e', text: 'A new chapter.', chapter: 'Two', pauseAfterMs: 50 },
    { id: 'f', text: 'The end.', chapter: 'Two' },
  ]

  it('places the heading pause before a new chapter and the speaker pause between speakers', () => {
    const project = createProject({
      blocks,
      defaults: {
        pauseBetweenBlocksMs: 200,
        pauseBetweenParagraphsMs: 700,
        pauseAfterHeadingMs: 2500,
        pauseBetweenSpeakersMs: 400,
      },
    })
    expect(blocks.map((_, i) => pauseAfter(project, i))).toEqual([400, 400, 200, 2500, 50, 0])
  })

  it('keeps the paragraph and block pauses where the new pauses are not set', () => {
    const project = createProject({ blocks })
    expect(blocks.map((_, i) => pauseAfter(project, i))).toEqual([700, 300, 300, 700, 50, 0])
  })

  it("speaks the settings' preview with the paragraph and heading pauses as breaks", async () => {
    const env = await dispatchRuntime(sandbox)
    sandbox.clearRequestLog()
    const { jobId } = dataOf<{ jobId: string }>(
      await env.call('script:previewPauses', {
        voiceId: 'emma',
        paragraphMs: 1200,
        headingMs: 60_000,
      }),
    )
    const ended = await vi.waitUntil(
      () =>
        env.sent.find(
          (s) =>
            s.channel === 'script:previewEnded' && (s.payload as { jobId: string }).jobId === jobId,
        ),
      { timeout: 30_000, interval: 20 },
    )
    expect(ended.payload).toMatchObject({ ok: true })
    const streamed = sandbox.requestLog({ pathPrefix: '/v1/audio/stream' })
    expect(streamed).toHaveLength(1)
    const input = String(streamed[0]!.body?.input)
    // Two paragraphs with the paragraph pause, then the heading pause (a preview's at most 10 s).
    expect(input).toMatch(
      /^<speak>[^<]+\.<break time="1200ms"\/>[^<]+\.<break time="10000ms"\/>Chapter two\.[^<]*<\/speak>$/,
    )
  })
})
