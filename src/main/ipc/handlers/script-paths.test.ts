import { mkdir, readFile, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { Project } from '../../../shared/domain/script'
import type { OpenedDocument, RenderSettings } from '../../../shared/domain/script-workspace'
import type { Result } from '../../../shared/errors'
import type { Sandbox } from '../../../sandbox/index'
import { startSandbox } from '../../../sandbox/index'
import { metaOf } from '../../core/script-workspace/open-document'
import type { PlatformRecorder } from '../../testing/test-platform'
import { useTempDirs } from '../../testing/temp-dir'
import type { SentEvent } from '../../testing/dispatch-runtime'
import { dataOf, dispatchRuntime, PLAIN_WAV } from '../../testing/dispatch-runtime'

// Every path main reads or writes for the page comes from a dialog main showed or a file the
// user opened, through the real dispatcher against the sandbox: a cover the page names, a resume
// that shows no dialog, and a save dialog's answer that main would write under another name.

const tempDir = useTempDirs('vd-ipc-paths-')
const MARKER = 'FORGED-COVER-MARKER-7d1c'
const WAV = PLAIN_WAV
const MP3: RenderSettings = { ...WAV, format: 'mp3' }

let sandbox: Sandbox
let dir: string
beforeAll(async () => {
  sandbox = await startSandbox({ synthThreads: 0, warmUp: false, demoKeys: true })
  dir = await tempDir()
})
afterAll(async () => {
  await sandbox.stop()
})

const setup = (): ReturnType<typeof dispatchRuntime> => dispatchRuntime(sandbox)
const data = dataOf

/** A PNG as far as any reader checks (its signature) with a marker to find it by. */
async function png(name: string): Promise<string> {
  const path = join(dir, name)
  const signature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
  await writeFile(path, Buffer.concat([Buffer.from(signature), Buffer.from(MARKER)]))
  return path
}

/** A new script with one spoken block, sent to main as the page's sync does; its revision. */
async function spokenScript(
  call: (channel: string, input: unknown) => Promise<Result<unknown>>,
): Promise<{ docId: string; project: Project; revision: number }> {
  const opened = data<OpenedDocument>(await call('script:new', undefined))
  const block = { ...opened.project.blocks[0]!, text: 'A short line to render.' }
  const project: Project = {
    ...opened.project,
    defaults: { ...opened.project.defaults, voiceId: 'olivia' },
    blocks: [block],
  }
  const { revision } = data<{ revision: number }>(
    await call('script:saveDraft', {
      docId: opened.docId,
      changes: { meta: metaOf(project), blocks: [block] },
    }),
  )
  return { docId: opened.docId, project, revision }
}

function withCover(project: Project, coverPath: string): ReturnType<typeof metaOf> {
  return metaOf({ ...project, publishing: { ...project.publishing, coverPath } })
}

/** Waits for the render this window started to end (bounded: a hang fails the test). */
async function renderEnded(
  sent: SentEvent[],
): Promise<{ ok: boolean; error?: { message: string } }> {
  const ended = await vi.waitUntil(() => sent.find((s) => s.channel === 'script:renderEnded'), {
    timeout: 30_000,
    interval: 20,
  })
  return ended.payload as { ok: boolean; error?: { message: string } }
}

/** Every byte of the document's last finished render, read back as the player does. */
async function renderedBytes(
  call: (channel: string, input: unknown) => Promise<Result<unknown>>,
  docId: string,
): Promise<Buffer> {
  const chunks: Uint8Array[] = []
  for (let offset = 0; ;) {
    const chunk = data<Uint8Array>(
      await call('script:renderAudioChunk', { docId, offset, length: 4 * 1024 * 1024 }),
    )
    if (chunk.byteLength === 0) break
    chunks.push(chunk)
    offset += chunk.byteLength
  }
  return Buffer.concat(chunks)
}

describe('a cover image the page names', () => {
  it('is refused unless main granted it, with the same error whatever is on disk there', async () => {
    const { call } = await setup()
    const { docId, project } = await spokenScript(call)
    const folder = join(dir, 'a-folder.png')
    await mkdir(folder, { recursive: true })
    const forged = [await png('forged-a.png'), folder, join(dir, 'missing.png')]
    const answers: unknown[] = []
    for (const coverPath of forged) {
      const result = await call('script:saveDraft', {
        docId,
        changes: { meta: withCover(project, coverPath) },
      })
      expect(result.ok, coverPath).toBe(false)
      if (result.ok) continue
      expect(JSON.stringify(result.error)).not.toContain(dir)
      answers.push(result.error)
    }
    // One answer for an image, a folder and nothing: the page learns nothing about the path.
    expect(answers).toHaveLength(3)
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1)
    expect(answers[0]).toMatchObject({ code: 'VALIDATION_FAILED' })
  })

  it('is never read into a render, while one chosen in main’s dialog is', async () => {
    const { call, recorder, sent } = await setup()
    const { docId, project } = await spokenScript(call)
    const forged = await png('forged-b.png')
    await call('script:saveDraft', { docId, changes: { meta: withCover(project, forged) } })
    // The render names the revision main is at, whether or not it took the cover.
    const revision = data<{ revision: number }>(
      await call('script:saveDraft', { docId, changes: { blocks: [] } }),
    ).revision
    recorder.answerNextSave(join(dir, 'forged.mp3'))
    data(await call('script:startRender', { docId, revision, settings: MP3 }))
    expect(await renderEnded(sent)).toMatchObject({ ok: true })
    expect((await renderedBytes(call, docId)).includes(MARKER)).toBe(false)

    // The same kind of file, chosen in main's dialog for this document, is granted and read.
    const chosen = await png('chosen.png')
    recorder.answerNextOpen([chosen])
    expect(data(await call('script:chooseCover', { docId }))).toEqual({
      path: chosen,
      name: 'chosen.png',
    })
    const granted = data<{ revision: number }>(
      await call('script:saveDraft', { docId, changes: { meta: withCover(project, chosen) } }),
    ).revision
    sent.length = 0
    recorder.answerNextSave(join(dir, 'chosen.mp3'))
    data(await call('script:startRender', { docId, revision: granted, settings: MP3 }))
    expect(await renderEnded(sent)).toMatchObject({ ok: true })
    expect((await renderedBytes(call, docId)).includes(MARKER)).toBe(true)

    // Granted to that document only: another one cannot name it.
    const other = await spokenScript(call)
    const elsewhere = await call('script:saveDraft', {
      docId: other.docId,
      changes: { meta: withCover(other.project, chosen) },
    })
    expect(elsewhere).toMatchObject({ ok: false, error: { code: 'VALIDATION_FAILED' } })
  })

  it('is kept from a project file the user opened', async () => {
    const { call, recorder } = await setup()
    const cover = await png('saved-cover.png')
    const { project } = await spokenScript(call)
    const file = join(dir, 'with-cover.voicedesk')
    const saved = { ...project, publishing: { ...project.publishing, coverPath: cover } }
    await writeFile(file, JSON.stringify(saved))
    recorder.answerNextOpen([file])
    const opened = data<OpenedDocument>(await call('script:open', undefined))
    expect(opened.project.publishing.coverPath).toBe(cover)
    const edited = await call('script:saveDraft', {
      docId: opened.docId,
      changes: { meta: { ...metaOf(opened.project), title: 'Renamed' } },
    })
    expect(edited.ok).toBe(true)
  })
})

