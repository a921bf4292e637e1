import { execFileSync } from 'node:child_process'
import { constants } from 'node:fs'
import { mkdir, open, readdir, stat, utimes, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest'
import type { OpenedDocument, RenderSettings } from '../../../shared/domain/script-workspace'
import type { Result } from '../../../shared/errors'
import type { Sandbox } from '../../../sandbox/index'
import { startSandbox } from '../../../sandbox/index'
import { metaOf } from '../../core/script-workspace/open-document'
import { useTempDirs } from '../../testing/temp-dir'
import { dataOf, dispatchRuntime } from '../../testing/dispatch-runtime'

// What a killed save leaves behind, the recovery drafts' mode, and what may sit at a render
// lock's name, through the real dispatcher (the render against the sandbox).

const tempDir = useTempDirs('vd-ipc-leftovers-')
const HOUR_AGO = new Date(Date.now() - 60 * 60 * 1000)

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

/** Writes `names` in `folder`, each dated an hour ago when `old`. */
async function place(folder: string, names: string[], old: boolean): Promise<void> {
  await mkdir(folder, { recursive: true })
  for (const name of names) {
    const path = join(folder, name)
    await writeFile(path, 'left here')
    if (old) await utimes(path, HOUR_AGO, HOUR_AGO)
  }
}

/** A new script with one spoken block in main; its id and the revision main is at. */
async function spokenScript(
  call: (channel: string, input: unknown) => Promise<Result<unknown>>,
): Promise<{ docId: string; revision: number }> {
  const opened = data<OpenedDocument>(await call('script:new', undefined))
  const block = { ...opened.project.blocks[0]!, text: 'A short line to render.' }
  const project = { ...opened.project, defaults: { ...opened.project.defaults, voiceId: 'olivia' } }
  const { revision } = data<{ revision: number }>(
    await call('script:saveDraft', {
      docId: opened.docId,
      changes: { meta: metaOf(project), blocks: [block] },
    }),
  )
  return { docId: opened.docId, revision }
}

describe('what a killed save leaves', () => {
  it('the next save of the project removes its own old temporary files, and nothing else', async () => {
    const { call, recorder } = await setup()
    const { docId, revision } = await spokenScript(call)
    const folder = join(dir, 'project')
    const stale = '.book.voicedesk.0123456789ab.partial'
    const kept = [
      // A save of the same project may be writing this one now (another window).
      '.book.voicedesk.ba9876543210.partial',
      // Not our temporary names, or another file's.
      '.book.voicedesk.notes.partial',
      'book.voicedesk.0123456789ab.partial',
      '.other.voicedesk.0123456789ab.partial',
    ]
    await place(folder, [stale, ...kept.slice(1)], true)
    await place(folder, [kept[0]!], false)
    recorder.answerNextSave(join(folder, 'book.voicedesk'))
    data(await call('script:save', { docId, revision }))
    expect((await readdir(folder)).sort()).toEqual([...kept, 'book.voicedesk'].sort())
  })

  it('a recovery draft is written for its owner only, as the settings are', async () => {
    const { call, userDataDir } = await setup()
    const { docId } = await spokenScript(call)
    const draft = join(userDataDir, 'recovery', `${docId}.json`)
    expect((await stat(draft)).mode & 0o777).toBe(0o600)
  })

  it('the start (the recovery offers) removes old temporary drafts, and nothing else', async () => {
    const { call, userDataDir } = await setup()
    const { docId } = await spokenScript(call)
    const recovery = join(userDataDir, 'recovery')
    const stale = `.${docId}.json.0123456789ab.partial`
    const fresh = `.${docId}.json.ba9876543210.partial`
    const foreign = '.notes.txt.0123456789ab.partial'
    await place(recovery, [stale, foreign], true)
    await place(recovery, [fresh], false)
    data(await call('script:getRecovery', undefined))
    expect((await readdir(recovery)).sort()).toEqual([`${docId}.json`, fresh, foreign].sort())
  })
})

describe('what sits at a render lock’s name', () => {
  const WAV: RenderSettings = {
    format: 'wav',
    sampleRate: 24_000,
    split: 'none',
    subtitles: 'none',
    loudness: { mode: 'service' },
  }

  it('a named pipe is refused in plain words instead of hanging the render', async () => {
    const { call, recorder, sent } = await setup()
    const { docId, revision } = await spokenScript(call)
    const folder = join(dir, 'fifo')
    await mkdir(folder, { recursive: true })
    const out = join(folder, 'book.wav')
    const fifo = `${out}.voicedesk-lock`
    execFileSync('mkfifo', [fifo])
    // Whatever happens, a reader stuck on the pipe is let go, so the file's other tests run.
    onTestFinished(async () => {
      const writer = await open(fifo, constants.O_WRONLY | constants.O_NONBLOCK).catch(() => null)
      await writer?.close()
    })
    recorder.answerNextSave(out)
    data(await call('script:startRender', { docId, revision, settings: WAV }))
    const ended = await vi.waitUntil(() => sent.find((s) => s.channel === 'script:renderEnded'), {
      timeout: 20_000,
      interval: 20,
    })
    expect(ended.payload).toMatchObject({
      ok: false,
      error: {
        code: 'DISK',
        message: expect.stringContaining(
          `not a VoiceDesk lock file (a pipe, device, folder or link) is in the way at ${fifo}`,
        ),
      },
    })
    expect((await stat(fifo)).isFIFO()).toBe(true)
  })
})
