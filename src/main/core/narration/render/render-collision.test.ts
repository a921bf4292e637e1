import { mkdir, readdir, stat, writeFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it, vi } from 'vitest'
import type { Project } from '../../../../shared/domain/script'
import { AppError } from '../../../../shared/errors'
import { startHarness } from '../../upstream/test/helpers'
import { importScript } from '../import/import-script'
import { openPieceCache } from '../fetch/piece-cache'
import { startRender } from './render-job'
import { acquireRenderLock, lockPathFor } from './render-lock'
import type { SpeechSource } from '../fetch/speech-source'
import { decodedSeconds } from '../../../testing/test-audio'
import { upstreamSpeechSource } from '../fetch/upstream-speech-source'
import { useServiceAndDir } from '../../../testing/service-dir'
import { startServiceRender } from '../../../testing/service-render'

const SCRIPT = `# One

Hello there. This is the first paragraph.

The end is near. Thank you for listening.
`

const testbed = useServiceAndDir('vd-collide-', () =>
  startHarness({}, { retry: { baseDelayMs: 20, maxDelayMs: 200 } }),
)

async function project(): Promise<Project> {
  const path = join(testbed.dir, 'script.md')
  await writeFile(path, SCRIPT)
  const imported = await importScript(path, { defaults: { voiceId: 'olivia', format: 'wav' } })
  return { ...imported, title: 'Collision book' }
}

/**
 * A source that holds every request until `open()` is called (the test decides when). Like a
 * real request, a held one ends at once when the render cancels it.
 */
function heldSource(inner: SpeechSource): SpeechSource & { open(): void } {
  let open!: () => void
  const gate = new Promise<void>((resolve) => (open = resolve))
  return {
    maxInFlight: inner.maxInFlight,
    open,
    synthesizePiece: async (request, signal) => {
      await new Promise<void>((resolve, reject) => {
        const cancelled = (): void => reject(new AppError('CANCELLED', 'Cancelled.'))
        if (signal.aborted) return cancelled()
        signal.addEventListener('abort', cancelled, { once: true })
        void gate.then(() => {
          signal.removeEventListener('abort', cancelled)
          resolve()
        })
      })
      return inner.synthesizePiece(request, signal)
    },
  }
}

/** The temporary files of the output itself (not of its journal): `.NAME.<12 hex>.partial`. */
const partials = async (name: string): Promise<string[]> =>
  (await readdir(testbed.dir)).filter((f) =>
    new RegExp(`^\\.${name.replaceAll('.', '\\.')}\\.[0-9a-f]{12}\\.partial$`).test(f),
  )

/**
 * Waits until a render has opened its temporary output (its source is held, so it stays there).
 * Why a wait for a condition and not a delay: how long the opening takes depends on the load.
 */
const opened = (name: string): Promise<void> =>
  vi.waitFor(async () => expect(await partials(name)).toHaveLength(1), {
    timeout: 20_000,
    interval: 20,
  })

/**
 * Starts a window render of `book` to `name` in the test folder, from a held source and with the
 * cache `cacheName`, and waits until it has opened its temporary output.
 */
async function heldRender(book: Project, name: string, cacheName: string) {
  const outputPath = join(testbed.dir, name)
  const held = heldSource(upstreamSpeechSource(testbed.service.client))
  const job = startRender({
    project: book,
    outputPath,
    source: held,
    cache: await openPieceCache(join(testbed.dir, cacheName)),
    holder: 'window',
  })
  await opened(name)
  return { outputPath, held, job }
}