/**
 * A project the user opened whose MP3 render was killed half-way (its record, not finished, is
 * what such a render leaves), opened in main; the document and its content.
 */
async function stoppedRender(
  call: (channel: string, input: unknown) => Promise<Result<unknown>>,
  recorder: PlatformRecorder,
  userDataDir: string,
  name: string,
): Promise<{ docId: string; project: Project }> {
  const { project } = await spokenScript(call)
  const file = join(dir, `${name}.voicedesk`)
  await writeFile(file, JSON.stringify(project))
  await writeFile(
    join(userDataDir, 'script-renders.json'),
    JSON.stringify({
      version: 1,
      records: {
        [file]: {
          outputPath: join(dir, `${name}.mp3`),
          settings: MP3,
          startedAt: new Date().toISOString(),
          finishedAt: null,
        },
      },
    }),
  )
  recorder.answerNextOpen([file])
  const opened = data<OpenedDocument>(await call('script:open', undefined))
  return { docId: opened.docId, project: opened.project }
}

describe('a render that shows no dialog', () => {
  it('does not resume a finished render: nothing is asked, nothing is written again', async () => {
    const { call, recorder, sent } = await setup()
    const { docId, revision } = await spokenScript(call)
    const out = join(dir, 'finished.wav')
    recorder.answerNextSave(out)
    data(await call('script:startRender', { docId, revision, settings: WAV }))
    expect(await renderEnded(sent)).toMatchObject({ ok: true })
    const before = await stat(out)
    const dialogs = recorder.dialogs.length
    const resumed = await call('script:startRender', {
      docId,
      revision,
      settings: WAV,
      resume: true,
    })
    expect(resumed).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } })
    expect(recorder.dialogs).toHaveLength(dialogs)
    expect((await stat(out)).mtimeMs).toBe(before.mtimeMs)
  })

  it('tells nothing about a path the page named: the same answer for an image, a folder and nothing', async () => {
    const folder = join(dir, 'resume-folder.png')
    await mkdir(folder, { recursive: true })
    const forged = [await png('resume-forged.png'), folder, join(dir, 'resume-missing.png')]
    const answers: string[] = []
    for (const [i, coverPath] of forged.entries()) {
      const { call, recorder, userDataDir } = await setup()
      const { docId, project } = await stoppedRender(call, recorder, userDataDir, `probe-${i}`)
      await call('script:saveDraft', { docId, changes: { meta: withCover(project, coverPath) } })
      const revision = data<{ revision: number }>(
        await call('script:saveDraft', { docId, changes: { blocks: [] } }),
      ).revision
      const dialogs = recorder.dialogs.length
      const resumed = await call('script:startRender', {
        docId,
        revision,
        settings: MP3,
        resume: true,
      })
      expect(recorder.dialogs).toHaveLength(dialogs)
      answers.push(resumed.ok ? 'started' : JSON.stringify(resumed.error))
    }
    expect(answers).toEqual(['started', 'started', 'started'])
  })

  it('resumes a stopped render only as it was set up; other settings ask where again', async () => {
    const { call, recorder, userDataDir } = await setup()
    const opened = await stoppedRender(call, recorder, userDataDir, 'stopped')
    const dialogs = recorder.dialogs.length
    // The page asks for WAV into the confirmed stopped.mp3: main asks where instead.
    recorder.answerNextSave(null)
    const asWav = await call('script:startRender', {
      docId: opened.docId,
      revision: 0,
      settings: WAV,
      resume: true,
    })
    expect(asWav).toEqual({ ok: true, data: null })
    expect(recorder.dialogs.slice(dialogs)).toEqual([
      expect.objectContaining({ kind: 'save', defaultName: expect.stringMatching(/\.wav$/) }),
    ])
  })
})

