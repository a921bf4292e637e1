import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Project } from '../../../shared/domain/script'
import { createProject } from '../../../shared/domain/script'
import type {
  OpenedDocument,
  RenderSettings,
  RenderStatus,
} from '../../../shared/domain/script-workspace'
import type { Voice } from '../../../shared/domain/voice'
import { AppError } from '../../../shared/errors'
import type { Sandbox } from '../../../sandbox/index'
import type { Harness } from '../upstream/test/helpers'
import { startHarness } from '../upstream/test/helpers'
import { createTestPlatform } from '../../testing/test-platform'
import { JobRegistry } from '../jobs/job-registry'
import { silentLogger } from '../log/logger'
import { openPieceCache } from '../narration/fetch/piece-cache'
import type { SpeechSource } from '../narration/fetch/speech-source'
import type { UpstreamClient } from '../upstream/upstream-client'
import { detectSpeakers } from './detect-speakers'
import { startRenderSession } from './render-session'
import type { RenderEvent } from './script-renders'
import { ScriptWorkspaceService } from './script-workspace-service'
import { metaOf } from './open-document'
import { planBlock } from './block-states'

const DIALOGUE = `# Scene one

The kitchen is quiet before dawn.

ALICE: Good morning, Bob.
BOB: Morning, Alice. Coffee?
ALICE: Please. A big one.
`

const MP3_SRT: RenderSettings = {
  format: 'mp3',
  sampleRate: 24_000,
  split: 'none',
  subtitles: 'srt',
  loudness: { mode: 'service' },
}

let harness: Harness
let sandbox: Sandbox
let client: UpstreamClient
let dir: string

beforeAll(async () => {
  harness = await startHarness(
    { synthThreads: 1, warmUp: false },
    { retry: { baseDelayMs: 20, maxDelayMs: 200 } },
  )
  ;({ sandbox, client } = harness)
  dir = await mkdtemp(join(tmpdir(), 'vd-script-ws-'))
})

afterAll(async () => {
  await harness?.stop()
  await rm(dir, { recursive: true, force: true })
})

function service(name: string) {
  const { ports, recorder } = createTestPlatform()
  const jobs = new JobRegistry()
  const script = new ScriptWorkspaceService({
    userDataDir: join(dir, name),
    jobs,
    platform: ports,
    client: () => client,
    logger: silentLogger,
  })
  return { script, recorder, jobs }
}

/**
 * Puts `project` into main's copy of an open document, as the page's sync does (the whole script
 * in one change), and returns the revision main answered with, which operations then name.
 */
async function sendWhole(
  script: ScriptWorkspaceService,
  docId: string,
  project: Project,
): Promise<number> {
  const { blocks, format: _format, version: _version, ...meta } = project
  const { revision } = await script.documents.saveDraft(docId, {
    meta,
    order: blocks.map((b) => b.id),
    blocks,
  })
  return revision
}

function renderEnded(
  events: RenderEvent[],
): Promise<RenderEvent & { channel: 'script:renderEnded' }> {
  return new Promise((resolve) => {
    const timer = setInterval(() => {
      const ended = events.find((e) => e.channel === 'script:renderEnded')
      if (ended?.channel === 'script:renderEnded') {
        clearInterval(timer)
        resolve(ended)
      }
    }, 20)
  })
}

describe('detectSpeakers', () => {
  it('finds labels that start dialogue lines and ignores a single stray colon in prose', () => {
    expect(detectSpeakers(DIALOGUE)).toEqual(['ALICE', 'BOB'])
    expect(detectSpeakers('Note: this is prose.\nMore prose here.')).toEqual([])
  })
})