describe('two renders to one output', () => {
  it('refuses the second render, names the first, and lets the first finish', async () => {
    const book = await project()
    const { outputPath, held: first, job: firstJob } = await heldRender(book, 'book.wav', 'cache-a')
    // The first render has opened its temporary output and waits for the service.
    const live = await partials('book.wav')

    testbed.service.sandbox.clearRequestLog()
    const second = await startServiceRender(testbed.service, {
      project: book,
      outputPath,
      cache: await openPieceCache(join(testbed.dir, 'cache-b')),
      holder: 'cli',
    }).done.catch((e: unknown) => e)
    expect(second).toBeInstanceOf(AppError)
    expect((second as AppError).code).toBe('CONFLICT')
    expect((second as AppError).message).toMatch(
      /^book\.wav is being rendered by VoiceDesk \(window, "Collision book", started \d\d:\d\d\) — wait for it or cancel it there\./,
    )
    // Refused before any work: no request, and the first render's temp file is still there.
    expect(testbed.service.sandbox.requestLog({ pathPrefix: '/v1/audio/speech' })).toEqual([])
    expect(await partials('book.wav')).toEqual(live)

    first.open()
    const result = await firstJob.done
    expect(result.durationSeconds).toBeGreaterThan(1)
    expect(await decodedSeconds(outputPath)).toBeCloseTo(result.durationSeconds, 1)
    // Released when done: nothing of the render is left beside the file.
    expect((await readdir(testbed.dir)).filter((f) => f.includes('book.wav'))).toEqual(['book.wav'])
    await expect(stat(`${outputPath}.voicedesk-lock`)).rejects.toThrow()
  })

  it('releases the lock when a render is cancelled: the next render of the file runs', async () => {
    const book = await project()
    // A cache of its own: in the first test's cache every piece of this script is a hit, so the
    // render would finish without asking the held source and never stay open to be cancelled.
    const { outputPath, held, job } = await heldRender(book, 'cancelled.wav', 'cache-cancel')
    await stat(lockPathFor(outputPath))
    job.cancel()
    expect(((await job.done.catch((e: unknown) => e)) as AppError).code).toBe('CANCELLED')
    held.open()
    await expect(stat(lockPathFor(outputPath))).rejects.toThrow()
    const again = await startServiceRender(testbed.service, {
      project: book,
      outputPath,
      cache: await openPieceCache(join(testbed.dir, 'cache-cancel')),
    }).done
    expect(again.durationSeconds).toBeGreaterThan(1)
  })

  it("never removes the temp file of another output's subtitles, and locks them too", async () => {
    const book = await project()
    // book.wav renders with book.srt: its lock is held, its subtitles are being replaced.
    const wavRender = await acquireRenderLock(
      [join(testbed.dir, 'two.wav'), join(testbed.dir, 'two.srt')],
      {
        kind: 'window',
        project: 'Two',
      },
    )
    const srtTemp = join(testbed.dir, '.two.srt.0123456789ab.partial')
    await writeFile(srtTemp, '1\n00:00:00,000 --> 00:00:01,000\nHello\n')
    try {
      // Another output of the same name without subtitles runs, and leaves that file alone.
      await startServiceRender(testbed.service, {
        project: { ...book, defaults: { ...book.defaults, format: 'mp3' } },
        outputPath: join(testbed.dir, 'two.mp3'),
        cache: await openPieceCache(join(testbed.dir, 'cache-b')),
      }).done
      await stat(srtTemp)
      // With subtitles, it would write two.srt as well: refused.
      const error = await startServiceRender(testbed.service, {
        project: { ...book, defaults: { ...book.defaults, format: 'ogg' } },
        outputPath: join(testbed.dir, 'two.ogg'),
        cache: await openPieceCache(join(testbed.dir, 'cache-b')),
        subtitles: 'srt',
      }).done.catch((e: unknown) => e)
      expect((error as AppError).message).toMatch(
        /^two\.srt is being rendered by VoiceDesk \(window/,
      )
      await stat(srtTemp)
    } finally {
      await wavRender.release()
    }
  })

  it('locks the per-chapter folder too, and leaves nothing behind when refused', async () => {
    const book = await project()
    await mkdir(join(testbed.dir, 'nested'))
    const parts = join(testbed.dir, 'nested', 'three-parts')
    const other = await acquireRenderLock([parts], { kind: 'cli', project: 'Other' })
    try {
      testbed.service.sandbox.clearRequestLog()
      const error = await startServiceRender(testbed.service, {
        project: book,
        outputPath: join(testbed.dir, 'three.wav'),
        cache: await openPieceCache(join(testbed.dir, 'cache-b')),
        split: { mode: 'chapter', dir: parts },
        holder: 'window',
      }).done.catch((e: unknown) => e)
      expect((error as AppError).message).toMatch(
        /^three-parts is being rendered by VoiceDesk \(command line, "Other", started/,
      )
      expect(testbed.service.sandbox.requestLog({ pathPrefix: '/v1/audio/speech' })).toEqual([])
      expect((await readdir(testbed.dir)).filter((f) => f.includes('three'))).toEqual([])
      expect(await readdir(join(testbed.dir, 'nested'))).toEqual(['three-parts.voicedesk-lock'])
    } finally {
      await other.release()
    }
  })
})