describe('a save dialog’s confirmed name', () => {
  it('is not swapped for another extension over an existing file: the dialog asks again', async () => {
    const { call, recorder } = await setup()
    const { docId, revision } = await spokenScript(call)
    const folder = join(dir, 'swap')
    await mkdir(folder, { recursive: true })
    const existing = join(folder, 'book.wav')
    await writeFile(existing, 'the user’s own file')
    recorder.answerNextSave(join(folder, 'book.mp3'))
    recorder.answerNextSave(null)
    const result = await call('script:startRender', { docId, revision, settings: WAV })
    expect(result).toEqual({ ok: true, data: null })
    expect(recorder.dialogs.filter((d) => d.kind === 'save').map((d) => d.defaultName)).toEqual([
      'Narration.wav',
      'book.wav',
    ])
    expect(await readFile(existing, 'utf8')).toBe('the user’s own file')

    // Asked a few times at most: a name of another format each time is refused in plain words.
    for (let i = 0; i < 3; i += 1) recorder.answerNextSave(join(folder, 'book.mp3'))
    const refused = await call('script:startRender', { docId, revision, settings: WAV })
    expect(refused).toMatchObject({
      ok: false,
      error: {
        code: 'VALIDATION_FAILED',
        message: expect.stringContaining('The file name must end in .wav'),
      },
    })
    expect(await readFile(existing, 'utf8')).toBe('the user’s own file')
  })

  it('gets an extension added only where nothing is replaced: an export over a file asks again', async () => {
    const { call, recorder } = await setup()
    const { docId, revision } = await spokenScript(call)
    const folder = join(dir, 'export')
    await mkdir(folder, { recursive: true })
    const existing = join(folder, 'notes.md')
    await writeFile(existing, 'kept')
    recorder.answerNextSave(join(folder, 'notes'))
    recorder.answerNextSave(null)
    expect(await call('script:exportText', { docId, revision })).toEqual({ ok: true, data: null })
    expect(recorder.dialogs.at(-1)).toMatchObject({ kind: 'save', defaultName: 'notes.md' })
    expect(await readFile(existing, 'utf8')).toBe('kept')

    recorder.answerNextSave(join(folder, 'fresh'))
    expect(data(await call('script:exportText', { docId, revision }))).toEqual({
      fileName: 'fresh.md',
      location: folder,
    })
  })
})