describe('ScriptWorkspaceService', () => {
  it('imports a Markdown dialogue, saves it, keeps a recovery draft until the clean save, and lists it as recent', async () => {
    const { script, recorder } = service('docs')
    const source = join(dir, 'scene.md')
    await writeFile(source, DIALOGUE)
    recorder.answerNextOpen([source])
    const opened = (await script.documents.open(1)) as OpenedDocument | null
    expect(opened?.unsaved).toBe(true)
    expect(opened?.project.title).toBe('scene')
    const speakers = opened?.project.blocks.map((b) => b.speaker ?? null)
    expect(speakers).toEqual([null, 'ALICE', 'BOB', 'ALICE'])
    const docId = opened!.docId

    const edited: Project = { ...opened!.project, title: 'Scene one draft' }
    const { blocks: _blocks, format: _format, version: _version, ...meta } = edited
    const { revision } = await script.documents.saveDraft(docId, { meta, blocks: [] })
    const offers = await script.documents.recoveryOffers()
    expect(offers).toEqual([
      expect.objectContaining({ docId, title: 'Scene one draft', blocks: 4 }),
    ])

    // A second service on the same user data: what a restart after a kill sees.
    const restarted = service('docs').script
    const restored = await restarted.documents.restore(docId)
    expect(restored.project.title).toBe('Scene one draft')

    const target = join(dir, 'scene.voicedesk')
    recorder.answerNextSave(target)
    const saved = await script.documents.save(1, docId, revision, false)
    expect(saved?.fileName).toBe('scene.voicedesk')
    expect(JSON.parse(await readFile(target, 'utf8'))).toMatchObject({ title: 'Scene one draft' })
    expect(await script.documents.recoveryOffers()).toEqual([])
    const recent = await script.documents.listRecent()
    expect(recent[0]).toMatchObject({ fileName: 'scene.voicedesk', exists: true })
    const reopened = await script.documents.openRecent(recent[0]!.id)
    expect(reopened.unsaved).toBe(false)
    expect(reopened.project.blocks).toHaveLength(4)
  })

  it('renders to MP3 with SRT, marks blocks cached, and a one-block edit makes only that block stale', async () => {
    const { script, recorder } = service('render')
    const opened = await script.documents.importDropped('scene.md', DIALOGUE)
    const project: Project = {
      ...opened.project,
      cast: { ALICE: 'emma', BOB: 'george' },
      defaults: { ...opened.project.defaults, voiceId: 'olivia' },
    }
    const { revision } = await script.documents.saveDraft(opened.docId, {
      meta: metaOf(project),
      blocks: [],
    })
    const before = await script.blockStates(opened.docId)
    expect(Object.values(before).map((m) => m.state)).toEqual(['new', 'new', 'new', 'new'])

    const out = join(dir, 'scene.mp3')
    recorder.answerNextSave(out)
    recorder.setFocused(false)
    const events: RenderEvent[] = []
    const started = await script.startRender(1, opened.docId, revision, MP3_SRT, false, (e) =>
      events.push(e),
    )
    expect(started?.outputName).toBe('scene.mp3')
    const ended = await renderEnded(events)
    expect(ended.payload.ok).toBe(true)
    expect((await stat(out)).size).toBeGreaterThan(1000)
    expect(await readFile(join(dir, 'scene.srt'), 'utf8')).toContain('Good morning, Bob.')
    expect(events.some((e) => e.channel === 'script:renderProgress')).toBe(true)
    expect(recorder.progress.at(-1)).toBeNull()
    expect(recorder.progress.some((p) => p !== null && p > 0)).toBe(true)

    const after = await script.blockStates(opened.docId)
    expect(Object.values(after).map((m) => m.state)).toEqual([
      'cached',
      'cached',
      'cached',
      'cached',
    ])
    // A rendered block carries its length, worked out from its pieces' sizes in the cache.
    const cache = await script.cache()
    for (const [blockId, mark] of Object.entries(after)) {
      const plan = await planBlock(script.documents.projectOf(opened.docId), blockId)
      const bytes = plan!.pieces.reduce((n, p) => n + (cache.bytesOf(p.hash) ?? 0), 0)
      expect(bytes).toBeGreaterThan(0)
      expect(mark.seconds).toBeCloseTo(bytes / 48_000, 6)
    }
    const edited: Project = {
      ...project,
      blocks: project.blocks.map((b, i) => (i === 2 ? { ...b, text: 'Morning. Tea, then?' } : b)),
    }
    // The finished record is stored before the end event: the marks read after it see this render.
    const afterEdit = await script.documents.saveDraft(opened.docId, {
      blocks: [edited.blocks[2]!],
    })
    const states = await script.blockStates(opened.docId, [edited.blocks[2]!.id])
    expect(states).toEqual({ [edited.blocks[2]!.id]: { state: 'stale' } })
    const marks = Object.values(await script.blockStates(opened.docId)).map((m) => m.state)
    expect(marks).toEqual(['cached', 'cached', 'stale', 'cached'])

    const audio = await script.blockAudio(opened.docId, afterEdit.revision, project.blocks[1]!.id)
    expect(new TextDecoder().decode(audio.wav.subarray(0, 4))).toBe('RIFF')
    expect(audio.words.map((w) => project.blocks[1]!.text.slice(w.start, w.end))).toEqual([
      'Good',
      'morning',
      'Bob',
    ])
    await expect(
      script.blockAudio(opened.docId, afterEdit.revision, edited.blocks[2]!.id),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })
  })

  it('cancels a render, offers to resume it, and the resume finishes', async () => {
    const { script, recorder, jobs } = service('resume')
    const long = Array.from(
      { length: 12 },
      (_, i) => `Paragraph ${i + 1} of the long story goes on here.`,
    ).join('\n\n')
    const opened = await script.documents.importDropped('long.txt', long)
    const project: Project = {
      ...opened.project,
      defaults: { ...opened.project.defaults, voiceId: 'olivia' },
    }
    const revision = await sendWhole(script, opened.docId, project)
    const out = join(dir, 'long.wav')
    recorder.answerNextSave(out)
    const events: RenderEvent[] = []
    const started = await script.startRender(
      1,
      opened.docId,
      revision,
      { ...MP3_SRT, format: 'wav', subtitles: 'none' },
      false,
      (e) => events.push(e),
    )
    // Cancelled once it has passed its checks and begun (its journal is written then): a render
    // cancelled during its checks has done nothing, so there is nothing to resume.
    await new Promise<void>((resolve) => {
      const timer = setInterval(() => {
        if (events.some((e) => e.channel === 'script:renderProgress')) {
          clearInterval(timer)
          resolve()
        }
      }, 20)
    })
    jobs.cancel(started!.jobId)
    const ended = await renderEnded(events)
    expect(ended.payload.ok).toBe(false)
    if (!ended.payload.ok) expect(ended.payload.error.code).toBe('CANCELLED')
    const overview = await script.overview(opened.docId)
    expect(overview.resumable).toMatchObject({ outputName: 'long.wav' })

    const resumedEvents: RenderEvent[] = []
    await script.startRender(1, opened.docId, revision, overview.resumable!.settings, true, (e) =>
      resumedEvents.push(e),
    )
    const resumed = await renderEnded(resumedEvents)
    expect(resumed.payload.ok).toBe(true)
    expect((await stat(out)).size).toBeGreaterThan(44)
    expect((await script.overview(opened.docId)).resumable).toBeNull()
  })

  it('pauses while the network is down and continues by itself when it is back', async () => {
    const cache = await openPieceCache(join(dir, 'net-cache'))
    let failures = 2
    const source: SpeechSource = {
      maxInFlight: 1,
      synthesizePiece() {
        if (failures > 0) {
          failures -= 1
          return Promise.reject(new AppError('NETWORK', 'Cannot reach 127.0.0.1.'))
        }
        return Promise.resolve({
          audio: new Uint8Array(4800),
          speechMarks: { sentence: null, words: [] },
          billableCharacters: 5,
          requestId: null,
        })
      },
    }
    const statuses: RenderStatus[] = []
    const outcome = await new Promise<{ ok: boolean }>((resolve) => {
      startRenderSession({
        jobs: new JobRegistry(),
        ownerId: 1,
        project: createProject({
          blocks: [{ id: 'b1', text: 'Hello there.' }],
          defaults: { voiceId: 'olivia' },
        }),
        settings: { ...MP3_SRT, format: 'wav', subtitles: 'none' },
        outputPath: join(dir, 'net.wav'),
        cache,
        source: () => source,
        logger: silentLogger,
        onStatus: (s) => statuses.push(s),
        onSettled: (o) => resolve(o),
        retryInitialMs: 20,
        retryMaxMs: 40,
      })
    })
    expect(outcome.ok).toBe(true)
    expect(statuses.filter((s) => s.paused !== null).length).toBeGreaterThanOrEqual(1)
    expect(statuses.find((s) => s.paused !== null)?.paused?.reason).toContain('Cannot reach')
  })
})

