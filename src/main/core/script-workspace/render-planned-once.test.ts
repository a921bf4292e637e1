import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Project } from '../../../shared/domain/script'
import type { Harness } from '../upstream/test/helpers'
import { startHarness } from '../upstream/test/helpers'
import { createTestPlatform } from '../../testing/test-platform'
import { JobRegistry } from '../jobs/job-registry'
import { silentLogger } from '../log/logger'
import type * as renderPlan from '../narration/plan/render-plan'
import { planRender } from '../narration/plan/render-plan'
import type { RenderEvent } from './script-renders'
import { ScriptWorkspaceService } from './script-workspace-service'
import { useTempDirs } from '../../testing/temp-dir'
import { metaOf } from './open-document'

const tempDir = useTempDirs('vd-plan-once-')

// The real planner, counted: every plan a render makes, wherever it is made, goes through it.
vi.mock('../narration/plan/render-plan', async (importOriginal) => {
  const actual = await importOriginal<typeof renderPlan>()
  return { ...actual, planRender: vi.fn(actual.planRender) }
})

let harness: Harness
let dir: string

beforeAll(async () => {
  harness = await startHarness({ synthThreads: 1, warmUp: false })
  dir = await tempDir()
})

afterAll(async () => {
  await harness?.stop()
})

describe('a render of the open script', () => {
  it('is planned once: the checks, the run and the finished record share one plan', async () => {
    const { ports, recorder } = createTestPlatform()
    const script = new ScriptWorkspaceService({
      userDataDir: join(dir, 'data'),
      jobs: new JobRegistry(),
      platform: ports,
      client: () => harness.client,
      logger: silentLogger,
    })
    const opened = await script.documents.importDropped(
      'three.txt',
      'One block to render.\n\nAnother block to render.\n\nA third and last block.',
    )
    const project: Project = {
      ...opened.project,
      defaults: { ...opened.project.defaults, voiceId: 'olivia' },
    }
    const { revision } = await script.documents.saveDraft(opened.docId, {
      meta: metaOf(project),
      blocks: [],
    })
    const planner = vi.mocked(planRender)
    planner.mockClear()
    recorder.answerNextSave(join(dir, 'three.wav'))
    const events: RenderEvent[] = []
    await script.startRender(
      1,
      opened.docId,
      revision,
      {
        format: 'wav',
        sampleRate: 24_000,
        split: 'none',
        subtitles: 'none',
        loudness: { mode: 'service' },
      },
      false,
      (event) => events.push(event),
    )
    const ended = await vi.waitUntil(() => events.find((e) => e.channel === 'script:renderEnded'), {
      timeout: 20_000,
      interval: 20,
    })
    expect(ended.payload.ok).toBe(true)
    // The finished record is written just after the end event: the blocks read as rendered.
    await vi.waitUntil(async () => {
      const states = await script.blockStates(opened.docId)
      return Object.values(states).every((s) => s.state === 'cached')
    })
    const wholeScript = planner.mock.calls.filter(([planned]) => planned.blocks.length === 3)
    expect(wholeScript).toHaveLength(1)
  })
})
