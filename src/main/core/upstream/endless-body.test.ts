import { mkdtemp, readdir, rm } from 'node:fs/promises'
import type { ServerResponse } from 'node:http'
import { createServer } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { MAX_VOICE_SAMPLE_BYTES } from '../../../shared/domain/voice'
import type { AppError } from '../../../shared/errors'
import { RecordingCache } from '../conversations/recording-cache'
import { createLogger } from '../log/logger'
import { closeServer, listenOnLoopback } from '../../testing/loopback-server'
import { MAX_MEDIA_ITEM_BYTES, VoiceMediaCache } from '../voices/voice-media-cache'
import { recordingCap, speechAnswerCap, speechAudioCap } from './download-limits'
import type { UpstreamClient } from './upstream-client'
import { createUpstreamClient } from './upstream-client'

/** One endless answer: how much was written before the client hung up, and whether it did. */
interface Sent {
  bytes: number
  closed: Promise<void>
}

const CHUNK = Buffer.alloc(64 * 1024)
let sent: Sent[] = []

/** Writes zeros for as long as the client reads them, and notes when the client hangs up. */
function pourForever(res: ServerResponse, contentType: string): void {
  let onClosed: () => void = () => undefined
  const entry: Sent = { bytes: 0, closed: new Promise((resolve) => (onClosed = resolve)) }
  sent.push(entry)
  let open = true
  res.once('close', () => {
    open = false
    onClosed()
  })
  res.writeHead(200, { 'content-type': contentType })
  const pour = (): void => {
    while (open && res.write(CHUNK)) entry.bytes += CHUNK.byteLength
    if (open) res.once('drain', pour)
  }
  pour()
}

const server = createServer((req, res) => {
  req.resume()
  const path = req.url ?? ''
  if (path.startsWith('/v1/audio/stream')) pourForever(res, 'audio/pcm')
  else if (path.startsWith('/v1/audio/speech')) pourForever(res, 'application/json')
  else pourForever(res, 'application/octet-stream')
})

let base = ''
let dir = ''
let client: UpstreamClient
beforeAll(async () => {
  base = await listenOnLoopback(server)
  client = createUpstreamClient({
    baseUrl: base,
    credential: { kind: 'apiKey', secret: 'sk_test_loopback_0000' },
    retry: { maxAttempts: 1 },
  })
})
afterAll(async () => {
  client.close()
  await closeServer(server)
})
beforeEach(async () => {
  sent = []
  if (dir !== '') await rm(dir, { recursive: true, force: true })
  dir = await mkdtemp(join(tmpdir(), 'vd-endless-'))
})
afterAll(() => rm(dir, { recursive: true, force: true }))

const failure = (work: Promise<unknown>): Promise<AppError> =>
  work.then(
    () => {
      throw new Error('expected the download to fail')
    },
    (error: unknown) => error as AppError,
  )

/** Every file left under `root`, however deep. */
async function filesUnder(root: string): Promise<string[]> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true })
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name))
}

/** The service's side: the connection was closed, soon after the cap (socket buffers aside). */
async function stoppedNear(cap: number): Promise<void> {
  expect(sent).toHaveLength(1)
  await sent[0]!.closed
  expect(sent[0]!.bytes).toBeLessThan(cap + 8 * 1024 * 1024)
}

describe('an endless body is stopped at what it can legitimately be', () => {
  it('a streamed preview: at the most its text can say, nothing passed on past it', async () => {
    const input = 'Hello there.'
    const cap = speechAudioCap(input.length)
    let passedOn = 0
    const target = join(dir, 'preview.pcm')
    const error = await failure(
      client.stream({
        input,
        voiceId: 'olivia',
        codec: 'pcm',
        toFile: target,
        onChunk: (chunk) => (passedOn += chunk.byteLength),
      }),
    )
    expect(error.code).toBe('UPSTREAM')
    expect(error.message).toMatch(
      /^The audio stream from the service went past [\d.]+ MB, more than it can be, so VoiceDesk stopped it and kept nothing\. Try again/,
    )
    expect(error.details?.limit?.maximum).toBe(cap)
    expect(passedOn).toBeLessThanOrEqual(cap)
    expect(await filesUnder(dir)).toEqual([])
    await stoppedNear(cap)
  })

  it('a speech answer (JSON): at the most its text can say, as base64', async () => {
    const error = await failure(
      client.synthesize({ input: 'Hi.', voiceId: 'olivia', format: 'mp3' }),
    )
    expect(error.code).toBe('UPSTREAM')
    expect(error.message).toContain('went past')
    expect(error.details?.limit?.maximum).toBe(speechAnswerCap(3))
    await stoppedNear(speechAnswerCap(3))
  })

  it("a voice sample: at the service's creation limit, no file left", async () => {
    const error = await failure(client.downloadVoiceSample('v_1', join(dir, 'sample.bin')))
    expect(error.message).toMatch(/^The voice sample from the service went past 10 MB/)
    expect(error.details?.limit?.maximum).toBe(MAX_VOICE_SAMPLE_BYTES)
    expect(await filesUnder(dir)).toEqual([])
    await stoppedNear(MAX_VOICE_SAMPLE_BYTES)
  })

  it('a recording: at what its duration allows, nothing left in the cache', async () => {
    const cache = new RecordingCache(dir)
    const durationMs = 5_000
    const error = await failure(
      cache.prepare('conv_1', `${base}/recordings/conv_1.wav`, client, undefined, durationMs),
    )
    expect(error.message).toMatch(/^The recording from the service went past [\d.]+ MB/)
    expect(error.details?.limit?.maximum).toBe(recordingCap(durationMs))
    expect(await filesUnder(dir)).toEqual([])
    await stoppedNear(recordingCap(durationMs))
  })

  it("a voice's preview in the media cache: at the cache's item limit, nothing cached", async () => {
    const media = new VoiceMediaCache({
      dir: join(dir, 'voice-media'),
      logger: createLogger({ sink: () => undefined }),
      // The same call the Voices service makes.
      download: async (url, target, signal, maxBytes) => {
        const file = await client.downloadRecording(url, target, {
          maxBytes,
          what: "the voice's preview or picture",
          ...(signal ? { signal } : {}),
        })
        return { contentType: file.contentType }
      },
    })
    const error = await failure(media.get(`${base}/previews/olivia.mp3`))
    expect(error.message).toMatch(
      /^The voice's preview or picture from the service went past 16 MB/,
    )
    expect(await filesUnder(dir)).toEqual([])
    await stoppedNear(MAX_MEDIA_ITEM_BYTES)
  })
})