describe('A/B takes', () => {
  const project = (): Project =>
    createProject({
      blocks: [{ id: 't1', text: 'Takes that are stopped the moment they are asked for.' }],
      defaults: { voiceId: 'olivia', format: 'wav' },
    })
  /** An open document holding {@link project}, as the page names it. */
  async function opened(script: ScriptWorkspaceService) {
    const { docId } = script.documents.create()
    return { docId, revision: await sendWhole(script, docId, project()) }
  }

  it('a stop sent right after the request, before any work, is not missed', async () => {
    const { script, jobs } = service('takes-early-stop')
    const requestId = '6f1c1b7e-2a4e-4a8e-9d0c-1f2e3d4c5b6a'
    sandbox.clearRequestLog()
    const document = await opened(script)
    const asked = script.takes(7, requestId, document, 't1', ['olivia', 'george'])
    expect(script.cancelTakes(7, requestId)).toBe(true)
    await expect(asked).rejects.toMatchObject({ code: 'CANCELLED' })
    expect(sandbox.requestLog({ pathPrefix: '/v1/audio/speech' })).toEqual([])
    expect(jobs.running()).toEqual([])
    // Another window cannot stop them, and a finished request cannot be stopped again.
    expect(script.cancelTakes(8, requestId)).toBe(false)
    expect(script.cancelTakes(7, requestId)).toBe(false)
  })

  it('a stop while the first take is synthesized ends them: the second voice is never asked for', async () => {
    const { script } = service('takes-stop')
    const requestId = '0b7e1c52-9f3a-4d2b-8e61-5a4c3b2d1e0f'
    const document = await opened(script)
    sandbox.setFaults({ latencyMs: 400 })
    try {
      sandbox.clearRequestLog()
      const speech = { pathPrefix: '/v1/audio/speech' }
      const [arrived, firstLogged] = [sandbox.nextArrival(speech), sandbox.nextRequest(speech)]
      const asked = script.takes(7, requestId, document, 't1', ['olivia', 'george'])
      // The first take's request has reached the service, which holds it (the latency fault).
      await arrived
      expect(script.cancelTakes(7, requestId)).toBe(true)
      await expect(asked).rejects.toMatchObject({ code: 'CANCELLED' })
      // The stop dropped that request: the service logs it as cut off, and nothing came after.
      expect((await firstLogged).aborted).toBe(true)
      const voices = sandbox.requestLog({ pathPrefix: '/v1/audio/speech' }).map((r) => r.body)
      expect(voices).not.toContainEqual(expect.objectContaining({ voice_id: 'george' }))
    } finally {
      sandbox.clearFaults()
    }
  })
})

describe('checks before a render spends anything', () => {
  /** A service whose held voice list is `held` (the Voices workspace's); a refresh reads the service. */
  function withVoiceList(name: string, held: () => Promise<Voice[]>) {
    const reads: boolean[] = []
    const { ports, recorder } = createTestPlatform()
    const script = new ScriptWorkspaceService({
      userDataDir: join(dir, name),
      jobs: new JobRegistry(),
      platform: ports,
      client: () => client,
      logger: silentLogger,
      voices: (refresh) => {
        reads.push(refresh)
        return refresh ? client.listVoices() : held()
      },
    })
    return { script, recorder, reads }
  }

  /** Starts an MP3 render that the test expects to be refused, with the request log emptied first; its error. */
  async function refusedRender(
    script: ScriptWorkspaceService,
    { docId, revision }: { docId: string; revision: number },
  ) {
    sandbox.clearRequestLog()
    return script
      .startRender(1, docId, revision, MP3_SRT, false, () => undefined)
      .catch((e: unknown) => e as AppError)
  }

  async function dialogueWith(
    script: ScriptWorkspaceService,
    cast: Record<string, string>,
  ): Promise<{ docId: string; revision: number }> {
    const opened = await script.documents.importDropped('scene.md', DIALOGUE)
    const project: Project = {
      ...opened.project,
      cast,
      defaults: { ...opened.project.defaults, voiceId: 'olivia' },
    }
    return { docId: opened.docId, revision: await sendWhole(script, opened.docId, project) }
  }

  it('names the cast entry whose voice is not in the voice list before the save dialog, and sends nothing', async () => {
    const { script, recorder, reads } = withVoiceList('unknown-voice', () => client.listVoices())
    const { docId, revision } = await dialogueWith(script, { ALICE: 'emma', BOB: 'dorothy' })
    const error = await refusedRender(script, { docId, revision })
    expect(error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message:
        "BOB's voice, Dorothy, isn't in your voice list. Choose another voice for BOB in the cast. Nothing was sent to the service.",
    })
    // The held list lacked it, so it was read again once before refusing.
    expect(reads).toEqual([false, true])
    expect(recorder.dialogs).toEqual([])
    expect(sandbox.requestLog({ pathPrefix: '/v1/audio/speech' })).toEqual([])
    expect((await script.overview(docId)).running).toBeNull()
  })

  it('a held list that lacks a voice made since is read again, so the voice is not refused', async () => {
    const { script, recorder, reads } = withVoiceList('stale-list', async () =>
      (await client.listVoices()).filter((v) => v.id !== 'george'),
    )
    const { docId, revision } = await dialogueWith(script, { ALICE: 'emma', BOB: 'george' })
    recorder.answerNextSave(null)
    expect(await script.startRender(1, docId, revision, MP3_SRT, false, () => undefined)).toBeNull()
    expect(reads).toEqual([false, true])
    expect(recorder.dialogs.map((d) => d.kind)).toEqual(['save'])
  })

  it('refuses a folder that does not exist once it is chosen, before the render is recorded or started', async () => {
    const { script, recorder } = withVoiceList('missing-folder', () => client.listVoices())
    const { docId, revision } = await dialogueWith(script, { ALICE: 'emma', BOB: 'george' })
    const missing = join(dir, 'no-such-folder')
    recorder.answerNextSave(join(missing, 'scene.mp3'))
    const error = await refusedRender(script, { docId, revision })
    expect(error).toMatchObject({
      code: 'DISK',
      message: `The folder ${missing} does not exist. Choose an existing folder, or create it first. Nothing was sent to the service.`,
    })
    expect(sandbox.requestLog({ pathPrefix: '/v1/audio/speech' })).toEqual([])
    const overview = await script.overview(docId)
    expect({ running: overview.running, resumable: overview.resumable }).toEqual({
      running: null,
      resumable: null,
    })
  })
})

describe('main owns the open script: operations name a document and the revision the page saw', () => {
  const twoBlocks = (): Project =>
    createProject({
      title: 'Owner',
      blocks: [
        { id: 'o1', text: 'The first block as it opened.' },
        { id: 'o2', text: 'The second block.' },
      ],
      defaults: { voiceId: 'olivia', format: 'wav' },
    })

  it('refuses a revision main has moved past with a CONFLICT that says to try again, before any dialog or request', async () => {
    const { script, recorder } = service('owner-stale')
    const { docId } = script.documents.create()
    const first = await sendWhole(script, docId, twoBlocks())
    const { revision: second } = await script.documents.saveDraft(docId, {
      blocks: [{ id: 'o1', text: 'Typed after the first send.', ssml: false, endsParagraph: true }],
    })
    expect(second).toBe(first + 1)
    sandbox.clearRequestLog()
    const stale = {
      code: 'CONFLICT',
      message:
        'The script changed while this was on its way, so VoiceDesk did not act on an older version. Try again: your latest edits are kept.',
      details: { staleRevision: { seen: first, current: second } },
    }
    await expect(
      script.startRender(1, docId, first, MP3_SRT, false, () => undefined),
    ).rejects.toMatchObject(stale)
    await expect(script.documents.save(1, docId, first, false)).rejects.toMatchObject(stale)
    await expect(script.estimate(docId, first, 'wav')).rejects.toMatchObject(stale)
    await expect(script.blockAudio(docId, first, 'o1')).rejects.toMatchObject(stale)
    await expect(
      script.preview(1, docId, first, 'o1', undefined, () => undefined),
    ).rejects.toMatchObject(stale)
    await expect(
      script.takes(1, undefined, { docId, revision: first }, 'o1', ['olivia', 'george']),
    ).rejects.toMatchObject(stale)
    expect(recorder.dialogs).toEqual([])
    expect(sandbox.requestLog({ pathPrefix: '/v1/audio/speech' })).toEqual([])
  })

  it('saves, Saves As and estimates from main’s copy: every edit sent before the operation is in it', async () => {
    const { script, recorder } = service('owner-save')
    const { docId } = script.documents.create()
    await sendWhole(script, docId, twoBlocks())
    const before = await script.estimate(docId, 1, 'wav')
    // Two sends in a row, as the page makes them while typing goes on: neither is lost.
    await script.documents.saveDraft(docId, {
      blocks: [
        {
          id: 'o1',
          text: 'A much longer first block, typed in two goes',
          ssml: false,
          endsParagraph: true,
        },
      ],
    })
    const { revision } = await script.documents.saveDraft(docId, {
      order: ['o1', 'o2', 'o3'],
      blocks: [{ id: 'o3', text: 'A block added at the end.', ssml: false, endsParagraph: true }],
    })
    const after = await script.estimate(docId, revision, 'wav')
    expect(after.billableCharacters).toBe(
      before.billableCharacters +
        'A much longer first block, typed in two goes'.length -
        'The first block as it opened.'.length +
        'A block added at the end.'.length,
    )

    const target = join(dir, 'owner.voicedesk')
    recorder.answerNextSave(target)
    expect(await script.documents.save(1, docId, revision, false)).toMatchObject({
      fileName: 'owner.voicedesk',
    })
    const written = JSON.parse(await readFile(target, 'utf8')) as Project
    expect(written.blocks.map((b) => b.text)).toEqual([
      'A much longer first block, typed in two goes',
      'The second block.',
      'A block added at the end.',
    ])

    const { revision: later } = await script.documents.saveDraft(docId, {
      blocks: [{ id: 'o2', text: 'Changed before Save As.', ssml: false, endsParagraph: true }],
    })
    const copy = join(dir, 'owner-copy.voicedesk')
    recorder.answerNextSave(copy)
    await script.documents.save(1, docId, later, true)
    const copied = JSON.parse(await readFile(copy, 'utf8')) as Project
    expect(copied.blocks[1]?.text).toBe('Changed before Save As.')
    // Saved, main's copy and its revision stay as they were: the page goes on from there.
    expect(script.documents.projectAt(docId, later).blocks[1]?.text).toBe('Changed before Save As.')
  })

  it('exports main’s copy as Markdown or plain text by the name chosen, and refuses a stale revision', async () => {
    const { script, recorder } = service('export')
    const opened = await script.documents.importDropped('scene.md', DIALOGUE)
    const bob = opened.project.blocks.find((b) => b.speaker === 'BOB')!
    const { revision } = await script.documents.saveDraft(opened.docId, {
      blocks: [{ ...bob, text: 'Morning. Tea, please.' }],
    })

    recorder.answerNextSave(join(dir, 'scene-export'))
    expect(await script.documents.exportText(1, opened.docId, revision)).toEqual({
      fileName: 'scene-export.md',
      location: dir,
    })
    expect(recorder.dialogs.at(-1)).toMatchObject({ kind: 'save' })
    expect(await readFile(join(dir, 'scene-export.md'), 'utf8')).toBe(
      '# Scene one\n\nThe kitchen is quiet before dawn.\n\nALICE: Good morning, Bob.\nBOB: Morning. Tea, please.\nALICE: Please. A big one.\n',
    )

    recorder.answerNextSave(join(dir, 'scene-export.txt'))
    await script.documents.exportText(1, opened.docId, revision)
    expect(await readFile(join(dir, 'scene-export.txt'), 'utf8')).toMatch(
      /^Scene one\n\nThe kitchen is quiet before dawn\.\n/,
    )

    recorder.answerNextSave(null)
    expect(await script.documents.exportText(1, opened.docId, revision)).toBeNull()
    await expect(script.documents.exportText(1, opened.docId, revision - 1)).rejects.toMatchObject({
      code: 'CONFLICT',
    })
  })

  it('names a block that is no longer in main’s copy instead of acting on another', async () => {
    const { script } = service('owner-gone')
    const { docId } = script.documents.create()
    await sendWhole(script, docId, twoBlocks())
    const { revision } = await script.documents.saveDraft(docId, { order: ['o1'], blocks: [] })
    await expect(script.blockAudio(docId, revision, 'o2')).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: 'That block is no longer in the script.',
    })
  })
})
